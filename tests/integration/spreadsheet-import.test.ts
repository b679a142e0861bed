import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { makeCatalogue } from '../fixtures/catalogue';
import { sampleShopifyExport, shopifyCsv } from '../fixtures/shopify';
import { catalogueRepository } from '@server/repositories/catalogue.repository';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { catalogueService } from '@server/services/catalogue.service';
import { runImport } from '../../scripts/lib/import-command';

setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';

const dir = mkdtempSync(join(tmpdir(), 'shopify-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const exportFile = join(dir, 'products_export_1.csv');
writeFileSync(exportFile, '\uFEFF' + shopifyCsv(sampleShopifyExport()));

async function run(argv: string[]) {
  const out: string[] = [];
  const code = await runImport(argv, { env: { UPLOADS_BASE: '/uploads' }, out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out: out.join('\n') };
}

beforeAll(async () => {
  expect((await importCatalogue(makeCatalogue(), { overwriteStock: true })).ok).toBe(true);
});

describe('catalogue:import of a Shopify product export', () => {
  it('names the spreadsheet row and handle of a Type that is not one of our subcategories, and writes nothing', async () => {
    const before = await catalogueRepository.productCount();
    const { code, out } = await run([exportFile]);
    expect(code).toBe(1);
    expect(out).toContain(
      'Reading ' + exportFile + ' as a Shopify product export: 3 product(s), 1 of them sold in sizes (one size per variant).',
    );
    expect(out).toContain(`${exportFile}: 1 problem(s); nothing was written.`);
    expect(out).toContain('  row 7 (gold-hoops): subcategory "hoops" does not exist');
    expect(await catalogueRepository.productCount()).toBe(before);
  });

  it('imports a ring’s variants as its sizes once its Type is mapped, each size with its own stock, and lists the images to upload', async () => {
    const list = join(dir, 'images.tsv');
    const { code, out } = await run([exportFile, '--set-stock', '--subcategory', 'Hoops=jhumkas', '--image-list', list]);
    expect(code).toBe(0);
    // lotus-ring and temple-jhumka were already in the shop: the export updates them in place.
    expect(out).toContain('Imported products_export_1.csv: products 1 new, 2 changed.');
    expect(out).toContain('Skipped 1 product(s) that are not active in Shopify');
    expect(out).toContain(
      `Images: 6 Shopify image(s) are stored as paths such as products/lotus-ring-1.jpg; upload each file there under UPLOADS_BASE (/uploads) before the pages can show it. URL and path of each: ${list}.`,
    );
    expect(readFileSync(list, 'utf8').split('\n')[0]).toBe(
      'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/lotus-ring-1.jpg?v=1699999999\tproducts/lotus-ring-1.jpg',
    );

    const lotus = await catalogueService.productBySlugOrId('lotus-ring');
    expect(lotus).toMatchObject({
      name: 'Lotus Ring',
      price: 1499,
      discountPrice: 1299,
      // The sizes' total: 5 of size 6, none of 7, and 8 was oversold in Shopify.
      stock: 5,
      thumbnail: '/uploads/products/lotus-ring-1.jpg',
      sizes: {
        name: 'Ring size',
        guide: 'ring',
        values: [
          { value: '6', price: 1499, discountPrice: 1299, stock: 5 },
          { value: '7', price: 1499, discountPrice: 1299, stock: 0 },
          { value: '8', price: 1349, discountPrice: null, stock: 0 },
        ],
      },
    });
    const rings = await catalogueService.subcategoryListing('adjustable-rings');
    expect(rings.products.map((p: { slug: string }) => p.slug)).toContain('lotus-ring');
    expect(rings.products.map((p: { slug: string }) => p.slug)).not.toContain('lotus-ring-6');
    expect((await catalogueService.productBySlugOrId('gold-hoops')).stock).toBe(7);
    expect(await catalogueService.productBySlugOrId('temple-jhumka')).toMatchObject({
      price: 3299,
      description: 'Kemp stones & ghungroo.',
      sizes: null,
    });
    // What Shopify's export does not carry (collections, featured) stays as the shop's editors set it.
    expect((await catalogueService.collectionListing('bridal-edit')).products.map((p) => p.slug)).toContain('temple-jhumka');
    expect((await catalogueService.featuredProducts()).map((p) => p.slug)).toContain('temple-jhumka');
    await expect(catalogueService.productBySlugOrId('draft-pendant')).rejects.toThrow();

    // A stock count from the next export changes one size only: a stock-only change, no rebuild.
    const recount = sampleShopifyExport().map((r) => (r['Variant SKU'] === 'LR-7' ? { ...r, 'Variant Inventory Qty': '4' } : r));
    writeFileSync(join(dir, 'recount.csv'), shopifyCsv(recount));
    const again = await run([join(dir, 'recount.csv'), '--set-stock', '--subcategory', 'Hoops=jhumkas']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('products 1 with new stock only, 2 unchanged');
    expect((await catalogueService.productBySlugOrId('lotus-ring')).sizes?.values.map((v: { stock: number }) => v.stock)).toEqual([
      5, 4, 0,
    ]);
  });

  it('refuses Shopify options on other files', async () => {
    const json = join(dir, 'catalogue.json');
    writeFileSync(json, JSON.stringify(makeCatalogue()));
    expect(await run([json, '--subcategory', 'rings'])).toEqual({
      code: 2,
      out: '--subcategory, --image-dir and --image-list apply to Shopify product exports only.',
    });
  });
});

describe('catalogue:import of our product CSV', () => {
  it('reports problems by spreadsheet row, counting a quoted line break as part of its row', async () => {
    const csv = join(dir, 'products.csv');
    writeFileSync(
      csv,
      [
        'slug,name,price,stock,subcategory,description,image',
        'moon-studs,Moon Studs,799,12,jhumkas,"Crescent studs.\nTwo lines.",products/moon-studs-1.jpg',
        'sun-studs,Sun Studs,-1,3,jhumkas,,products/sun-studs-1.jpg',
        'star-studs,Star Studs,899,3,no-such-sub,,products/star-studs-1.jpg',
      ].join('\n'),
    );
    const { code, out } = await run([csv]);
    expect(code).toBe(1);
    expect(out).toContain('  row 3 (sun-studs): price: The price must be more than ₹0');
    const fixed = readFileSync(csv, 'utf8').replace(',-1,', ',999,');
    writeFileSync(csv, fixed);
    expect((await run([csv])).out).toContain('  row 4 (star-studs): subcategory "no-such-sub" does not exist');
  });
});
