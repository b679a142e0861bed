import { $ZodError, parse, type $ZodType, type output } from 'zod/v4/core';
import { AppError } from './errors';
import { describeIssue } from '../../src/shared/schemas/common';
import { isConnectivityError } from './db';

/** How long browsers and Netlify's CDN may keep an answer. */
export type CachePolicy = 'catalogue' | 'live' | 'none';

const CACHE_HEADERS: Record<CachePolicy, Record<string, string>> = {
  // Catalogue data changes only when the content team imports; the CDN keeps it and revalidates in the background.
  catalogue: {
    'Cache-Control': 'public, max-age=60, stale-while-revalidate=300',
    'Netlify-CDN-Cache-Control': 'public, durable, max-age=300, stale-while-revalidate=86400',
    'Netlify-Cache-Tag': 'catalogue',
  },
  // Stock moves with every order: a few seconds at the edge absorbs bursts; the server re-checks at order time anyway.
  live: {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': 'public, max-age=5, stale-while-revalidate=10',
  },
  none: { 'Cache-Control': 'no-store' },
};

/** A JSON response with the given cache policy. */
export function json(body: unknown, init: { status?: number; cache?: CachePolicy } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...CACHE_HEADERS[init.cache ?? 'none'] },
  });
}

/** The one error shape on the wire: { success: false, message }, plus any headers the error carries (Retry-After). */
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  const res = json({ success: false, message }, { status, cache: 'none' });
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

function describeZodError(err: $ZodError): string {
  return err.issues.slice(0, 5).map(describeIssue).join('; ');
}

/** A handler that may throw; handle() turns what it throws into the right status. */
export type Handler = (req: Request) => Promise<Response>;

/**
 * Wraps a function: bad input (ZodError) → 400, AppError → its status, unreachable database → 503,
 * anything else → logged 500 with a generic message (internals never reach the browser).
 */
export function handle(fn: Handler, opts: { methods?: string[] } = {}): (req: Request) => Promise<Response> {
  const methods = opts.methods ?? ['GET'];
  return async (req) => {
    if (req.method === 'HEAD' && methods.includes('GET')) {
      const res = await handle(fn, opts)(new Request(req.url, { method: 'GET', headers: req.headers }));
      return new Response(null, { status: res.status, headers: res.headers });
    }
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: methods.join(', ') } });
    if (!methods.includes(req.method)) {
      const res = errorResponse(405, `Method ${req.method} not allowed; use ${methods.join(' or ')}`);
      res.headers.set('Allow', methods.join(', '));
      return res;
    }
    try {
      return await fn(req);
    } catch (err) {
      // The core error class covers both classic zod and zod/mini (the shared browser-side schemas).
      if (err instanceof $ZodError) return errorResponse(400, `Invalid request: ${describeZodError(err)}`);
      if (err instanceof AppError) return errorResponse(err.status, err.message, err.headers);
      if (isConnectivityError(err))
        return errorResponse(503, 'The shop is temporarily unavailable (database unreachable). Please try again in a moment.');
      console.error(`[api] ${req.method} ${new URL(req.url).pathname} failed:`, err);
      return errorResponse(500, 'Something went wrong on our side. Please try again.');
    }
  };
}

/**
 * The path segment after a fixed prefix, e.g. the slug in /api/getProducts/{slug}. Read from the URL
 * rather than context.params because Netlify's local emulation matches paths case-insensitively and then
 * returns empty params when the request's case differs from the pattern's.
 */
export function pathParam<S extends $ZodType>(req: Request, prefix: string, schema: S): output<S> {
  const path = new URL(req.url).pathname;
  const rest = path.toLowerCase().startsWith(prefix.toLowerCase()) ? path.slice(prefix.length) : '';
  const raw = rest.replace(/^\/+|\/+$/g, '');
  if (!raw || raw.includes('/')) throw new AppError(400, `Invalid request: expected ${prefix}/{value}`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new AppError(400, 'Invalid request: malformed URL encoding');
  }
  return parse(schema, decoded);
}

/** Reads and parses a JSON body; a missing, oversized or malformed body is a 400. */
export async function jsonBody<S extends $ZodType>(req: Request, schema: S, maxBytes = 32_768): Promise<output<S>> {
  const type = req.headers.get('content-type') ?? '';
  // sendBeacon posts text/plain; accept it so analytics work when a page is being unloaded.
  if (!/^(application\/json|text\/plain)\b/i.test(type)) throw new AppError(415, 'Send the body as JSON (Content-Type: application/json)');
  const text = await req.text();
  if (text.length > maxBytes) throw new AppError(413, `Request body too large (max ${maxBytes} bytes)`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError(400, 'Invalid request: body is not valid JSON');
  }
  return parse(schema, data);
}
