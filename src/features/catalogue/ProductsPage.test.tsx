// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProductRow } from '@shared/api/catalogue-admin';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
});

const rows: AdminProductRow[] = [
  {
    _id: 'a'.repeat(24),
    name: 'Lotus Ring',
    slug: 'lotus-ring',
    photo: '/uploads/p/l.jpg',
    price: 1299,
    discountPrice: 999,
    stock: 3,
    status: 'active',
    draft: 'changed',
  },
  {
    _id: 'b'.repeat(24),
    name: 'Kamal Ring',
    slug: 'kamal-ring',
    photo: null,
    price: 1899,
    discountPrice: null,
    stock: null,
    status: 'draft',
    draft: 'new',
  },
];

describe('the product list page', () => {
  it('shows each product’s photo, name, price, stock and status', async () => {
    localStorage.setItem('token', 'a.b.c');
    const answers: Record<string, unknown> = {
      '/api/admin/catalogue/options': { success: true, categories: [], subcategories: [], collections: [] },
      '/api/admin/catalogue/products': { success: true, products: rows, total: 2, page: 1, pageSize: 25 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string) =>
          new Response(JSON.stringify(answers[url.split('?')[0]!]), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const { default: ProductsPage } = await import('./ProductsPage');
    const host = document.createElement('div');
    document.body.append(host);
    await act(async () => createRoot(host).render(createElement(ProductsPage)));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(host.querySelector('[role="alert"]')?.textContent ?? '').not.toContain('Something went wrong');
    const text = host.querySelector('tbody')?.textContent ?? '';
    expect(text).toContain('Lotus Ring');
    expect(text).toContain('Unpublished changes');
    expect(text).toContain('Not live yet');
    expect(host.querySelectorAll('tbody tr')).toHaveLength(2);
  });
});
