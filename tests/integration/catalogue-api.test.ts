import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase, call } from '../setup/test-db';
import { makeCatalogue } from '../fixtures/catalogue';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import getCategory from '@functions/get_category';
import getCategoryDetails from '@functions/get_category_details';
import getSubcategory from '@functions/get_subcategory';
import getBanner from '@functions/get_banner';
import getBannerById from '@functions/get_banner_by_id';
import getCollections from '@functions/get_collections';
import getFeatured from '@functions/get_featured_products';
import getFilters from '@functions/get_filter_by_products';
import getCollectionProducts from '@functions/get_collection_products';
import subcategory from '@functions/subcategory';
import getPairs from '@functions/getpair_products';
import getProducts from '@functions/get_products';
import getHeading from '@functions/get_heading';
import availability from '@functions/product_availability';

setupTestDatabase();

beforeAll(async () => {
  const report = await importCatalogue(makeCatalogue(), { overwriteStock: true });
  expect(report.errors).toEqual([]);
});

describe('catalogue API', () => {
  it('lists categories with _id and name, cacheable by the CDN', async () => {
    const r = await call(getCategory, '/api/get_category');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.categories.map((c: { name: string }) => c.name)).toEqual(['Rings', 'Earrings']);
    expect(r.body.categories[0]._id).toMatch(/^[0-9a-f]{24}$/);
    expect(r.headers.get('netlify-cdn-cache-control')).toMatch(/public, durable, max-age=\d+/);
  });

  it("lists a category's subcategories, 404 for an unknown id and 400 for a malformed one", async () => {
    const rings = stableId('categories', 'rings').toHexString();
    const ok = await call(getCategoryDetails, `/api/get_category_details/${rings}`);
    expect(ok.body.subCategories.map((s: { name: string }) => s.name)).toEqual(['Adjustable Rings', 'Couple Bands']);
    const unknown = await call(getCategoryDetails, `/api/get_category_details/${'a'.repeat(24)}`);
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'Category not found' } });
    const bad = await call(getCategoryDetails, '/api/get_category_details/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toMatch(/24-character hex id/);
  });

  it('lists subcategories with image URLs under the uploads base', async () => {
    const r = await call(getSubcategory, '/api/get_subcategory');
    expect(r.body.subCategories).toHaveLength(3);
    expect(r.body.subCategories[0]).toMatchObject({
      name: 'Adjustable Rings',
      slug: 'adjustable-rings',
      image: ['/uploads/subcategories/adjustable-rings.jpg'],
    });
  });

  it('lists banners with the API contract’s field names', async () => {
    const r = await call(getBanner, '/api/get_banner');
    expect(r.body.banners).toHaveLength(3);
    expect(r.body.banners[0]).toMatchObject({
      type: 'web',
      status: 'active',
      imageType: 'Banner',
      Heading: 'Festive Edit',
      URL: '',
      image: '/uploads/banners/festive-web.jpg',
    });
    expect(r.body.banners[1].URL).toBe('https://example.com/sale');
    expect(r.body.banners[2].imageType).toBe('PromoBanner');
  });

  it('resolves a banner page with its products, 404 for unknown', async () => {
    const id = stableId('banners', 'festive-web').toHexString();
    const r = await call(getBannerById, `/api/get-banner/${id}`);
    expect(r.body.banner.Heading).toBe('Festive Edit');
    expect(r.body.banner.productDetails.map((p: { slug: string }) => p.slug)).toEqual(['lotus-ring', 'temple-jhumka']);
    expect((await call(getBannerById, `/api/get-banner/${'b'.repeat(24)}`)).status).toBe(404);
  });

  it('lists collections, featured products and headings', async () => {
    expect((await call(getCollections, '/api/get_Collection')).body.collections.map((c: { slug: string }) => c.slug)).toEqual([
      'bridal-edit',
      'everyday-minimal',
    ]);
    const featured = (await call(getFeatured, '/api/get_featured-products')).body.featuredPro;
    expect(featured.map((p: { slug: string }) => p.slug).sort()).toEqual(['lotus-ring', 'temple-jhumka']);
    const heading = (await call(getHeading, '/api/get_heading')).body.heading;
    expect(heading).toEqual([
      expect.objectContaining({ message: 'Free shipping on prepaid orders', isVisible: true }),
      expect.objectContaining({ message: 'Hidden message', isVisible: false }),
    ]);
  });

  it('returns a collection with its products, "products" for everything, 404 for unknown', async () => {
    const r = await call(getCollectionProducts, '/api/get-collection/bridal-edit');
    expect(r.body.collection.name).toBe('Bridal Edit');
    expect(r.body.products.map((p: { slug: string }) => p.slug).sort()).toEqual(['lotus-ring', 'temple-jhumka']);
    const all = await call(getCollectionProducts, '/api/get-collection/products');
    expect(all.body.products).toHaveLength(4);
    expect((await call(getCollectionProducts, '/api/get-collection/nope')).status).toBe(404);
  });

  it('returns a subcategory by slug or by id, with products', async () => {
    const bySlug = await call(subcategory, '/api/subcategory/couple-bands');
    expect(bySlug.body.subCategory.name).toBe('Couple Bands');
    expect(bySlug.body.products.map((p: { slug: string }) => p.slug)).toEqual(['sold-out-band']);
    const byId = await call(subcategory, `/api/subcategory/${bySlug.body.subCategory._id}`);
    expect(byId.body.subCategory.slug).toBe('couple-bands');
  });

  it('offers filters built from the listing', async () => {
    const r = await call(getFilters, '/api/get-filter-by-products/bridal-edit');
    expect(r.body.filters.tags).toEqual(['bridal', 'gift', 'temple']);
    expect(r.body.filters.attributes.Plating.options).toEqual([
      { value: 'Gold Plated', label: 'Gold Plated' },
      { value: 'Rhodium', label: 'Rhodium' },
    ]);
    expect(r.body.filters.dynamicFields.Weight).toEqual(['3.1 g']);
  });

  it('returns a product by slug (any case) or id, with related products and the API contract’s fields', async () => {
    const r = await call(getProducts, '/api/getProducts/Lotus-Ring');
    expect(r.status).toBe(200);
    const p = r.body.products;
    expect(p).toMatchObject({
      slug: 'lotus-ring',
      price: 1499,
      discountPrice: 1299,
      thumbnail: '/uploads/products/lotus-ring-1.jpg',
      img: '/uploads/products/lotus-ring-1.jpg',
      attributes: { Plating: 'Rhodium', Stone: 'Cubic Zirconia' },
    });
    expect(p.dynamicFields[0]).toMatchObject({ fieldName: 'Weight', value: '3.1 g' });
    expect(p.relatedProducts).toEqual([expect.objectContaining({ slug: 'leaf-ring', name: 'Leaf Ring', price: 899, stock: 10 })]);
    expect((await call(getProducts, `/api/getProducts/${p._id}`)).body.products.slug).toBe('lotus-ring');
    expect((await call(getProducts, '/api/getProducts/missing-ring')).status).toBe(404);
    const bad = await call(getProducts, '/api/getProducts/%7B%22%24gt%22%3A%22%22%7D');
    expect(bad.status).toBe(400);
  });

  it('returns pair products', async () => {
    const r = await call(getPairs, '/api/getpair_products/lotus-ring');
    expect(r.body).toMatchObject({ success: true, pairProducts: [expect.objectContaining({ slug: 'temple-jhumka' })] });
  });

  it('answers live availability for a list of ids and rejects bad ids', async () => {
    const lotus = stableId('products', 'lotus-ring').toHexString();
    const sold = stableId('products', 'sold-out-band').toHexString();
    const r = await call(availability, `/api/product-availability?ids=${lotus},${sold}`);
    expect(r.body.products).toEqual([
      { _id: lotus, price: 1499, discountPrice: 1299, stock: 10, sizes: null },
      { _id: sold, price: 2499, discountPrice: null, stock: 0, sizes: null },
    ]);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect((await call(availability, '/api/product-availability')).status).toBe(400);
    expect((await call(availability, '/api/product-availability?ids=xyz')).status).toBe(400);
  });

  it('answers 405 with JSON for a wrong method', async () => {
    const r = await call(getCategory, '/api/get_category', { method: 'POST', body: '{}' });
    expect(r).toMatchObject({ status: 405, body: { success: false } });
  });
});
