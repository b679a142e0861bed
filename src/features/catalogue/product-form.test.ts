import { describe, expect, it } from 'vitest';
import { checkForm, emptyForm, emptySizeRow, formFromProduct, priceAtRate, productFromForm } from './product-form';
import { ProductDraftSchema } from '@shared/schemas/product';

const filled = () => ({ ...emptyForm(), name: 'Lotus Ring', price: '1,299', subcategory: 'adjustable-rings', stock: '4' });

describe('the product form', () => {
  it('makes the product the schema checks from what was typed', () => {
    const r = checkForm({
      ...filled(),
      tags: 'gift, daily-wear ,',
      attributes: [{ name: 'Stone', value: 'Zircon' }],
      photos: [
        { path: 'products/a.jpg', url: '/uploads/products/a.jpg', alt: 'Lotus ring from above' },
        { path: 'photos/0123456789abcdef0123456789abcdef.jpg', url: '/api/photos/0123456789abcdef0123456789abcdef.jpg', alt: ' ' },
      ],
    });
    expect(r.ok && r.product).toMatchObject({
      name: 'Lotus Ring',
      price: 1299,
      stock: 4,
      hsn: '7113',
      status: 'draft',
      tags: ['gift', 'daily-wear'],
      attributes: { Stone: 'Zircon' },
      image: ['products/a.jpg', 'photos/0123456789abcdef0123456789abcdef.jpg'],
      imageAlt: ['Lotus ring from above', ''],
    });
  });

  it('asks for each photo’s alt text, on that photo, before the piece is active', () => {
    const photo = (alt: string) => ({ path: 'products/a.jpg', url: '/uploads/products/a.jpg', alt });
    const r = checkForm({ ...filled(), status: 'active', photos: [photo('Lotus ring from above'), photo('')] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({ 'photos.1.alt': 'Write the alt text of photo 2 before making the piece active: say what it shows' });
    expect(checkForm({ ...filled(), status: 'active' })).toMatchObject({
      ok: false,
      errors: { status: 'Add a photo before making the piece active' },
    });
  });

  it('puts each message on its field, sizes by row', () => {
    const r = checkForm({
      ...filled(),
      name: '',
      price: 'abc',
      sizeKind: 'ring',
      sizes: [{ ...emptySizeRow(), value: '12', stock: '2', price: '0' }, emptySizeRow()],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      name: 'Give the piece a name',
      price: 'Enter the price in rupees',
      'sizes.0.price': 'The size price must be more than ₹0',
      'sizes.1.value': 'Give each size a value (e.g. 12)',
    });
  });

  it('reads back a saved product unchanged', () => {
    const product = ProductDraftSchema.parse({
      name: 'Band',
      price: 1500,
      subcategory: 'couple-bands',
      sizes: { guide: 'ring', values: [{ value: '10', stock: 4, price: 1600, sku: 'B-10' }] },
      collections: ['bridal-edit'],
      weightGrams: 3.2,
      image: ['products/band-1.jpg'],
      imageAlt: ['Band ring, front'],
    });
    const form = formFromProduct(product, () => 'rings', ['/uploads/products/band-1.jpg']);
    expect(form).toMatchObject({
      category: 'rings',
      sizeKind: 'ring',
      weightGrams: '3.2',
      sizes: [{ value: '10', stock: '4', price: '1600', sku: 'B-10' }],
      photos: [{ path: 'products/band-1.jpg', url: '/uploads/products/band-1.jpg', alt: 'Band ring, front' }],
    });
    expect(ProductDraftSchema.parse(productFromForm(form))).toEqual({ ...product, status: 'active' });
  });

  it('prices a piece from the silver rate as it is typed, and names what is missing on its field', () => {
    const rated = {
      ...filled(),
      price: '',
      priceMode: 'rate' as const,
      weightGrams: '4.5',
      making: '79.9',
      makingKind: 'percent' as const,
    };
    expect(priceAtRate(rated, 92.5)).toBe(749);
    expect(priceAtRate(rated, null)).toBeNull();
    expect(priceAtRate({ ...rated, weightGrams: '4,5g' }, 92.5)).toBeNull();
    expect(checkForm(rated, 92.5)).toMatchObject({
      ok: true,
      product: { price: 749, discountPrice: null, weightGrams: 4.5, pricing: { making: { kind: 'percent', value: 79.9 }, stone: 0 } },
    });
    const r = checkForm({ ...rated, making: 'a lot' }, 92.5);
    expect(r).toMatchObject({ ok: false, errors: { making: 'Enter the making charge' } });
    // A discount price typed before switching is not sent: a rate-priced piece has none.
    const w = checkForm({ ...rated, weightGrams: '', discountPrice: '500' }, 92.5);
    expect(w).toEqual({ ok: false, errors: { weightGrams: 'Enter the weight: a price from the silver rate is worked out from it' } });
    // Back to a fixed price: no pricing is sent, the typed price is.
    expect(checkForm({ ...rated, priceMode: 'fixed', price: '800' })).toMatchObject({ ok: true, product: { price: 800 } });
    expect(productFromForm({ ...rated, priceMode: 'fixed', price: '800' })).not.toHaveProperty('pricing');
  });
});
