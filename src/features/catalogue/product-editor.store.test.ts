import { afterEach, describe, expect, it, vi } from 'vitest';
import { $editor, $productErrors, $productForm, $saveState, changedLabels, loadEditor, saveDraft, setField } from './product-editor.store';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const options = {
  success: true,
  categories: [{ slug: 'rings', name: 'Rings' }],
  subcategories: [{ slug: 'bands', name: 'Bands', category: 'rings' }],
  collections: [],
};
const draft = (version: number, price: number) => ({
  _id: 'a'.repeat(24),
  version,
  isNew: false,
  product: {
    name: 'Band',
    price,
    discountPrice: null,
    stock: 2,
    description: '',
    tags: [],
    attributes: {},
    dynamicFields: [],
    subcategory: 'bands',
    collections: [],
    status: 'active',
    image: ['p/b.jpg'],
    imageAlt: ['Band ring, front'],
  },
  imageUrls: ['/uploads/p/b.jpg'],
  liveStock: { '': 2 },
  savedAt: null,
  savedBy: null,
});

afterEach(() => vi.restoreAllMocks());

describe('the product editor', () => {
  it('loads a product into the form, its category from its subcategory', async () => {
    const fetchImpl = vi.fn(async (url: string) =>
      url.endsWith('/options')
        ? json(options)
        : url.endsWith('/history')
          ? json({ success: true, versions: [] })
          : json({ success: true, draft: draft(0, 1500) }),
    );
    await loadEditor('a'.repeat(24), fetchImpl as unknown as typeof fetch);
    expect($editor.get()).toMatchObject({ status: 'ready', draft: { version: 0 } });
    expect($productForm.get()).toMatchObject({ name: 'Band', price: '1500', category: 'rings', subcategory: 'bands', stock: '2' });
  });

  it('checks the form before sending, and keeps the messages by field', async () => {
    const fetchImpl = vi.fn();
    setField('price', '0');
    await saveDraft(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect($productErrors.get()).toEqual({ price: 'The price must be more than ₹0' });
    setField('price', '1600');
    expect($productErrors.get()).toEqual({});
  });

  it('saves over the version loaded; a later save by someone else is a conflict naming them', async () => {
    const sent: unknown[] = [];
    const conflict = vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return json(
        {
          success: false,
          message:
            'Ravi Shah saved this product at 28 Nov 2026, 3:42 pm, after you opened it. Reload it to see their changes, then make yours again.',
        },
        409,
      );
    });
    await saveDraft(conflict as unknown as typeof fetch);
    expect(sent[0]).toMatchObject({ version: 0, product: { price: 1600 } });
    expect($saveState.get()).toMatchObject({ status: 'conflict', message: expect.stringMatching(/^Ravi Shah saved this product/) });

    const ok = vi.fn(async (url: string) =>
      url.endsWith('/history')
        ? json({ success: true, versions: [] })
        : json({ success: true, message: 'Draft saved (version 1).', draft: draft(1, 1600) }),
    );
    await saveDraft(ok as unknown as typeof fetch);
    expect($saveState.get()).toMatchObject({ status: 'saved' });
    expect($editor.get()).toMatchObject({ draft: { version: 1 } });
  });

  it('names what a version changed with the form’s labels', () => {
    expect(changedLabels(['price', 'seoTitle', 'image', 'imageAlt'])).toBe('Price, SEO title, Photos, Photo alt text');
    expect(changedLabels([])).toBe('nothing');
  });
});
