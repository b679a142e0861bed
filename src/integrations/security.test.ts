import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import securityHeaders, { astroCsp, uploadsOrigin } from './security';

describe('the page policy', () => {
  it('allows images from the uploads host only when UPLOADS_BASE is an absolute URL', () => {
    expect(uploadsOrigin('/uploads')).toBeNull();
    expect(uploadsOrigin(undefined)).toBeNull();
    expect(uploadsOrigin('https://assets.chandikala.in/catalogue/')).toBe('https://assets.chandikala.in');
    const img = (base?: string) => astroCsp({ UPLOADS_BASE: base }).directives?.find((d) => d.startsWith('img-src'));
    expect(img('/uploads')).toBe("img-src 'self' data: https://cdn.razorpay.com");
    expect(img('https://assets.chandikala.in/catalogue')).toBe(
      "img-src 'self' data: https://assets.chandikala.in https://cdn.razorpay.com",
    );
  });

  it("allows no inline script and names only Razorpay Checkout's hosts beyond this origin", () => {
    const csp = astroCsp({});
    expect(csp.scriptDirective?.resources).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://checkout.razorpay.com',
      'https://cdn.razorpay.com',
    ]);
    expect(csp.directives).toEqual(
      expect.arrayContaining([
        "frame-src 'self' https://api.razorpay.com",
        "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com https://lumberjack-metrics.razorpay.com",
      ]),
    );
    // frame-ancestors is ignored in a <meta> policy (and logged as an error): it belongs to the header.
    expect(csp.directives?.some((d) => d.startsWith('frame-ancestors'))).toBe(false);
  });
});

describe('HSTS in _headers', () => {
  let dir = '';
  afterEach(async () => {
    vi.unstubAllEnvs();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function build(context: string | undefined, existing?: string): Promise<string | null> {
    dir = await mkdtemp(join(tmpdir(), 'security-headers-'));
    if (existing !== undefined) await writeFile(join(dir, '_headers'), existing);
    vi.stubEnv('CONTEXT', context);
    const hook = securityHeaders().hooks['astro:build:done'] as (opts: unknown) => Promise<void>;
    await hook({ dir: pathToFileURL(`${dir}/`), logger: { info: () => undefined } });
    return readFile(join(dir, '_headers'), 'utf8').catch(() => null);
  }

  it('is written by the production build only', async () => {
    expect(await build('production')).toBe('/*\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n');
    expect(await build('deploy-preview')).toBeNull();
    expect(await build(undefined)).toBeNull();
  });

  it('keeps rules the build already wrote', async () => {
    expect(await build('production', '/a\n  X-Test: 1')).toBe(
      '/a\n  X-Test: 1\n/*\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n',
    );
  });
});
