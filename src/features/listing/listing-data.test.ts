import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '@server/services/catalogue.snapshot';
import type { Category, Collection, Product, Subcategory } from '@shared/types';
import { breadcrumbJsonLd } from '../../components/layout/breadcrumbs';
import { toCardProduct } from '../product-card/card';
import { categorySlugClashes, listingCrumbs, listingPayload, listingSlugs, relatedForListing, resolveListing } from './listing-data';

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

function snapshot(
  products: Product[],
  collections: Collection[],
  subcategories: Subcategory[],
  categories: Category[] = [],
): CatalogueSnapshot {
  const productsByCollection = new Map(collections.map((c) => [c._id, products.filter((p) => p.collections.includes(c._id))]));
  const productsBySubcategory = new Map(subcategories.map((s) => [s._id, products.filter((p) => p.subCategory === s._id)]));
  const subsOf = (c: Category) => new Set(subcategories.filter((s) => s.category === c._id).map((s) => s._id));
  const productsByCategory = new Map(categories.map((c) => [c._id, products.filter((p) => subsOf(c).has(p.subCategory))]));
  return {
    categories,
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
    productsByCategory,
    pairsById: new Map(),
    archived: [],
    moved: [],
  };
}

const collection = (slug: string, name: string, id = `col-${slug}`): Collection => ({ _id: id, slug, name, description: '', image: [] });
const sub = (slug: string, name: string, id = `sub-${slug}`, category = 'c1'): Subcategory => ({
  _id: id,
  slug,
  name,
  category,
  image: [],
});
const category = (slug: string, name: string, id = `cat-${slug}`): Category => ({ _id: id, slug, name });

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
    // The snapshot has no category c1, so the trail falls back to every product.
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

describe('category listings', () => {
  const adjustable = product({ subCategory: 'sub-adjustable' });
  const band = product({ subCategory: 'sub-bands', tags: ['couple'], attributes: { Plating: 'Oxidised' } });
  const stud = product({ subCategory: 'sub-studs' });
  const loose = product({ subCategory: 'sub-gone' });
  const cats = [category('rings', 'Rings', 'c-rings'), category('earrings', 'Earrings', 'c-earrings'), category('', 'No Slug', 'c-noslug')];
  const subs = [
    sub('adjustable-rings', 'Adjustable Rings', 'sub-adjustable', 'c-rings'),
    sub('couple-bands', 'Couple Bands', 'sub-bands', 'c-rings'),
    sub('studs', 'Studs', 'sub-studs', 'c-earrings'),
  ];
  const snap = snapshot([adjustable, band, stud, loose], [collection('bridal', 'Bridal')], subs, cats);

  it('pre-renders each category beside the collections and subcategories, by id when it has no slug', () => {
    expect(listingSlugs(snap).sort()).toEqual(['adjustable-rings', 'bridal', 'c-noslug', 'couple-bands', 'earrings', 'rings', 'studs']);
  });

  it('lists every product of all its subcategories, with filters from those products', () => {
    const rings = resolveListing(snap, 'rings')!;
    expect(rings).toMatchObject({ kind: 'category', title: 'Rings' });
    expect(rings.products.map((p) => p._id).sort()).toEqual([adjustable._id, band._id].sort());
    expect(rings.description).toMatch(/^Shop rings in hallmarked 92\.5 sterling silver at Chandi Kala: 2 handcrafted pieces/);
    const payload = listingPayload(rings);
    expect(payload.total).toBe(2);
    expect(payload.firstPage.items.map((i) => i._id)).toEqual([band._id, adjustable._id]);
    // The two rings differ in tag and plating, so both narrow the category's grid.
    expect(new Set(payload.all.facets.map(([kind, name]) => `${kind}:${name}`))).toEqual(new Set(['tag:', 'attr:Plating']));
    expect(resolveListing(snap, 'c-noslug')!.products).toEqual([]);
  });

  it('trails Home › Category on a category and Home › Category › Subcategory on its subcategories', () => {
    expect(listingCrumbs(resolveListing(snap, 'rings')!)).toEqual([{ name: 'Home', href: '/' }, { name: 'Rings' }]);
    expect(listingCrumbs(resolveListing(snap, 'couple-bands')!)).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Rings', href: '/collections/rings' },
      { name: 'Couple Bands' },
    ]);
    // Collections belong to no category: they keep Home › Products › Collection.
    expect(listingCrumbs(resolveListing(snap, 'bridal')!).map((c) => c.name)).toEqual(['Home', 'Products', 'Bridal']);
  });

  it('refuses to build when a category shares its slug with a subcategory, a collection or every product', () => {
    expect(categorySlugClashes(snap)).toEqual([]);
    const clashing = snapshot(
      [],
      [collection('bridal', 'Bridal')],
      [sub('studs', 'Studs', 'sub-studs', 'c-studs')],
      [category('studs', 'Studs', 'c-studs'), category('bridal', 'Bridal Sets'), category('products', 'All'), category('rings', 'Rings')],
    );
    expect(categorySlugClashes(clashing)).toEqual([
      'category "Studs" has the slug "studs" of subcategory "Studs": /collections/studs would be two listings',
      'category "Bridal Sets" has the slug "bridal" of collection "Bridal": /collections/bridal would be two listings',
      'category "All" has the slug "products" of the listing of every product: /collections/products would be two listings',
    ]);
    expect(() => listingSlugs(clashing)).toThrow(/^Catalogue slugs clash: category "Studs" has the slug "studs"/);
  });
});
