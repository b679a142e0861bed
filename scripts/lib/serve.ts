import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { ROOT } from './ferretdb';

/** A running local Netlify emulation of the shop. */
export interface ShopServer {
  url: string;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : null,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies but missing from lib.dom
    duplex: hasBody ? 'half' : undefined,
  });
}

async function send(res: ServerResponse, response: Response, headOnly: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    if (k === 'set-cookie') return;
    headers[k] = v;
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
 * Serves the built site (dist/) and the functions at their real /api paths through Netlify's own local
 * emulation (@netlify/dev): redirects, headers, Image CDN and Functions v2, with no account or network.
 * The functions read MONGODB_URI and friends from this process's environment.
 */
export async function startShopServer(opts: { port: number; host?: string; quiet?: boolean }): Promise<ShopServer> {
  const host = opts.host ?? '127.0.0.1';
  const origin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${opts.port}`;
  const dev = new NetlifyDev({
    projectRoot: ROOT,
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
    server: { enabled: false },
    functions: { enabled: true },
    headers: { enabled: true },
    images: { enabled: true },
    redirects: { enabled: true },
    staticFiles: { enabled: true },
    serverAddress: null,
    ...(opts.quiet ? { logger: { log() {}, warn: console.warn, error: console.error } as never } : {}),
  });
  await dev.start();
  const server = createServer(async (req, res) => {
    try {
      const request = await toRequest(req, origin);
      const response = await dev.handle(request);
      if (response) return await send(res, response, req.method === 'HEAD');
      const notFound = await dev.handle(new Request(new URL('/404.html', origin)));
      const body = notFound && notFound.ok ? await notFound.text() : 'Not found';
      res.writeHead(404, { 'content-type': notFound?.ok ? 'text/html; charset=utf-8' : 'text/plain' });
      res.end(body);
    } catch (err) {
      console.error('[serve]', req.method, req.url, err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Local server error' }));
    }
  });
  // Keep-alive sockets from benchmarks must not hold close() open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(opts.port, host, () => res());
  });
  return {
    url: origin,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await dev.stop();
    },
  };
}
