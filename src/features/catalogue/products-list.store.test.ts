import { describe, expect, it } from 'vitest';
import { queryFromSearch, searchFromQuery } from './products-list.store';

describe('the product list’s address', () => {
  it('holds only what differs from the first page of everything', () => {
    expect(searchFromQuery(queryFromSearch(''))).toBe('');
    const q = queryFromSearch('?search=lotus&status=draft&category=rings&lowStock=1&page=3');
    expect(q).toMatchObject({ search: 'lotus', status: 'draft', category: 'rings', lowStock: true, noPhoto: false, page: 3 });
    expect(searchFromQuery(q)).toBe('?search=lotus&status=draft&category=rings&lowStock=1&page=3');
  });

  it('ignores what it does not understand', () => {
    expect(queryFromSearch('?status=sold&page=-2&category=Bad%20Slug')).toMatchObject({ status: '', page: 1, category: '' });
  });
});
