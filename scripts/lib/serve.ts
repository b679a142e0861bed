import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { parse as parseToml } from 'smol-toml';
import { ROOT } from './ferretdb';
import { loadFunctionsHost, type FunctionsHost } from './functions-host';
import { EdgeCache, STATIC_MARK } from './cdn-cache';
import { edgeImageCacheDir, setLocalAvifEffort } from './local-image-encoding';
import { createRazorpaySandbox, SANDBOX_PREFIX, type RazorpaySandbox } from './razorpay-sandbox/sandbox';
import { startMailOutbox } from './mail-outbox';
import { getDb } from '@server/db';
import { SANDBOX_KEY_ID } from '@server/env';
import { LOCAL_PURGE_PATH } from './publish';
import { LocalDeploys } from './local-deploys';
import { startLocalBlobs } from './local-blobs';
import { LOCAL_DEPLOY_SECRET_HEADER, LOCAL_DEPLOYS_PATH } from '@server/services/publish/deploys';
import { randomBytes } from 'node:crypto';
import { clearCache } from '@server/cache';
import { API_SECURITY_HEADERS, errorResponse } from '@server/http';

/** A running local Netlify emulation of the shop. */
export interface ShopServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The request body as a web stream that reads from the socket only as the function asks for more (so a
 * function that refuses a body early holds at most one chunk of it), and that on cancel discards the rest
 * instead of destroying the socket, so the refusal (a 413) still reaches the client.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let listening = false;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!listening) {
          listening = true;
          req.on('data', (chunk: Buffer) => {
            if (finished) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once('end', () => {
            if (!finished) controller.close();
            finished = true;
          });
          req.once('error', (err) => {
            if (!finished) controller.error(err);
            finished = true;
          });
        }
        req.resume();
      },
      cancel() {
        finished = true;
        req.resume();
      },
    },
    // Pull only when the function reads; never buffer ahead of it.
    { highWaterMark: 0 },
  );
}

/** The client's address as Netlify's edge reports it to functions. */
function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  // Netlify's edge sets this on every request and replaces any value the client sent; rate limits key on it.
  headers.set('x-nf-client-connection-ip', clientAddress(req));
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? bodyStream(req) : null,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies but missing from lib.dom
    duplex: hasBody ? 'half' : undefined,
  });
}

/** Methods Netlify's edge refuses before any function runs (and that fetch's Request cannot even represent). */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/**
 * Netlify's rewrites to functions (status 200, to /.netlify/functions/...): functions with a path are
 * matched first, and a rewrite catches what none of them claims (the JSON 404 for unknown /api paths).
 * @netlify/dev follows them only with its own function runtime, so the warm host reads them here.
 */
function functionRewrites(): { pattern: URLPattern; to: string }[] {
  const config = parseToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as {
    redirects?: { from: string; to: string; status?: number; force?: boolean }[];
  };
  return (config.redirects ?? [])
    .filter((r) => r.status === 200 && r.to.startsWith('/.netlify/functions/'))
    .map((r) => ({ pattern: new URLPattern({ pathname: r.from }, { ignoreCase: true }), to: r.to }));
}

/** The warm host's answer, following a rewrite when no function's own path matches. */
async function warmAnswer(
  warm: FunctionsHost,
  rewrites: ReturnType<typeof functionRewrites>,
  request: Request,
): Promise<Response | undefined> {
  const direct = await warm.handle(request);
  if (direct) return direct;
  const { pathname } = new URL(request.url);
  const rewrite = rewrites.find((r) => r.pattern.test({ pathname }));
  // The function sees the URL the client asked for, as on Netlify; only the routing changes.
  return rewrite ? warm.handle(request, rewrite.to) : undefined;
}

/**
 * A redirect's target as the shopper's browser should follow it: a URL on this server becomes relative, so it
 * keeps the host and port the shopper typed. Requests reach the functions and the platform as
 * http://127.0.0.1:<port>, and a shopper on http://localhost:<port> sent to that origin would lose what the
 * browser keeps per origin (the sign-in token, the cart). Netlify answers relative `to`s with a relative
 * Location too; anything pointing elsewhere (Razorpay, a courier) is left as it is.
 */
export function relativeLocation(location: string, serverOrigin: string): string {
  let url: URL;
  try {
    url = new URL(location, serverOrigin);
  } catch {
    return location;
  }
  return url.origin === serverOrigin ? url.pathname + url.search + url.hash : location;
}

async function send(res: ServerResponse, response: Response, headOnly: boolean, serverOrigin: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    if (k === 'set-cookie') return;
    headers[k] = k === 'location' ? relativeLocation(v, serverOrigin) : v;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (headOnly || !response.body) return void res.end();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/**
 * Without Razorpay keys, serves the local payment sandbox under /razorpay-sandbox and points the functions'
 * SDK at it (RAZORPAY_SANDBOX_URL), with webhooks to this server. With keys set, nothing is mounted.
 */
function mountRazorpaySandbox(origin: string): RazorpaySandbox | null {
  if (process.env.RAZORPAY_KEY_ID) return null;
  const keySecret = process.env.RAZORPAY_SANDBOX_SECRET;
  if (!keySecret) throw new Error('RAZORPAY_SANDBOX_SECRET is not set: `npm start` generates it into .env (ensureLocalSecrets)');
  process.env.RAZORPAY_SANDBOX_URL = `${origin}${SANDBOX_PREFIX}`;
  const webhookSecret = process.env.RAZORPAY_WEBHOOK_SECRET;
  return createRazorpaySandbox({
    keyId: SANDBOX_KEY_ID,
    keySecret,
    getDb,
    ...(webhookSecret ? { webhook: { url: `${origin}/api/razorpay-webhook`, secret: webhookSecret } } : {}),
  });
}

/**
 * A throw-away project for Netlify's runtime: the site's netlify.toml and dist/, and links to only the named
 * functions (their imports resolve from where the links point, so they build as they do in the project).
 */
function projectWithFunctions(siteRoot: string, names: string[]): string {
  // Inside the project, so that what the bundles leave external resolves from its node_modules.
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const root = mkdtempSync(join(ROOT, '.cache', 'functions-'));
  mkdirSync(join(root, 'netlify', 'functions'), { recursive: true });
  for (const name of names) {
    symlinkSync(join(siteRoot, 'netlify', 'functions', `${name}.ts`), join(root, 'netlify', 'functions', `${name}.ts`));
  }
  copyFileSync(join(siteRoot, 'netlify.toml'), join(root, 'netlify.toml'));
  symlinkSync(join(siteRoot, 'dist'), join(root, 'dist'));
  return root;
}

/**
 * Serves the built site (dist/) and the functions at their real /api paths with Netlify's own local
 * emulation (@netlify/dev: static files, headers, redirects, Image CDN), no account or network. Functions
 * run warm by default (loaded once, like a production instance); `functions: 'emulated'` hands them to
 * @netlify/dev's per-request runtime instead. Functions read MONGODB_URI from this process's environment.
 */
export async function startShopServer(opts: {
  port: number;
  host?: string;
  quiet?: boolean;
  functions?: 'warm' | 'emulated';
  cdnCache?: boolean;
  /** The folder holding netlify.toml and the dist/ served (the project by default); a publish rebuilds its dist/. */
  siteRoot?: string;
  /** Builds the site into a folder, for a publish (the real Astro build by default). */
  build?: (outDir: string) => Promise<void>;
  /**
   * With `functions: 'emulated'`, only these functions (names in netlify/functions): the emulated runtime bundles
   * every function of its folder before its first answer (a minute and a half of one core for all of them), and
   * `npm run build:functions` bundles every one as production does anyway.
   */
  onlyFunctions?: string[];
  /** The local Image CDN's AVIF encoder effort for this whole process (sharp's default, 4, when absent): the journeys lower it (local-image-encoding.ts). */
  avifEffort?: number;
}): Promise<ShopServer> {
  if (opts.avifEffort !== undefined) setLocalAvifEffort(opts.avifEffort);
  const mode = opts.functions ?? 'warm';
  const host = opts.host ?? '127.0.0.1';
  const origin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${opts.port}`;
  // Before the functions load: they read the sandbox's address when they start.
  const sandbox = mountRazorpaySandbox(origin);
  // Without a mail provider, emails go through real SMTP to the local mail outbox (npm run mail:outbox).
  const mailOutbox = process.env.SMTP_URL ? null : await startMailOutbox({ quiet: opts.quiet });
  if (mailOutbox) process.env.SMTP_URL = mailOutbox.url;
  // Uploaded product photos: Netlify Blobs, emulated in a folder of the site (Netlify's own emulation).
  const blobs = await startLocalBlobs(join(opts.siteRoot ?? ROOT, '.netlify', 'blobs-serve'));
  const warm = mode === 'warm' ? await loadFunctionsHost() : null;
  const rewrites = warm ? functionRewrites() : [];
  const siteRoot = opts.siteRoot ?? ROOT;
  const subsetRoot = mode === 'emulated' && opts.onlyFunctions ? projectWithFunctions(siteRoot, opts.onlyFunctions) : null;
  const dev = new NetlifyDev({
    projectRoot: subsetRoot ?? siteRoot,
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
    server: { enabled: false },
    // Warm mode serves /api from modules loaded once (see functions-host.ts); emulated mode uses @netlify/dev's own runtime.
    functions: { enabled: mode === 'emulated' },
    headers: { enabled: true },
    images: { enabled: true },
    redirects: { enabled: true },
    staticFiles: { enabled: true },
    serverAddress: null,
    ...(opts.quiet ? { logger: { log() {}, warn: console.warn, error: console.error } as never } : {}),
  });
  try {
    await dev.start();
  } catch (err) {
    // A runtime that never started leaves no throw-away project behind.
    if (subsetRoot) rmSync(subsetRoot, { recursive: true, force: true });
    throw err;
  }
  // The Image CDN emulation fetches source images from a "server address"; only image requests get ours,
  // so unmatched paths are never proxied back to this server in a loop.
  const imageOptions = (request: Request) =>
    new URL(request.url).pathname.startsWith('/.netlify/images') ? { serverAddress: origin } : undefined;
  // Netlify's edge keeps a deploy's static files until the next deploy and compresses them; marking them
  // lets the local edge cache do the same (dist/ does not change while this server runs).
  const staticOrPlatform = async (request: Request): Promise<Response | undefined> => {
    const match = await dev.handleAndIntrospect(request, imageOptions(request));
    if (!match) return undefined;
    if (match.type !== 'static' || match.response.status !== 200) return match.response;
    const headers = new Headers(match.response.headers);
    headers.set(STATIC_MARK, '1');
    return new Response(match.response.body, { status: 200, headers });
  };
  const originHandler = async (request: Request): Promise<Response> =>
    (sandbox && new URL(request.url).pathname.startsWith(SANDBOX_PREFIX) ? await sandbox.handle(request) : undefined) ??
    (warm && request.url.includes('/api/') ? await warmAnswer(warm, rewrites, request) : undefined) ??
    (await staticOrPlatform(request)) ??
    new Response(null, { status: 404, headers: { 'x-no-route': '1' } });
  const edge = opts.cdnCache === false ? null : new EdgeCache(originHandler, edgeImageCacheDir(ROOT));
  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === LOCAL_PURGE_PATH) return await purge(req, res);
      if (req.url === LOCAL_DEPLOYS_PATH || req.url?.startsWith(`${LOCAL_DEPLOYS_PATH}/`)) return localDeploy(req, res);
      if (REFUSED_METHODS.has(req.method ?? '')) {
        const refused = errorResponse(405, `Method ${req.method} not allowed`, {
          ...API_SECURITY_HEADERS,
          Allow: 'GET, HEAD, POST, OPTIONS',
        });
        return await send(res, refused, false, origin);
      }
      if (edge && req.method === 'GET') {
        const url = origin + (req.url ?? '/');
        const hit = edge.lookup(url, String(req.headers['accept-encoding'] ?? ''), () => new Request(url));
        if (hit) {
          res.writeHead(hit.status, hit.headers);
          return void res.end(hit.body);
        }
      }
      const request = toRequest(req, origin);
      const response = edge ? await edge.fetch(request) : await originHandler(request);
      if (!response.headers.has('x-no-route')) return await send(res, response, req.method === 'HEAD', origin);
      // Netlify answers an unmatched path with the site's 404 page and the header rules for the path.
      const notFound = await dev.handle(new Request(new URL('/404.html', origin)));
      if (notFound?.ok)
        return await send(res, new Response(notFound.body, { status: 404, headers: notFound.headers }), req.method === 'HEAD', origin);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    } catch (err) {
      console.error('[serve]', req.method, req.url, err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Local server error' }));
    }
  });
  /**
   * The local stand-in for Netlify's purge API, used by `catalogue:import --publish`: drops the emulated CDN
   * entries ({ cache_tags } or, like a deploy, all of them) and the warm functions' in-memory catalogue
   * copies, which live in this process. Only this machine may ask.
   */
  async function purge(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!fromThisMachine(req)) {
      res.writeHead(403, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ success: false, message: 'Purges are accepted from this machine only' }));
    }
    let tags: string[] | undefined;
    try {
      const body = JSON.parse((await new Response(bodyStream(req)).text()) || '{}') as { cache_tags?: unknown };
      if (Array.isArray(body.cache_tags)) tags = body.cache_tags.filter((t): t is string => typeof t === 'string');
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ success: false, message: 'Send { "cache_tags": [...] } as JSON' }));
    }
    const purged = edge?.purge(tags) ?? 0;
    clearCache();
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ purged }));
  }
  /** A request from this machine (the server's own functions, the import command), never from the network. */
  const fromThisMachine = (req: IncomingMessage) => /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '');
  // The functions run in this process and read it from the environment (deploys.ts).
  const deploySecret = randomBytes(32).toString('base64url');
  process.env.LOCAL_DEPLOY_SECRET = deploySecret;
  const deploys = new LocalDeploys(
    siteRoot,
    () => {
      // Like a Netlify deploy going live: every cached page and answer goes, and the functions' catalogue copies.
      edge?.purge(undefined);
      clearCache();
    },
    opts.build,
  );
  /**
   * The local stand-in for a Netlify deploy, used by Publish in the back office when no build hook is set:
   * POST starts a rebuild of dist/ from the database, GET /<id> says how it is going. Only this machine may ask.
   */
  function localDeploy(req: IncomingMessage, res: ServerResponse): void {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // This machine, and the server's own functions only (their secret): not a web page open in a browser here.
    if (!fromThisMachine(req) || req.headers[LOCAL_DEPLOY_SECRET_HEADER] !== deploySecret)
      return answer(403, { success: false, message: "Deploys are accepted from this server's own functions only" });
    req.resume();
    if (req.method === 'POST' && req.url === LOCAL_DEPLOYS_PATH) return answer(201, deploys.start());
    const id = decodeURIComponent(req.url!.slice(LOCAL_DEPLOYS_PATH.length + 1));
    if (req.method === 'GET' && id === 'ready') return answer(200, { id, state: 'ready' });
    if (req.method === 'GET' && id) return answer(200, deploys.status(id));
    answer(405, { success: false, message: 'POST to start a deploy, GET /<id> to follow it' });
  }
  // Netlify runs send_held_notices every minute (the messages admins' steps held for their undo window);
  // the local server does the same on a timer, so held messages go out here too.
  const heldNoticesTimer = setInterval(() => {
    void import('@server/services/notices/notices.service')
      .then(({ sendHeldNotices }) => sendHeldNotices())
      .catch((err: unknown) => console.warn('[notices] sending held messages failed:', err));
  }, 60_000);
  heldNoticesTimer.unref();
  // Keep-alive sockets from benchmarks must not hold close() open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(opts.port, host, () => res());
  });
  return {
    url: origin,
    close: async () => {
      clearInterval(heldNoticesTimer);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await dev.stop();
      if (subsetRoot) rmSync(subsetRoot, { recursive: true, force: true });
      await blobs.stop();
      if (mailOutbox) {
        await mailOutbox.close();
        delete process.env.SMTP_URL;
      }
    },
  };
}
