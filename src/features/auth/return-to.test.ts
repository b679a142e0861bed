import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-to';

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
});
