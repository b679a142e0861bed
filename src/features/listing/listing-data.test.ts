import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '../../../netlify/lib/services/catalogue.snapshot';
import type { Collection, Product, Subcategory } from '../../shared/types';
import { breadcrumbJsonLd } from '../../components/layout/breadcrumbs';
import { toCardProduct } from '../product-card/card';
import { listingCrumbs, listingPayload, listingSlugs, relatedForListing, resolveListing } from './listing-data';

let seq = 0;
function product(over: Partial<Product> = {}): Product {
  seq += 1;
  const id = seq.toString(16).padStart(24, '0');
  return {
    _id: id,
    slug: `piece-${seq}`,
    name: `Piece ${seq}`,
    price: 1000 + seq,
    discountPrice: null,
    thumbnail: `/uploads/products/piece-${seq}-1.jpg`,
    image: [`/uploads/products/piece-${seq}-1.jpg`],
    img: `/uploads/products/piece-${seq}-1.jpg`,
    stock: 4,
    description: 'A piece.',
    tags: ['gift'],
    attributes: { Plating: 'Rhodium' },
    dynamicFields: [{ _id: id, fieldName: 'Care', value: 'Keep dry' }],
    relatedProducts: [],
    category: 'c1',
    subCategory: 'sub-rings',
    collections: [],
    featured: false,
    createdAt: new Date(Date.UTC(2026, 0, seq)).toISOString(),
    sizes: null,
    ...over,
  };
}

function snapshot(products: Product[], collections: Collection[], subcategories: Subcategory[]): CatalogueSnapshot {
  const productsByCollection = new Map(collections.map((c) => [c._id, products.filter((p) => p.collections.includes(c._id))]));
  const productsBySubcategory = new Map(subcategories.map((s) => [s._id, products.filter((p) => p.subCategory === s._id)]));
  return {
    categories: [],
    subcategories,
    navigation: [],
    collections,
    products,
    banners: [],
    headings: [],
    settings: {
      currencyRates: { INR: 1, USD: 1, AED: 1, EUR: 1, AUD: 1, GBP: 1 },
      grievanceOfficer: { name: '', email: '', phone: '', address: '' },
    },
    productById: new Map(products.map((p) => [p._id, p])),
    productsByCollection,
    productsBySubcategory,
    pairsById: new Map(),
  };
}

const collection = (slug: string, name: string, id = `col-${slug}`): Collection => ({ _id: id, slug, name, description: '', image: [] });
const sub = (slug: string, name: string, id = `sub-${slug}`): Subcategory => ({ _id: id, slug, name, category: 'c1', image: [] });

describe('listing sources', () => {
  const ring = product({ collections: ['col-shared'], subCategory: 'sub-shared' });
  const band = product({ subCategory: 'sub-bands', relatedProducts: [] });
  const other = product({ featured: true, subCategory: 'sub-bands' });
  band.relatedProducts = [{ ...toCardProduct(ring), img: ring.img, sized: false }];
  const snap = snapshot(
    [ring, band, other],
    [collection('shared', 'Shared Collection', 'col-shared'), collection('', 'No Slug', 'col-noslug')],
    [sub('shared', 'Shared Sub', 'sub-shared'), sub('bands', 'Bands', 'sub-bands'), sub('nameless', '', 'sub-nameless')],
  );

  it('pre-renders every collection and subcategory slug once, ids for missing slugs, and not "products"', () => {
    expect(listingSlugs(snap).sort()).toEqual(['bands', 'col-noslug', 'nameless', 'shared'].sort());
  });

  it('prefers the collection when a collection and a subcategory share a slug', () => {
    const source = resolveListing(snap, 'shared')!;
    expect(source.kind).toBe('collection');
    expect(source.title).toBe('Shared Collection');
  });

  it('titles a subcategory by its name, falling back to "Products"', () => {
    expect(resolveListing(snap, 'bands')!.title).toBe('Bands');
    expect(resolveListing(snap, 'nameless')!.title).toBe('Products');
    expect(resolveListing(snap, 'products')!.products).toHaveLength(3);
    expect(resolveListing(snap, 'unknown')).toBeNull();
  });

  it('builds a compact payload, newest first, with facets and a first page', () => {
    const payload = listingPayload(resolveListing(snap, 'products')!, 2);
    expect(payload.total).toBe(3);
    expect(payload.firstPage.items.map((i) => i._id)).toEqual([other._id, band._id]);
    // Every piece has the same tag, plating and care note: groups that cannot narrow the grid are left out.
    expect(payload.all.facets).toEqual([]);
    expect(payload.all.items[0]).toEqual({ ...toCardProduct(other), createdAt: Date.parse(other.createdAt), facets: [] });
    expect(payload.bounds).toEqual({ floor: 1000, ceil: 1100 });
    // Descriptions, image lists and related products stay out of the page.
    expect(Object.keys(payload.all.items[0]!)).not.toContain('description');
  });

  it('suggests related pieces that are not on the listing, then featured ones', () => {
    const related = relatedForListing(snap, resolveListing(snap, 'bands')!);
    expect(related.map((r) => r._id)).toEqual([ring._id]);
  });

  it('describes the breadcrumb trail for search engines', () => {
    const crumbs = listingCrumbs(resolveListing(snap, 'bands')!);
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Products', 'Bands']);
    expect(breadcrumbJsonLd(crumbs, '/collections/bands', 'https://shop.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Products', item: 'https://shop.example/collections/products' },
        { '@type': 'ListItem', position: 3, name: 'Bands', item: 'https://shop.example/collections/bands' },
      ],
    });
  });
});
