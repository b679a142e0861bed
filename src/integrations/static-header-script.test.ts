import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleStaticHeaderScript, STATIC_HEADER_BUDGET_GZIP } from './static-header-script';

describe('the policy pages header script', () => {
  it('is one self-contained classic script within 3 KB gzip', async () => {
    const script = await bundleStaticHeaderScript();
    const gzipped = gzipSync(script).length;
    console.info(`static header script: ${script.length} B, ${gzipped} B gzip`);
    expect(gzipped).toBeLessThanOrEqual(STATIC_HEADER_BUDGET_GZIP);
    // Inlined as a classic <script>: no module syntax left.
    expect(script).not.toMatch(/\bimport\s*[{("'*]|\bexport\s/);
    // It reads the shared storage keys.
    expect(script).toContain('cartItems');
    expect(script).toContain('wishlist');
  });
});
