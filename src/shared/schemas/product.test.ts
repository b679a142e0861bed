import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../ids';
import { SIZE_VALUE_PATTERN } from '../sizes';
import { PRODUCT_MAX_STOCK, PRODUCT_SIZE_PATTERN, PRODUCT_SLUG_PATTERN, ProductDraftSchema } from './product';
import { MAX_UNIT_STOCK } from '../inventory';
import { ProductInputSchema } from './catalogue';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const draft = { name: 'Lotus Ring', price: 1299, stock: 4, subcategory: 'adjustable-rings' };

describe('the product schema', () => {
  it('keeps the patterns the rest of the shop uses', () => {
    expect(PRODUCT_SLUG_PATTERN.source).toBe(SLUG_PATTERN.source);
    expect(PRODUCT_SIZE_PATTERN.source).toBe(SIZE_VALUE_PATTERN.source);
    expect(PRODUCT_MAX_STOCK).toBe(MAX_UNIT_STOCK);
  });

  it('takes a draft with only what a shopkeeper must type', () => {
    const r = ProductDraftSchema.safeParse(draft);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ name: 'Lotus Ring', discountPrice: null, image: [], collections: [] });
  });

  it('says what is wrong in the shop’s words, on the field', () => {
    const r = ProductDraftSchema.safeParse({ ...draft, name: ' ', price: 0, discountPrice: 2000, hsn: '71', subcategory: '' });
    expect(messages(r)).toMatchObject({
      name: 'Give the piece a name',
      price: 'The price must be more than ₹0',
      hsn: 'HSN is 4, 6 or 8 digits (silver jewellery is 7113)',
      subcategory: 'Choose a subcategory',
    });
    const cheap = ProductDraftSchema.safeParse({ ...draft, discountPrice: 1500 });
    expect(messages(cheap)).toEqual({ discountPrice: 'The discount price must be lower than the price' });
  });

  it('takes sizes, one row per size with its own price and stock, instead of stock', () => {
    const r = ProductDraftSchema.safeParse({
      ...draft,
      stock: undefined,
      sizes: {
        guide: 'ring',
        values: [
          { value: '12', stock: 2, price: 1400 },
          { value: '14', stock: 0 },
        ],
      },
    });
    expect(r.success).toBe(true);
    expect(r.data?.sizes).toMatchObject({
      name: 'Ring size',
      values: [
        { value: '12', price: 1400 },
        { value: '14', price: null },
      ],
    });
    const twice = ProductDraftSchema.safeParse({
      ...draft,
      stock: undefined,
      sizes: {
        guide: 'ring',
        values: [
          { value: '12', stock: 1 },
          { value: '12', stock: 1 },
        ],
      },
    });
    expect(messages(twice)).toEqual({ 'sizes.values': 'Each size may appear once' });
  });

  it('needs a photo, each with its alt text, before a piece is active', () => {
    expect(messages(ProductDraftSchema.safeParse({ ...draft, status: 'active' }))).toEqual({
      status: 'Add a photo before making the piece active',
    });
    const photos = { image: ['products/lotus-1.jpg', 'products/lotus-2.jpg'] };
    expect(messages(ProductDraftSchema.safeParse({ ...draft, ...photos, status: 'active', imageAlt: ['Lotus ring from above'] }))).toEqual({
      'imageAlt.1': 'Write the alt text of photo 2 before making the piece active: say what it shows',
    });
    const described = { ...draft, ...photos, status: 'active', imageAlt: ['Lotus ring from above', 'Lotus ring on a hand'] };
    expect(ProductDraftSchema.safeParse(described).success).toBe(true);
    // A draft may wait for its words; alt text for a photo that is not there is refused whatever the status.
    expect(ProductDraftSchema.safeParse({ ...draft, ...photos, status: 'draft' }).success).toBe(true);
    expect(messages(ProductDraftSchema.safeParse({ ...draft, imageAlt: ['A photo nobody added'] }))).toEqual({
      imageAlt: 'There is alt text for a photo that is not there',
    });
  });

  it('is the import’s schema too: the same rule, the same words', () => {
    const row = { ...draft, slug: 'lotus-ring', thumbnail: 'products/l.jpg', image: ['products/l.jpg'], discountPrice: 1500 };
    expect(messages(ProductInputSchema.safeParse(row))).toEqual({ discountPrice: 'The discount price must be lower than the price' });
  });
});
