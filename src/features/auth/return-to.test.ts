import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, returnToFromSearch, safeReturnPath } from './return-to';

describe('return path after sign-in', () => {
  it('accepts paths on this site only', () => {
    expect(safeReturnPath('/checkouts')).toBe('/checkouts');
    expect(safeReturnPath('/account?tab=orders')).toBe('/account?tab=orders');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });

  it('builds the login link that returns there', () => {
    expect(loginPathReturningTo('/login', '/checkouts')).toBe('/login?returnTo=%2Fcheckouts');
    expect(loginPathReturningTo('/login', '/')).toBe('/login');
  });

  it('brings each signed-in-only page back to itself, query included, and anything else home', () => {
    for (const page of [
      '/account',
      '/order-history?status=pending',
      '/product-tracking?orderId=abc',
      '/Order-success/abc',
      '/invoice/abc',
    ]) {
      const login = new URL(loginPathReturningTo('/login', page), 'https://shop.example');
      expect(returnToFromSearch(login.search)).toBe(page);
    }
    expect(returnToFromSearch('')).toBe('/');
    expect(returnToFromSearch('?returnTo=https%3A%2F%2Fevil.example')).toBe('/');
  });
});
