import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '@server/services/catalogue.snapshot';
import type { Product } from '@shared/types';
import { catalogueSearchRecords } from './pagefind';

const product = (over: Partial<Product>): Product => ({
  _id: 'a'.repeat(24),
  slug: 'pearl-jhumkas',
  name: 'Pearl Jhumkas',
  price: 2199,
  discountPrice: 1899,
  thumbnail: '/uploads/products/pearl-jhumkas-thumb.jpg',
  image: ['/uploads/products/pearl-jhumkas-1.jpg'],
  img: '/uploads/products/pearl-jhumkas-1.jpg',
  stock: 3,
  description: 'Temple-style jhumkas with freshwater pearls',
  tags: ['temple', 'bridal-wear'],
  attributes: { Finish: 'Oxidised' },
  dynamicFields: [{ _id: 'b'.repeat(24), fieldName: 'Weight', value: '14 g' }],
  relatedProducts: [],
  category: 'c1',
  subCategory: 's1',
  collections: ['k1', 'missing'],
  featured: false,
  createdAt: '2025-10-14T00:00:00.000Z',
  sizes: null,
  ...over,
});

const snapshot = (products: Product[]) =>
  ({
    categories: [{ _id: 'c1', name: 'Earrings', slug: 'earrings' }],
    subcategories: [{ _id: 's1', name: 'Jhumkas', slug: 'jhumkas', category: 'c1', image: [] }],
    collections: [{ _id: 'k1', name: 'Bridal Edit', slug: 'bridal-edit', description: '', image: [] }],
    products,
  }) as unknown as CatalogueSnapshot;

describe('search records', () => {
  it('index a product under its page URL with name, price and picture for the results', () => {
    const [record] = catalogueSearchRecords(snapshot([product({})]));
    expect(record).toMatchObject({
      url: '/collections/products/detail/pearl-jhumkas',
      language: 'en',
      meta: { title: 'Pearl Jhumkas', price: '₹1,899', image: '/uploads/products/pearl-jhumkas-thumb.jpg' },
    });
  });

  it('hold the words a shopper might type: category, collection, tags, attributes and details', () => {
    const [record] = catalogueSearchRecords(snapshot([product({})]));
    expect(record!.content).toBe(
      'Pearl Jhumkas. Jhumkas, Earrings, Bridal Edit. Temple-style jhumkas with freshwater pearls. temple, bridal wear. Finish: Oxidised. Weight: 14 g.',
    );
  });

  it('fall back to the id in the URL and to the full price, and omit a missing picture', () => {
    const [record] = catalogueSearchRecords(snapshot([product({ slug: '', discountPrice: null, thumbnail: '', image: [] })]));
    expect(record!.url).toBe(`/collections/products/detail/${'a'.repeat(24)}`);
    expect(record!.meta).not.toHaveProperty('image');
    expect(record!.meta).toMatchObject({ title: 'Pearl Jhumkas', price: '₹2,199' });
  });

  it('carry the card facts and the plain description, so results render as product cards with a readable excerpt', () => {
    const [record] = catalogueSearchRecords(snapshot([product({})]));
    expect(JSON.parse(record!.meta.card)).toEqual({
      _id: 'a'.repeat(24),
      slug: 'pearl-jhumkas',
      name: 'Pearl Jhumkas',
      price: 2199,
      discountPrice: 1899,
      thumbnail: '/uploads/products/pearl-jhumkas-thumb.jpg',
      stock: expect.any(Number),
    });
    expect(record!.meta.description).toBe('Temple-style jhumkas with freshwater pearls');
  });
});
