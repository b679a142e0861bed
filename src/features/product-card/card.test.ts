import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/types';
import { cardImage, isSized, toCardProduct } from './card';

const product: Product = {
  _id: '7141594791d5e48d26a49146',
  slug: 'piece-1',
  name: 'Piece 1',
  price: 1001,
  discountPrice: null,
  thumbnail: '',
  image: ['/uploads/a.jpg'],
  img: '/uploads/a.jpg',
  stock: 4,
  description: 'A piece.',
  tags: ['gift'],
  attributes: { Plating: 'Rhodium' },
  dynamicFields: [],
  relatedProducts: [],
  category: 'c1',
  subCategory: 'sub-rings',
  collections: [],
  featured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  sizes: null,
};

describe('card product', () => {
  it('keeps only what a card needs, taking the first image when there is no thumbnail', () => {
    expect(toCardProduct(product)).toEqual({
      _id: product._id,
      slug: product.slug,
      name: product.name,
      price: product.price,
      discountPrice: null,
      thumbnail: '/uploads/a.jpg',
      stock: 4,
    });
    expect(
      toCardProduct({ _id: 'x', slug: 's', name: 'n', img: '/uploads/r.jpg', price: 5, discountPrice: 4, stock: 0, sized: false })
        .thumbnail,
    ).toBe('/uploads/r.jpg');
  });

  it('shows the thumbnail first, then the first image, else nothing', () => {
    expect(cardImage({ ...product, thumbnail: '/uploads/t.jpg' })).toBe('/uploads/t.jpg');
    expect(cardImage({ ...product, image: [], img: '' })).toBe('');
  });

  it('marks a product sold in sizes, whichever shape it comes in, and only then', () => {
    const sizes = { name: 'Ring size', guide: 'ring' as const, values: [{ value: '12', price: 1001, discountPrice: null, stock: 4 }] };
    expect(toCardProduct({ ...product, sizes })).toHaveProperty('sized', true);
    expect(toCardProduct(product)).not.toHaveProperty('sized');
    const related = { _id: 'x', slug: 's', name: 'n', img: '', price: 5, discountPrice: null, stock: 1, sized: true };
    expect(isSized(related)).toBe(true);
    expect(isSized(toCardProduct(related))).toBe(true);
    expect(isSized({ ...related, sized: false })).toBe(false);
  });
});
