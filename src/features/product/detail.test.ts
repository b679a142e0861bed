import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/types';
import { fieldValue, hallmarkPerk, productJsonLd, productMetaDescription, toDetailProduct } from './detail';
import { GALLERY_OPTIONS, GALLERY_PRELOAD, preloadAround } from './lightbox';

const base: Product = {
  _id: '7141594791d5e48d26a49146',
  slug: 'leafy-vine-adjustable-ring',
  name: 'Leafy Vine Adjustable Ring',
  price: 999,
  discountPrice: 849,
  thumbnail: '/uploads/products/leafy-1.jpg',
  image: ['/uploads/products/leafy-1.jpg', '/uploads/products/leafy-2.jpg'],
  img: '/uploads/products/leafy-1.jpg',
  stock: 3,
  description: 'A slim band of silver leaves winds across the finger.',
  tags: ['gift'],
  attributes: { Plating: 'Rhodium', Stone: 'Cubic Zirconia' },
  dynamicFields: [{ _id: 'f1', fieldName: 'Weight', value: '4.1 g' }],
  relatedProducts: [],
  category: 'c',
  subCategory: 's',
  collections: [],
  featured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  sizes: null,
};

describe('product detail data', () => {
  it('keeps what the page shows, in order', () => {
    const d = toDetailProduct(base);
    expect(d.images).toEqual(base.image);
    expect(d.attributes).toEqual([
      ['Plating', 'Rhodium'],
      ['Stone', 'Cubic Zirconia'],
    ]);
    expect(d.dynamicFields).toEqual([{ fieldName: 'Weight', value: '4.1 g' }]);
    expect(toDetailProduct({ ...base, image: [] }).images).toEqual(['/uploads/products/leafy-1.jpg']);
    expect(toDetailProduct({ ...base, image: [], thumbnail: '', img: '' }).images).toEqual([]);
  });

  it('carries the sizes a piece is sold in, and none for a piece sold as one', () => {
    const sizes = { name: 'Bangle size', guide: 'bangle' as const, values: [{ value: '2.6', price: 999, discountPrice: 849, stock: 2 }] };
    expect(toDetailProduct({ ...base, sizes }).sizes).toEqual(sizes);
    expect(toDetailProduct(base).sizes).toBeNull();
  });

  it('shows grams as a shopper writes them, whatever the catalogue says', () => {
    const d = toDetailProduct({
      ...base,
      dynamicFields: [{ _id: 'f1', fieldName: 'Weight', value: '4.2 gm' }],
      attributes: { Net: '3 Gms' },
    });
    expect(d.dynamicFields).toEqual([{ fieldName: 'Weight', value: '4.2 g' }]);
    expect(d.attributes).toEqual([['Net', '3 g']]);
  });

  it('reads dynamic fields by lower-cased name too', () => {
    expect(fieldValue(toDetailProduct(base), 'weight')).toBe('4.1 g');
    expect(fieldValue(toDetailProduct(base), 'Purity')).toBeUndefined();
  });

  it('claims BIS hallmarking only where the listing does not say otherwise', () => {
    const withHallmark = (value: string) => ({ dynamicFields: [{ fieldName: 'Hallmark', value }] });
    expect(hallmarkPerk(toDetailProduct(base))).toBe('BIS Hallmarked 92.5');
    expect(hallmarkPerk(withHallmark('BIS Hallmarked'))).toBe('BIS Hallmarked 92.5');
    expect(hallmarkPerk(withHallmark('925 purity stamp (too small for BIS mark)'))).toBe('925 Purity Stamp');
  });

  it('describes the product and its INR offer for search engines', () => {
    const ld = productJsonLd(toDetailProduct(base), 'https://shop.example');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: base.name,
      url: 'https://shop.example/collections/products/detail/leafy-vine-adjustable-ring',
      image: ['https://shop.example/uploads/products/leafy-1.jpg', 'https://shop.example/uploads/products/leafy-2.jpg'],
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: 849, availability: 'https://schema.org/InStock' },
    });
    expect(productJsonLd(toDetailProduct({ ...base, stock: 0 }), 'https://shop.example')['offers']).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('writes a meta description of at most 160 characters', () => {
    const text = productMetaDescription(toDetailProduct({ ...base, description: 'word '.repeat(100) }), '₹849');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.startsWith('Leafy Vine Adjustable Ring in 92.5 sterling silver, ₹849.')).toBe(true);
  });
});

describe('zoom gallery', () => {
  it('loops and preloads 1 behind and 2 ahead', () => {
    expect(GALLERY_OPTIONS.loop).toBe(true);
    expect(GALLERY_PRELOAD).toEqual([1, 2]);
  });

  it('preloads around the current image, wrapping because the gallery loops', () => {
    expect(preloadAround(0, 5)).toEqual([1, 2, 4]);
    expect(preloadAround(4, 5)).toEqual([0, 1, 3]);
    expect(preloadAround(0, 2)).toEqual([1]);
    expect(preloadAround(0, 1)).toEqual([]);
  });
});
