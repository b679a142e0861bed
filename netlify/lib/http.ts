import type { Context } from '@netlify/functions';
import { $ZodError, config, parse, type $ZodType, type output } from 'zod/v4/core';
import { AppError } from './errors';
import { withRequestScope } from './after-response';
import { apiErrorMap, explainIssues, describeIssue } from '@shared/schemas/common';
import { isConnectivityError } from './db';
import { requireEnv, type EnvPart } from './env';
import { API_SECURITY_HEADERS, HSTS } from './security-headers';
import { escapeRegExp } from '@shared/regexp';

export { API_SECURITY_HEADERS };

// Server code only (browser bundles never import this module): zod's defaults ("Invalid input") become
// messages that name what was expected. A schema's own messages still win.
config({ customError: apiErrorMap });

/** How long browsers and Netlify's CDN may keep an answer. */
type CachePolicy = 'catalogue' | 'live' | 'none';

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
  return explainIssues(err.issues).slice(0, 5).map(describeIssue).join('; ');
}

/** What Netlify passes a function beside the request; absent when tests call a function directly. */
type FunctionContext = Partial<Pick<Context, 'deploy' | 'ip' | 'params' | 'cookies' | 'waitUntil'>>;

/** A handler that may throw; handle() turns what it throws into the right status. */
type Handler = (req: Request, context?: FunctionContext) => Promise<Response>;

/** Adds the security headers to an answer (in place when its headers are mutable, which a fresh Response's are). */
function secured(res: Response, production: boolean): Response {
  let out = res;
  try {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) if (!res.headers.has(name)) res.headers.set(name, value);
  } catch {
    // A Response from fetch() has immutable headers: copy it once.
    out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) if (!out.headers.has(name)) out.headers.set(name, value);
  }
  if (production) out.headers.set('Strict-Transport-Security', HSTS);
  return out;
}

/** How handle() serves a function. */
interface HandleOptions {
  /** Methods answered (default GET; GET also answers HEAD). */
  methods?: string[];
  /** Configuration the function needs, validated when handle() is called (module load), so a misconfigured deploy fails at cold start. */
  env?: readonly EnvPart[];
}

/**
 * Wraps a function: bad input (ZodError) → 400, AppError → its status, unreachable database → 503,
 * anything else → logged 500 with a generic message (internals never reach the browser). Every answer,
 * errors included, carries API_SECURITY_HEADERS (and HSTS on the production deploy).
 */
export function handle(fn: Handler, opts: HandleOptions = {}): (req: Request, context?: FunctionContext) => Promise<Response> {
  requireEnv(opts.env ?? []);
  const methods = opts.methods ?? ['GET'];
  const run = async (req: Request, context?: FunctionContext): Promise<Response> => {
    if (req.method === 'HEAD' && methods.includes('GET')) {
      const res = await run(new Request(req.url, { method: 'GET', headers: req.headers }), context);
      return new Response(null, { status: res.status, headers: res.headers });
    }
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: methods.join(', ') } });
    if (!methods.includes(req.method)) {
      const res = errorResponse(405, `Method ${req.method} not allowed; use ${methods.join(' or ')}`);
      res.headers.set('Allow', methods.join(', '));
      return res;
    }
    try {
      return await withRequestScope(context?.waitUntil, () => fn(req, context));
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
  return async (req, context) => secured(await run(req, context), context?.deploy?.context === 'production');
}

/**
 * The one path parameter of a route, e.g. the id in `/api/admin/orders/:id/status` or the slug in
 * `${apiPaths.getProducts.prefix}/:slug`: matched case-insensitively against the request's path and
 * URL-decoded, then parsed with `schema`. Read from the URL rather than context.params because Netlify's
 * local emulation matches paths case-insensitively and then returns empty params when the request's case
 * differs from the pattern's. A missing value is a 400 naming `what` ('order id', 'discount code'), or the
 * expected shape of the path when `what` is not given.
 */
export function pathParam<S extends $ZodType>(req: Request, route: string, schema: S, what?: string): output<S> {
  const [before, after = ''] = route.split(/:[A-Za-z]+/);
  const pattern = new RegExp(`^${escapeRegExp(before!.replace(/\/+$/, ''))}/+([^/]+)${escapeRegExp(after)}/*$`, 'i');
  const raw = pattern.exec(new URL(req.url).pathname)?.[1];
  if (!raw)
    throw new AppError(
      400,
      what ? `Invalid request: the ${what} in the path is missing` : `Invalid request: expected ${route.replace(/:[A-Za-z]+/, '{value}')}`,
    );
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new AppError(400, 'Invalid request: malformed URL encoding');
  }
  return parse(schema, decoded);
}

/** How a request body is read. */
interface BodyOptions {
  /** Largest body accepted, counted in bytes as sent (default 32 KiB). */
  maxBytes?: number;
  /**
   * Also accept text/plain, the type navigator.sendBeacon gives a string body. Only for fire-and-forget
   * endpoints (event counts): text/plain is a "simple" request any site can make a browser send without
   * a CORS preflight, so everything else insists on application/json, which needs one.
   */
  beacon?: boolean;
}

/** Default body cap: far above any form or event batch this shop takes, far below what could hurt an instance. */
const DEFAULT_MAX_BODY_BYTES = 32_768;

// The media type exactly, with at most a UTF-8 charset (JSON is UTF-8 by definition). Anything else —
// application/json-patch+json, "application/json;;;", a second parameter — is refused.
const JSON_TYPE = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;
const BEACON_TYPE = /^text\/plain[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;

const tooLarge = (maxBytes: number): AppError => new AppError(413, `Request body too large (max ${maxBytes} bytes)`);

/**
 * Reads the body as UTF-8 text, refusing a wrong Content-Type (415) and anything over maxBytes (413)
 * without holding more than maxBytes (see readCapped). Also the way to get the exact text of a signed
 * payload (a webhook) before parsing it.
 */
export async function textBody(req: Request, opts: BodyOptions = {}): Promise<string> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const type = req.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type) && !(opts.beacon && BEACON_TYPE.test(type)))
    throw new AppError(415, 'Send the body as JSON (Content-Type: application/json)');
  const bytes = await readCapped(req, maxBytes, tooLarge(maxBytes));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, 'Invalid request: body is not valid UTF-8');
  }
}

/**
 * Reads a binary body (a photo), refusing one over maxBytes with `tooLargeMessage` (413) the way textBody does.
 * The Content-Type is not trusted: the caller checks what the bytes are.
 */
export async function bytesBody(req: Request, maxBytes: number, tooLargeMessage: string): Promise<Uint8Array> {
  return readCapped(req, maxBytes, new AppError(413, tooLargeMessage));
}

/**
 * The body's bytes, refused with `refusal` when over maxBytes without holding more than maxBytes: a declared
 * Content-Length over the cap is refused before a byte is read, and a streamed body is cut off at the first
 * chunk that crosses it.
 */
async function readCapped(req: Request, maxBytes: number, refusal: AppError): Promise<Uint8Array> {
  const declared = req.headers.get('content-length');
  if (declared !== null) {
    if (!/^\s*\d+\s*$/.test(declared)) throw new AppError(400, 'Invalid request: malformed Content-Length');
    if (Number(declared) > maxBytes) throw refusal;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw refusal;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Reads and parses a JSON body (see textBody for the type and size rules); malformed JSON is a 400. */
export async function jsonBody<S extends $ZodType>(req: Request, schema: S, opts: BodyOptions = {}): Promise<output<S>> {
  const text = await textBody(req, opts);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError(400, 'Invalid request: body must be JSON');
  }
  return parse(schema, data);
}
