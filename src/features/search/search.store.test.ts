import { describe, expect, it } from 'vitest';
import { cleanUrl, thumbnailUrl } from './search.store';

describe('search helpers', () => {
  it('drops .html from Pagefind URLs (trailingSlash never, build.format file)', () => {
    expect(cleanUrl('/collections/products/detail/pearl-jhumkas.html')).toBe('/collections/products/detail/pearl-jhumkas');
    expect(cleanUrl('/index.html')).toBe('/');
  });

  it('re-requests a small thumbnail from the Image CDN whatever size the page used', () => {
    const fromCdn = '/.netlify/images?url=%2Fuploads%2Fproducts%2Fring-1.jpg&w=800&fm=webp&q=75';
    expect(thumbnailUrl(fromCdn, 160)).toBe('/.netlify/images?url=%2Fuploads%2Fproducts%2Fring-1.jpg&w=160&fm=webp&q=75');
    expect(thumbnailUrl('/uploads/products/ring-1.jpg', 160)).toContain('w=160');
    expect(thumbnailUrl(undefined)).toBeNull();
  });
});
