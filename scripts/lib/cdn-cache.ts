/**
 * A small emulation of Netlify's CDN cache for local serving. In production every GET the functions
 * answer with `Netlify-CDN-Cache-Control: public, max-age=N[, stale-while-revalidate=M]` is kept at the
 * edge, so most catalogue reads never reach a function; @netlify/dev does not emulate that, so without
 * this the local shop (and its benchmark) would run every read through the function.
 * Keyed by URL; honours max-age and stale-while-revalidate (serve stale, refresh once in the background).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Entry {
  status: number;
  /** Headers ready for res.writeHead, with the Cache-Status a hit reports. */
  hitHeaders: Record<string, string>;
  body: Buffer;
  /** The body gzipped once at store time, as Netlify's edge compresses text for browsers that accept it. */
  gzipped: Buffer | null;
  freshUntil: number;
  staleUntil: number;
  refreshing: boolean;
  /** Cache tags the origin gave (Netlify-Cache-Tag), for purges by tag. */
  tags: string[];
}

const MAX_ENTRIES = 2000;

/** Header the local server sets on a deploy's static files: kept for the server's lifetime, never sent. */
export const STATIC_MARK = 'x-local-static';

/** Parses the CDN directives of a response; null when it must not be cached at the edge. */
export function edgeTtl(headers: Headers): { maxAge: number; swr: number } | null {
  const value = headers.get('netlify-cdn-cache-control') ?? headers.get('cdn-cache-control');
  if (!value || /no-store|private/i.test(value) || headers.has('set-cookie')) return null;
  const num = (name: string) => Number(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`, 'i').exec(value)?.[1] ?? 0);
  const maxAge = num('s-maxage') || num('max-age');
  return maxAge > 0 ? { maxAge, swr: num('stale-while-revalidate') } : null;
}

/** An in-memory edge cache in front of an origin handler. */
export class EdgeCache {
  readonly #entries = new Map<string, Entry>();
  /**
   * @param imageDir where transformed images are also kept on disk: encoding AVIF is the slowest thing the
   * local server does, and a transformed URL never changes, so later runs reuse them as the CDN would.
   */
  constructor(
    private readonly origin: (req: Request) => Promise<Response>,
    private readonly imageDir: string | null = null,
  ) {}

  #diskPath(url: string): string | null {
    if (!this.imageDir) return null;
    const { pathname, search } = new URL(url);
    if (!pathname.startsWith('/.netlify/images')) return null;
    return join(
      this.imageDir,
      createHash('sha1')
        .update(pathname + search)
        .digest('hex'),
    );
  }

  #loadFromDisk(url: string): Entry | undefined {
    const path = this.#diskPath(url);
    if (!path || !existsSync(`${path}.json`)) return undefined;
    try {
      const hitHeaders = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Record<string, string>;
      const entry: Entry = {
        status: 200,
        hitHeaders,
        body: readFileSync(path),
        gzipped: null,
        freshUntil: Infinity,
        staleUntil: Infinity,
        refreshing: false,
        tags: [],
      };
      this.#entries.set(url, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  /**
   * A cached answer for a GET of this URL, or null. Checked before any Request object is built, because
   * building one costs more than serving the hit. A stale entry is served while one refresh runs.
   */
  lookup(
    url: string,
    acceptEncoding: string,
    refreshRequest: () => Request,
  ): { status: number; headers: Record<string, string>; body: Buffer } | null {
    const e = this.#entries.get(url) ?? this.#loadFromDisk(url);
    if (!e) return null;
    const now = Date.now();
    if (now >= e.staleUntil) return null;
    let headers = e.hitHeaders;
    if (now >= e.freshUntil) {
      if (!e.refreshing) {
        e.refreshing = true;
        void this.fetch(refreshRequest()).catch(() => (e.refreshing = false));
      }
      headers = { ...headers, 'cache-status': '"Netlify Edge"; hit; fwd=stale' };
    }
    if (e.gzipped && /\bgzip\b/.test(acceptEncoding)) {
      return {
        status: e.status,
        headers: { ...headers, 'content-encoding': 'gzip', 'content-length': String(e.gzipped.length) },
        body: e.gzipped,
      };
    }
    return { status: e.status, headers, body: e.body };
  }

  /**
   * Drops cached answers as Netlify's purge API does: those carrying any of the tags, or every one when no
   * tags are given (what a new deploy does). Returns how many were dropped.
   */
  purge(tags?: string[]): number {
    let dropped = 0;
    for (const [url, e] of this.#entries) {
      if (tags?.length && !e.tags.some((t) => tags.includes(t))) continue;
      this.#entries.delete(url);
      dropped++;
    }
    return dropped;
  }

  /** Asks the origin and stores the answer when its CDN headers allow. */
  async fetch(req: Request): Promise<Response> {
    const res = await this.origin(req);
    // Transformed images are immutable for a given URL; Netlify's edge keeps them, so this does too.
    const isImage = new URL(req.url).pathname.startsWith('/.netlify/images');
    const forever = isImage || res.headers.has(STATIC_MARK);
    const ttl = req.method === 'GET' && res.status === 200 ? (forever ? { maxAge: 31_536_000, swr: 0 } : edgeTtl(res.headers)) : null;
    if (!ttl) return res;
    const body = Buffer.from(await res.arrayBuffer());
    const now = Date.now();
    const tags = (res.headers.get('netlify-cache-tag') ?? res.headers.get('cache-tag') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const hitHeaders: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (k !== 'netlify-cdn-cache-control' && k !== 'netlify-cache-tag' && k !== 'content-length' && k !== STATIC_MARK) hitHeaders[k] = v;
    });
    hitHeaders['content-length'] = String(body.length);
    hitHeaders['vary'] = 'Accept-Encoding';
    const compressible =
      /json|text|javascript|xml|svg/.test(hitHeaders['content-type'] ?? '') && body.length > 1024 && !hitHeaders['content-encoding'];
    const gzipped = compressible ? gzipSync(body, { level: 6 }) : null;
    this.#entries.set(req.url, {
      status: res.status,
      hitHeaders: { ...hitHeaders, 'cache-status': '"Netlify Edge"; hit' },
      body,
      gzipped,
      freshUntil: now + ttl.maxAge * 1000,
      staleUntil: now + (ttl.maxAge + ttl.swr) * 1000,
      refreshing: false,
      tags,
    });
    const disk = this.#diskPath(req.url);
    if (disk) {
      mkdirSync(this.imageDir!, { recursive: true });
      writeFileSync(disk, body);
      writeFileSync(`${disk}.json`, JSON.stringify({ ...hitHeaders, 'cache-status': '"Netlify Edge"; hit' }));
    }
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    return new Response(body, { status: res.status, headers: { ...hitHeaders, 'cache-status': '"Netlify Edge"; fwd=miss' } });
  }
}
