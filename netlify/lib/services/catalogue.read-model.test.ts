import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../repositories/mappers';
import { inOrder, navigationOf, pairsOf, productsByListing, relatedById, toProduct } from './catalogue.read-model';

function row(n: number, over: Partial<ProductRow> = {}): ProductRow {
  const id = n.toString(16).padStart(24, '0');
  return {
    _id: id,
    slug: `piece-${n}`,
    name: `Piece ${n}`,
    price: 1000 + n,
    discountPrice: null,
    thumbnail: `/uploads/p${n}.jpg`,
    image: [`/uploads/p${n}.jpg`],
    img: `/uploads/p${n}.jpg`,
    stock: n,
    description: '',
    tags: [],
    attributes: {},
    dynamicFields: [],
    category: 'c1',
    subCategory: 's1',
    collections: [],
    featured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    sizes: null,
    relatedIds: [],
    pairIds: [],
    ...over,
  };
}

describe('catalogue read model', () => {
  const [a, b, c] = [row(1), row(2), row(3)];
  const gone = row(9)._id;

  it('resolves related products and pairs in editorial order, skipping ids that no longer exist', () => {
    const withLinks = row(4, { relatedIds: [c._id, gone, a._id], pairIds: [b._id, gone] });
    const related = relatedById([a, b, c, withLinks]);
    const product = toProduct(withLinks, related);
    expect(product.relatedProducts.map((r) => r.slug)).toEqual(['piece-3', 'piece-1']);
    expect(product).not.toHaveProperty('relatedIds');
    expect(product).not.toHaveProperty('pairIds');
    expect(pairsOf(withLinks, related)).toEqual([
      { _id: b._id, name: 'Piece 2', slug: 'piece-2', img: '/uploads/p2.jpg', price: 1002, discountPrice: null, stock: 2, sized: false },
    ]);
    expect(inOrder(['x', 'y'], new Map([['y', 1]]))).toEqual([1]);
  });

  it('groups products by collection, subcategory and category, and subcategories under their category', () => {
    // piece-4 names category c2 but sits in s1: its subcategory decides, so it lists under c1 with s1.
    const products = [
      row(1, { collections: ['col'], subCategory: 's1' }),
      row(2, { subCategory: 's2' }),
      row(3, { subCategory: 's3' }),
      row(4, { subCategory: 's1', category: 'c2' }),
      row(5, { subCategory: 'gone' }),
    ].map((r) => toProduct(r, new Map()));
    const subs = [
      { _id: 's1', name: 'Rings', slug: 'rings', category: 'c1', image: [] },
      { _id: 's2', name: 'Studs', slug: 'studs', category: 'c2', image: [] },
      { _id: 's3', name: 'Bands', slug: 'bands', category: 'c1', image: [] },
    ];
    const categories = [
      { _id: 'c1', name: 'Rings', slug: 'all-rings' },
      { _id: 'c2', name: 'Earrings', slug: 'earrings' },
      { _id: 'c3', name: 'Empty', slug: 'empty' },
    ];
    const { byCollection, bySubcategory, byCategory } = productsByListing(
      products,
      [{ _id: 'col', slug: 'c', name: 'C', description: '', image: [] }],
      subs,
      categories,
    );
    expect(byCollection.get('col')?.map((p) => p.slug)).toEqual(['piece-1']);
    expect(bySubcategory.get('s2')?.map((p) => p.slug)).toEqual(['piece-2']);
    expect(byCategory.get('c1')?.map((p) => p.slug)).toEqual(['piece-1', 'piece-3', 'piece-4']);
    expect(byCategory.get('c2')?.map((p) => p.slug)).toEqual(['piece-2']);
    expect(byCategory.get('c3')).toEqual([]);
    expect(navigationOf([{ _id: 'c2', name: 'Earrings', slug: 'earrings' }], subs)).toEqual([
      { _id: 'c2', name: 'Earrings', slug: 'earrings', subCategories: [subs[1]] },
    ]);
  });
});
