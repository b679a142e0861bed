import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS_SLUG, routes } from './routes';

const id = '7141594791d5e48d26a49146';

describe('routes', () => {
  it('spells the fixed paths exactly as the shop publishes them', () => {
    expect(routes.home).toBe('/');
    expect(routes.allProducts).toBe('/collections/products');
    expect(routes.cart).toBe('/productcard');
    expect(routes.checkout).toBe('/checkouts');
    expect(routes.account).toBe('/account');
    expect(routes.login).toBe('/login');
    expect(routes.otp).toBe('/resent-otp');
    expect(routes.dashboard).toBe('/dashboard');
    expect(routes.wishlist).toBe('/wishlist');
    expect(routes.orderHistory).toBe('/order-history');
    expect(routes.adminOrders).toBe('/admin/orders');
    expect(routes.search()).toBe('/search');
    expect([routes.refundPolicy, routes.termsOfService, routes.privacyPolicy, routes.shippingPolicy]).toEqual([
      '/cancellation-and-refunds',
      '/terms-of-service',
      '/privacy-policy',
      '/shipping-policy',
    ]);
    expect([routes.contact, routes.about, routes.faq]).toEqual(['/contact', '/about', '/faq']);
  });

  it('addresses catalogue entries by slug, falling back to the id, and encodes the segment', () => {
    expect(routes.product({ slug: 'leafy-vine-ring', _id: id })).toBe('/collections/products/detail/leafy-vine-ring');
    expect(routes.product({ slug: '', _id: id })).toBe(`/collections/products/detail/${id}`);
    expect(routes.collection({ slug: null, _id: id })).toBe(`/collections/${id}`);
    expect(routes.collection('bridal edit')).toBe('/collections/bridal%20edit');
    expect(routes.collection(ALL_PRODUCTS_SLUG)).toBe(routes.allProducts);
    expect(routes.collectionData('toe-rings')).toBe('/collections/toe-rings.json');
    expect(routes.banner('a/b')).toBe('/banner/a%2Fb');
  });

  it('builds the order pages, with the order id in the path or as ?orderId=', () => {
    expect(routes.orderSuccess(id)).toBe(`/Order-success/${id}`);
    expect(routes.invoice(id)).toBe(`/invoice/${id}`);
    expect(routes.orderTracking()).toBe('/Order-tracking');
    expect(routes.orderTracking(id)).toBe(`/Order-tracking?orderId=${id}`);
    expect(routes.productTracking('a&b')).toBe('/product-tracking?orderId=a%26b');
  });

  it('puts a trimmed, encoded query on the search page', () => {
    expect(routes.search(' silver payal ')).toBe('/search?q=silver%20payal');
  });

  it('imports nothing, so any browser or server module can use it', () => {
    const source = readFileSync(new URL('./routes.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });
});
