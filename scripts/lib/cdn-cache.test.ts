import { describe, expect, it, vi } from 'vitest';
import { EdgeCache, edgeTtl } from './cdn-cache';

const json = (body: unknown, cdn: string | null) =>
  new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...(cdn ? { 'netlify-cdn-cache-control': cdn } : {}) },
  });

describe('edgeTtl', () => {
  it('reads max-age and stale-while-revalidate, and refuses private or uncacheable answers', () => {
    expect(edgeTtl(new Headers({ 'netlify-cdn-cache-control': 'public, durable, max-age=300, stale-while-revalidate=60' }))).toEqual({
      maxAge: 300,
      swr: 60,
    });
    expect(edgeTtl(new Headers({ 'netlify-cdn-cache-control': 'private, max-age=300' }))).toBeNull();
    expect(edgeTtl(new Headers({ 'cache-control': 'public, max-age=60' }))).toBeNull();
  });
});

describe('EdgeCache', () => {
  it('serves a fresh hit without asking the origin, gzipped for clients that accept it', async () => {
    const origin = vi.fn(async () => json({ items: 'x'.repeat(5000) }, 'public, max-age=60'));
    const edge = new EdgeCache(origin);
    const first = await edge.fetch(new Request('http://shop/api/a'));
    expect(first.headers.get('cache-status')).toContain('fwd=miss');
    const hit = edge.lookup('http://shop/api/a', 'gzip, br', () => new Request('http://shop/api/a'));
    expect(hit?.headers['content-encoding']).toBe('gzip');
    expect(hit!.body.length).toBeLessThan(500);
    expect(edge.lookup('http://shop/api/a', '', () => new Request('http://shop/api/a'))?.body.length).toBeGreaterThan(5000);
    expect(origin).toHaveBeenCalledTimes(1);
  });

  it('never stores answers without CDN directives or with errors', async () => {
    const edge = new EdgeCache(async () => json({ success: false }, null));
    await edge.fetch(new Request('http://shop/api/b'));
    expect(edge.lookup('http://shop/api/b', '', () => new Request('http://shop/api/b'))).toBeNull();
  });

  it('purges by cache tag as Netlify does, or everything like a new deploy', async () => {
    const tagged = (tag: string | null) => {
      const res = json({ ok: true }, 'public, max-age=300');
      if (tag) res.headers.set('netlify-cache-tag', tag);
      return res;
    };
    const edge = new EdgeCache(async (req) => tagged(new URL(req.url).pathname.startsWith('/api/') ? 'catalogue, listing' : null));
    for (const path of ['/api/a', '/api/b', '/page']) await edge.fetch(new Request(`http://shop${path}`));
    const cached = (path: string) => edge.lookup(`http://shop${path}`, '', () => new Request(`http://shop${path}`)) !== null;

    expect(edge.purge(['catalogue'])).toBe(2);
    expect([cached('/api/a'), cached('/api/b'), cached('/page')]).toEqual([false, false, true]);
    expect(edge.purge()).toBe(1);
    expect(cached('/page')).toBe(false);
  });
});
