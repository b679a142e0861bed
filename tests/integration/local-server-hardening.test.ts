import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { makeCatalogue } from '../fixtures/catalogue';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { API_SECURITY_HEADERS } from '@server/http';
import { freePort } from '../../scripts/lib/ferretdb';
import { loadFunctionsHost } from '../../scripts/lib/functions-host';
import { startShopServer, type ShopServer } from '../../scripts/lib/serve';

setupTestDatabase();

let server: ShopServer;
beforeAll(async () => {
  expect((await importCatalogue(makeCatalogue(), { overwriteStock: true })).ok).toBe(true);
  server = await startShopServer({ port: await freePort(), quiet: true });
});
afterAll(async () => server?.close());

function expectSecurityHeaders(headers: Headers | Record<string, string | string[] | undefined>, what: string): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name.toLowerCase()]);
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(get(name), `${what}: ${name}`).toBe(value);
}

/** A raw HTTP/1.1 exchange: what the server answers, read until it closes or sends a whole response. */
function rawExchange(port: number, head: string, bodyChunks: string[] = []): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      received += d;
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(received)?.[1];
      const whole = length ? received.length >= end + 4 + Number(length) : received.endsWith('\r\n0\r\n\r\n');
      if (end >= 0 && whole) {
        socket.destroy();
        resolve({ status: Number(received.slice(9, 12)), text: received });
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(received.slice(9, 12)), text: received }));
    socket.write(head);
    for (const chunk of bodyChunks) socket.write(chunk);
  });
}

describe('API answers through the local server', () => {
  it('answers an /api path no function matches with the JSON 404, whatever the method', async () => {
    for (const [path, method] of [
      ['/api/getProducts/a/b', 'GET'],
      ['/api/no-such-endpoint', 'GET'],
      ['/api/no-such-endpoint', 'POST'],
    ] as const) {
      const res = await fetch(server.url + path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : null,
      });
      expect({ path, method, status: res.status, type: res.headers.get('content-type'), body: await res.json() }).toEqual({
        path,
        method,
        status: 404,
        type: 'application/json; charset=utf-8',
        body: { success: false, message: 'API endpoint not found' },
      });
      expectSecurityHeaders(res.headers, `${method} ${path}`);
    }
  });

  it('carries the security headers on 200 and 400 answers', async () => {
    const ok = await fetch(`${server.url}/api/get_category`);
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers, '200');
    const bad = await fetch(`${server.url}/api/product-availability?ids=nope`);
    expect(bad.status).toBe(400);
    expectSecurityHeaders(bad.headers, '400');
  });

  it('answers TRACE with 405 and the security headers, like Netlify', async () => {
    const res = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(`${server.url}/api/get_category`, { method: 'TRACE' }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => (body += d));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body }));
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Method TRACE not allowed' });
    expectSecurityHeaders(res.headers, 'TRACE');
  });
});

describe('request bodies through the local server', () => {
  const port = () => Number(new URL(server.url).port);

  it('refuses a Content-Length above the cap before the body is sent', async () => {
    // Only the head goes out; the server must answer without waiting for 64 MB that never come.
    const res = await rawExchange(
      port(),
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 67108864\r\n\r\n',
    );
    expect(res.status).toBe(413);
    expect(res.text).toContain('Request body too large (max 8192 bytes)');
  });

  it('refuses a streamed body with no Content-Length once it passes the cap', async () => {
    const chunk = 'x'.repeat(4096);
    const chunks = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const res = await rawExchange(
      port(),
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      chunks,
    );
    expect(res.status).toBe(413);
  });

  it('counts multi-byte text in bytes', async () => {
    const message = '₹'.repeat(2000); // 2,000 characters, 6,000 bytes
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Asha', email: 'asha@example.in', message: message + message }),
    });
    expect(res.status).toBe(413);
  });

  it('rate-limits by the connection address, whatever x-nf-client-connection-ip the client sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': `203.0.113.${i}` },
        body: JSON.stringify({ name: 'Asha', email: 'asha@example.in', message: `Message ${i}` }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('takes text/plain (sendBeacon) on event-count only: every other endpoint refuses it with 415, 405 when it takes no POST, or 401 when it needs a token first', async () => {
    const paths = (await loadFunctionsHost()).paths.filter((p) => p.startsWith('/api/')).map((p) => p.replace(/:\w+/g, 'x'));
    expect(paths).toEqual(expect.arrayContaining(['/api/contact', '/api/subscribe', '/api/event-count']));
    const answers: Record<string, number> = {};
    for (const path of paths) {
      const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: '{}' });
      answers[path] = res.status;
    }
    for (const [path, status] of Object.entries(answers)) {
      if (path === '/api/event-count')
        expect(status, path).toBe(400); // parsed, then refused for its content
      else expect([401, 405, 415], path).toContain(status);
    }
    expect(answers['/api/contact']).toBe(415);
    expect(answers['/api/subscribe']).toBe(415);
  });

  it('refuses text/plain on contact with 415', async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'Asha', email: 'asha@example.in', message: 'Hello' }),
    });
    expect(res.status).toBe(415);
    expectSecurityHeaders(res.headers, '415');
  });
});
