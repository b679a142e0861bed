import { describe, expect, it } from 'vitest';
import { isCurrent, linksFor } from './back-office.store';

describe('the back office menu', () => {
  it('shows an editor the catalogue only (Products, Collections, Home page), an admin everything, a shopper nothing', () => {
    expect(linksFor('editor').map((l) => l.label)).toEqual(['Products', 'Collections', 'Home page']);
    expect(linksFor('admin').map((l) => l.label)).toEqual([
      'Dashboard',
      'Orders',
      'Packing',
      'Returns',
      'Products',
      'Collections',
      'Home page',
      'Silver rate',
      'Inventory',
      'Discount codes',
      'Accounts',
    ]);
    expect(linksFor('customer')).toEqual([]);
    expect(linksFor(null)).toEqual([]);
  });

  it('marks the page and the pages under it', () => {
    const products = linksFor('editor')[0]!;
    expect(isCurrent(products, '/admin/products')).toBe(true);
    expect(isCurrent(products, '/admin/products/abc/')).toBe(true);
    expect(isCurrent(products, '/admin/productsx')).toBe(false);
  });

  it('marks the dashboard on /admin itself only, though every page is under it', () => {
    const dashboard = linksFor('admin')[0]!;
    expect(isCurrent(dashboard, '/admin')).toBe(true);
    expect(isCurrent(dashboard, '/admin/')).toBe(true);
    expect(isCurrent(dashboard, '/admin/orders')).toBe(false);
  });
});
