import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { resetEnvForTests } from './env';
import { API_SECURITY_HEADERS, handle, json, jsonBody, pathParam } from './http';

const Body = z.strictObject({ text: z.string() });

/** A POST to a handler that echoes the parsed body, as a function would. */
const echo = (opts: Parameters<typeof jsonBody>[2] = {}) =>
  handle(async (req) => json({ success: true, body: await jsonBody(req, Body, opts) }), { methods: ['POST'] });

const post = (body: BodyInit | null, type: string | null = 'application/json', extra: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', {
    method: 'POST',
    headers: { ...(type === null ? {} : { 'content-type': type }), ...extra },
    body,
    duplex: 'half',
  } as RequestInit);

/** An endless body that counts the bytes a reader pulls from it, one chunk per read. */
function endlessBody(chunkBytes: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += chunkBytes;
        controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function answer(res: Response): Promise<{ status: number; message: string | undefined }> {
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message };
}

describe('body limits count bytes and stop reading at the cap', () => {
  it('refuses multi-byte text over the cap even though it has fewer characters than the cap', async () => {
    const text = '€'.repeat(3000); // 3,000 characters, 9,000 bytes in UTF-8
    const res = await echo({ maxBytes: 8192 })(post(JSON.stringify({ text })));
    expect(await answer(res)).toEqual({ status: 413, message: 'Request body too large (max 8192 bytes)' });
    // The same characters fit when the cap is in bytes they actually take.
    expect((await echo({ maxBytes: 9100 })(post(JSON.stringify({ text })))).status).toBe(200);
  });

  it('refuses a declared Content-Length above the cap without reading the body', async () => {
    const body = endlessBody(1024);
    const res = await echo({ maxBytes: 8192 })(post(body.stream, 'application/json', { 'content-length': String(64 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(body.pulled()).toBe(0);
  });

  it('cuts off a streamed body with no Content-Length at the first chunk past the cap', async () => {
    const body = endlessBody(1000);
    const res = await echo({ maxBytes: 8192 })(post(body.stream));
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(8192 + 1000);
  });

  it('takes a body exactly at the cap and refuses malformed bodies with 400', async () => {
    const exact = JSON.stringify({ text: 'x'.repeat(100 - 11) });
    expect(exact).toHaveLength(100);
    expect((await echo({ maxBytes: 100 })(post(exact))).status).toBe(200);
    expect(await answer(await echo()(post(new Uint8Array([0x7b, 0xff, 0x7d]))))).toEqual({
      status: 400,
      message: 'Invalid request: body is not valid UTF-8',
    });
    expect(await answer(await echo()(post('{"text":')))).toEqual({ status: 400, message: 'Invalid request: body must be JSON' });
    expect(await answer(await echo()(post(null)))).toEqual({ status: 400, message: 'Invalid request: body must be JSON' });
    expect((await echo()(post('{}', 'application/json', { 'content-length': 'lots' }))).status).toBe(400);
  });
});

describe('content types', () => {
  const ok = JSON.stringify({ text: 'hi' });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'APPLICATION/JSON'])(
    'accepts %s',
    async (type) => {
      expect((await echo()(post(ok, type))).status).toBe(200);
    },
  );

  it.each([
    'application/json-patch+json',
    'application/json;;;',
    'application/json; charset=latin1',
    'application/json; charset=utf-8; boundary=x',
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
  ])('refuses %s with 415', async (type) => {
    expect(await answer(await echo()(post(ok, type)))).toEqual({
      status: 415,
      message: 'Send the body as JSON (Content-Type: application/json)',
    });
  });

  it('refuses a body with no Content-Type', async () => {
    expect((await echo()(post(new Blob([ok]), null))).status).toBe(415);
  });

  it("accepts sendBeacon's text/plain only where the endpoint opts in", async () => {
    expect((await echo({ beacon: true })(post(ok, 'text/plain;charset=UTF-8'))).status).toBe(200);
    expect((await echo({ beacon: true })(post(ok, 'text/html'))).status).toBe(415);
  });
});

describe('every answer carries the security headers', () => {
  const fn = handle(async (req) => {
    const mode = new URL(req.url).searchParams.get('mode');
    if (mode === 'app') throw new AppError(429, 'Slow down', { 'Retry-After': '30' });
    if (mode === 'crash') throw new Error('boom');
    if (mode === 'zod') Body.parse({});
    return json({ success: true });
  });

  it.each([
    ['200', 'http://localhost/api/x', 'GET', 200],
    ['400', 'http://localhost/api/x?mode=zod', 'GET', 400],
    ['429', 'http://localhost/api/x?mode=app', 'GET', 429],
    ['500', 'http://localhost/api/x?mode=crash', 'GET', 500],
    ['405', 'http://localhost/api/x', 'DELETE', 405],
    ['HEAD', 'http://localhost/api/x', 'HEAD', 200],
    ['OPTIONS', 'http://localhost/api/x', 'OPTIONS', 204],
  ] as const)('%s', async (_label, url, method, status) => {
    // The 500 is logged for the team; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fn(new Request(url, { method }));
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS on the production deploy only', async () => {
    const prod = await fn(new Request('http://localhost/api/x'), { deploy: { context: 'production', id: 'd', published: true } });
    expect(prod.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const preview = await fn(new Request('http://localhost/api/x'), { deploy: { context: 'deploy-preview', id: 'd', published: false } });
    expect(preview.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('path parameters are read one way', () => {
  const at = (path: string) => new Request(`http://localhost${path}`);
  const Id = z.string().regex(/^[0-9a-f]{24}$/);
  const id = '0123456789abcdef01234567';

  it('takes the value between the fixed parts, in any case, with or without a trailing slash, decoded', () => {
    expect(pathParam(at(`/api/orders/${id}/cancel`), '/api/orders/:id/cancel', Id, 'order id')).toBe(id);
    expect(pathParam(at(`/API/Orders/${id}/Cancel/`), '/api/orders/:id/cancel', Id, 'order id')).toBe(id);
    expect(pathParam(at('/api/getProducts/lotus%20ring'), '/api/getProducts/:slug', z.string())).toBe('lotus ring');
    expect(pathParam(at('/api/getproducts/lotus-ring/'), '/api/getProducts/:slug', z.string())).toBe('lotus-ring');
  });

  it('names what is missing, or the expected path, in a 400', () => {
    const missing = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof AppError ? `${err.status} ${err.message}` : String(err);
      }
      return 'no error';
    };
    expect(missing(() => pathParam(at('/api/orders//cancel'), '/api/orders/:id/cancel', Id, 'order id'))).toBe(
      '400 Invalid request: the order id in the path is missing',
    );
    expect(missing(() => pathParam(at('/api/getProducts/a/b'), '/api/getProducts/:slug', z.string()))).toBe(
      '400 Invalid request: expected /api/getProducts/{value}',
    );
    expect(missing(() => pathParam(at('/api/getProducts/%E0%A4'), '/api/getProducts/:slug', z.string()))).toBe(
      '400 Invalid request: malformed URL encoding',
    );
  });
});

describe('a function declares the configuration it needs', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });

  it('fails when handle() is called (at module load), not at the first request', () => {
    process.env.CONTEXT = 'production';
    delete process.env.SMTP_URL;
    resetEnvForTests();
    const serve = async () => json({ success: true });
    expect(() => handle(serve, { methods: ['POST'], env: ['mail'] })).toThrow(/SMTP_URL: CONTEXT=production needs SMTP_URL/);
    expect(() => handle(serve, { methods: ['POST'] })).not.toThrow();
  });
});
