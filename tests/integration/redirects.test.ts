import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { freePort, ROOT } from '../../scripts/lib/ferretdb';
import { relativeLocation, startShopServer, type ShopServer } from '../../scripts/lib/serve';

setupTestDatabase();

interface RedirectRule {
  from: string;
  to: string;
  status?: number;
}

/** Every rule in netlify.toml, as Netlify (and the local emulation) reads them. */
const rules = (parseToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as { redirects?: RedirectRule[] }).redirects ?? [];
/** The rules that send the browser elsewhere (3xx), as opposed to rewrites that answer in place (200). */
const redirects = rules.filter((r) => (r.status ?? 301) >= 300 && (r.status ?? 301) < 400);

/** Every page the build writes, as its path: src/pages/admin/orders.astro -> /admin/orders. */
function pagePaths(): Set<string> {
  const dir = join(ROOT, 'src', 'pages');
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return new Set(
    walk(dir)
      .filter((f) => f.endsWith('.astro'))
      .map((f) => `/${relative(dir, f).replace(/\.astro$/, '')}`.replace(/\/index$/, '') || '/'),
  );
}

/** GET on the local server as a browser on `host` asks it: the status and the Location it is told to follow. */
function ask(server: ShopServer, path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET', headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.once('error', reject);
    req.end();
  });
}

describe('redirects keep the shopper on the host they are on', () => {
  let server: ShopServer;
  let host: string;
  beforeAll(async () => {
    server = await startShopServer({ port: await freePort(), quiet: true });
    // The README's address: the browser keeps the sign-in token for this origin, not for 127.0.0.1.
    host = `localhost:${new URL(server.url).port}`;
  }, 120_000);
  afterAll(async () => server?.close());

  it('lists the guesses shoppers make among the redirects', () => {
    const from = new Map(redirects.map((r) => [r.from, r.to]));
    expect(Object.fromEntries(['/cart', '/bag', '/account/orders', '/dashboard'].map((p) => [p, from.get(p)]))).toEqual({
      '/cart': '/productcard',
      '/bag': '/productcard',
      '/account/orders': '/order-history',
      '/dashboard': '/account',
    });
  });

  it.each(redirects.map((r) => [r.from, r] as const))('%s answers a relative Location to a page the build has', async (_from, rule) => {
    const pages = pagePaths();
    const path = rule.from.replace('*', 'sample-123');
    const to = rule.to.replace(':splat', 'sample-123');
    const answer = await ask(server, path, host);
    expect(answer).toEqual({ status: rule.status ?? 301, location: to });
    // Relative, so the browser stays on the shopper's host and port.
    expect(to.startsWith('/') && !to.startsWith('//')).toBe(true);
    expect(pages.has(new URL(to, 'http://x').pathname)).toBe(true);
  });

  it('keeps the host the shopper typed when the platform answers with a full URL on this server', () => {
    const origin = 'http://127.0.0.1:8888';
    expect(relativeLocation('http://127.0.0.1:8888/account?x=1#top', origin)).toBe('/account?x=1#top');
    expect(relativeLocation('/account', origin)).toBe('/account');
    // Elsewhere stays elsewhere: a payment page or a courier's tracking page.
    expect(relativeLocation('https://checkout.razorpay.com/v1/x', origin)).toBe('https://checkout.razorpay.com/v1/x');
    expect(relativeLocation('http://127.0.0.1:9999/account', origin)).toBe('http://127.0.0.1:9999/account');
  });

  it('answers the pages themselves without sending the shopper anywhere', async () => {
    for (const path of ['/login', '/productcard', '/order-history']) {
      expect((await ask(server, path, host)).location).toBeUndefined();
    }
  });
});
