import { describe, expect, it } from 'vitest';
import { productFacts, withMeta } from './pagefind';

const page = (extra = '') =>
  `<html><head><script type="application/ld+json">${JSON.stringify({
    '@type': 'Product',
    name: 'Pearl Jhumkas',
    image: ['http://localhost:8888/.netlify/images?url=%2Fuploads%2Fa.jpg&w=800'],
    offers: { '@type': 'Offer', price: 1899, priceCurrency: 'INR' },
  })}</script></head><body><header>menu</header><main id="main"><h1>Pearl Jhumkas</h1>${extra}</main></body></html>`;

describe('pagefind integration', () => {
  it('reads price and image from the Product JSON-LD', () => {
    expect(productFacts(page())).toEqual({ price: '₹1,899', image: '/.netlify/images?url=%2Fuploads%2Fa.jpg&w=800' });
  });

  it('adds meta holders inside <main> unless the page declares its own', () => {
    const html = withMeta(page());
    expect(html).toContain('<main id="main"><span hidden data-pagefind-meta="price:₹1,899"></span>');
    const own = withMeta(page('<p data-pagefind-meta="price">₹1,899</p>'));
    expect(own).not.toContain('data-pagefind-meta="price:');
  });
});
