import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { catalogueService } from '@server/services/catalogue.service';
import { catalogueRepository } from '@server/repositories/catalogue.repository';
import { catalogueWriteRepository } from '@server/repositories/catalogue-write.repository';
import { csvToCatalogue } from '../../scripts/lib/catalogue-csv';

setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';

describe('catalogue import', () => {
  it('reports every bad row with its section, row, slug and field, and writes nothing', async () => {
    const bad = makeCatalogue([
      ...defaultProducts(),
      makeProduct({ slug: 'Bad Slug', price: -5 }),
      makeProduct({ slug: 'orphan', subcategory: 'no-such-sub' }),
      makeProduct({ slug: 'cheap', price: 500, discountPrice: 600 }),
    ]);
    const report = await importCatalogue(bad);
    expect(report.ok).toBe(false);
    const messages = report.errors.map((e) => `${e.section}[${e.row}] ${e.key}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^products\[5\] Bad Slug: slug: A web address may only hold/),
        expect.stringMatching(/^products\[5\] Bad Slug: price: The price must be more than ₹0/),
        expect.stringMatching(/^products\[7\] cheap: discountPrice: The discount price must be lower than the price/),
      ]),
    );
    expect(await catalogueRepository.productCount()).toBe(0);
  });

  it('stores the back office’s fields a file gives, a status included, from JSON and from CSV columns', async () => {
    const report = await importCatalogue(
      makeCatalogue([
        ...defaultProducts(),
        makeProduct({ slug: 'weighed-ring', hsn: '7113', weightGrams: 3.4, seoTitle: 'Weighed ring', status: 'active' }),
        makeProduct({ slug: 'draft-ring', status: 'draft' }),
      ]),
    );
    expect(report.ok).toBe(true);
    const stored = await catalogueWriteRepository.stored(['products']);
    expect(stored.products.find((p) => p.slug === 'weighed-ring')).toMatchObject({
      hsn: '7113',
      weightGrams: 3.4,
      seoTitle: 'Weighed ring',
    });
    // A draft is stored but shown to nobody: not in the public API, not in listings.
    expect(stored.products.find((p) => p.slug === 'draft-ring')).toMatchObject({ status: 'draft' });
    expect(await catalogueRepository.productBySlugOrId('draft-ring')).toBeNull();
    expect((await catalogueRepository.products()).map((p) => p.slug)).not.toContain('draft-ring');

    const csv = [
      'slug,name,price,stock,subcategory,image,status,weightGrams,hsn,seoTitle,seoDescription,imageAlt,making,stoneCharge',
      'weighed-ring,Weighed Ring,1299,4,adjustable-rings,products/weighed-ring-1.jpg|products/weighed-ring-2.jpg,archived,3.6,711311,Weighed ring in silver,A ring.,|Weighed ring from the side,18%,150',
      'plain-ring,Plain Ring,999,2,adjustable-rings,products/plain-ring-1.jpg,,,,,,,,',
    ].join('\n');
    const rows = csvToCatalogue(csv);
    expect(rows[1]).not.toHaveProperty('status');
    expect(rows[1]).not.toHaveProperty('hsn');
    expect(rows[1]).not.toHaveProperty('pricing');
    const fromCsv = await importCatalogue(makeCatalogue([...defaultProducts(), ...(rows as never[])]));
    expect(fromCsv.errors).toEqual([]);
    const again = await catalogueWriteRepository.stored(['products']);
    expect(again.products.find((p) => p.slug === 'weighed-ring')).toMatchObject({
      status: 'archived',
      weightGrams: 3.6,
      hsn: '711311',
      seoTitle: 'Weighed ring in silver',
      seoDescription: 'A ring.',
      // Alt text keeps its place: the first photo has none written yet.
      imageAlt: ['', 'Weighed ring from the side'],
      pricing: { making: { kind: 'percent', value: 18 }, stone: 150 },
    });
    // The tests after this one start from an empty catalogue.
    await catalogueWriteRepository.clearCatalogue();
  });

  it('rejects references to rows that exist nowhere, writing nothing', async () => {
    const report = await importCatalogue(
      makeCatalogue([...defaultProducts(), makeProduct({ slug: 'orphan', subcategory: 'no-such-sub', related: ['ghost'] })]),
    );
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'products', key: 'orphan', message: 'subcategory "no-such-sub" does not exist' }),
        expect.objectContaining({ section: 'products', key: 'orphan', message: 'related product "ghost" does not exist' }),
      ]),
    );
    expect(await catalogueRepository.productCount()).toBe(0);
  });

  it('refuses a category whose slug is already a subcategory, collection or every-product listing, writing nothing', async () => {
    // All four share /collections/{slug}; two listings cannot have one URL.
    const file = makeCatalogue();
    file.categories = [
      ...(file.categories ?? []),
      { slug: 'jhumkas', name: 'Jhumka' },
      { slug: 'bridal-edit', name: 'Bridal' },
      { slug: 'products', name: 'Products' },
    ];
    const report = await importCatalogue(file);
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([
      { section: 'categories', row: 3, key: 'jhumkas', message: 'slug "jhumkas" is already the slug of subcategory "jhumkas"' },
      { section: 'categories', row: 4, key: 'bridal-edit', message: 'slug "bridal-edit" is already the slug of collection "bridal-edit"' },
      { section: 'categories', row: 5, key: 'products', message: 'slug "products" is already the slug of the listing of every product' },
    ]);
    expect(await catalogueRepository.productCount()).toBe(0);
  });

  it('upserts a valid catalogue, and a re-import keeps live stock unless told to overwrite it', async () => {
    expect((await importCatalogue(makeCatalogue(), { overwriteStock: true })).ok).toBe(true);
    const lotus = await catalogueService.productBySlugOrId('lotus-ring');
    expect(lotus.stock).toBe(10);

    // Orders move stock between imports; an editor's price change must not undo that.
    const edited = makeCatalogue(defaultProducts().map((p) => (p.slug === 'lotus-ring' ? { ...p, price: 1599, stock: 99 } : p)));
    expect((await importCatalogue(edited)).ok).toBe(true);
    const after = await catalogueService.productBySlugOrId('lotus-ring');
    expect(after).toMatchObject({ _id: lotus._id, price: 1599, stock: 10 });

    expect((await importCatalogue(edited, { overwriteStock: true })).ok).toBe(true);
    expect((await catalogueService.productBySlugOrId('lotus-ring')).stock).toBe(99);
    expect(await catalogueRepository.productCount()).toBe(4);
  });

  it('imports products from CSV that refer to subcategories already in the database', async () => {
    const csv = [
      'slug,name,price,discountPrice,stock,subcategory,description,image,tags,attributes,dynamicFields',
      'moon-studs,"Moon Studs, Pair",799,,12,jhumkas,"Crescent studs in 92.5 silver.",products/moon-studs-1.jpg|products/moon-studs-2.jpg,gift|minimal,Plating=Rhodium,Weight=2.1 g',
    ].join('\n');
    const report = await importCatalogue({ products: csvToCatalogue(csv) });
    expect(report).toMatchObject({ ok: true, errors: [] });
    const p = await catalogueService.productBySlugOrId('moon-studs');
    expect(p).toMatchObject({
      name: 'Moon Studs, Pair',
      price: 799,
      discountPrice: null,
      stock: 12,
      tags: ['gift', 'minimal'],
      attributes: { Plating: 'Rhodium' },
    });
    const jhumkas = await catalogueService.subcategoryListing('jhumkas');
    expect(p.category).toBe(jhumkas.subCategory.category);
  });

  it('makes the slug of a row that has none from its name, and says so when the name cannot make one', async () => {
    const { slug: _none, ...toeRings } = makeProduct({ name: 'Silver Toe Rings, Pair', subcategory: 'toe-rings' });
    const catalogue = makeCatalogue([...defaultProducts(), toeRings]);
    catalogue.subcategories!.push({ name: 'Toe Rings', category: 'rings' });
    expect(await importCatalogue(catalogue, { overwriteStock: true })).toMatchObject({ ok: true, errors: [] });
    expect(await catalogueService.productBySlugOrId('silver-toe-rings-pair')).toMatchObject({ name: 'Silver Toe Rings, Pair' });
    expect((await catalogueService.subcategoryListing('toe-rings')).subCategory).toMatchObject({ name: 'Toe Rings', slug: 'toe-rings' });

    const hindiOnly = makeCatalogue([...defaultProducts()]);
    hindiOnly.collections!.push({ name: 'पायल' });
    const report = await importCatalogue(hindiOnly);
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([
      expect.objectContaining({
        section: 'collections',
        row: 3,
        message: expect.stringMatching(/^slug: slug is required: the name has no letters/),
      }),
    ]);
  });

  it('refuses keys MongoDB cannot store and unknown fields', async () => {
    const report = await importCatalogue({ products: [{ ...makeProduct(), attributes: { 'a.b': 'x' } }], extra: [] });
    expect(report.ok).toBe(false);
    expect(report.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['unknown section "extra"', expect.stringMatching(/must not contain "\." or start with "\$"/)]),
    );
  });

  it('says what an import changes, so a stock-only file can be published without a rebuild', async () => {
    await catalogueWriteRepository.clearCatalogue();
    const first = await importCatalogue(makeCatalogue(), { overwriteStock: true });
    expect(first).toMatchObject({ ok: true, change: 'content', changes: { products: { added: 4, changed: 0, stock: 0, unchanged: 0 } } });

    // The same file again changes nothing, whatever the stock column says, as long as stock is not overwritten.
    const again = makeCatalogue(defaultProducts().map((p) => ({ ...p, stock: 3 })));
    expect(await importCatalogue(again)).toMatchObject({
      ok: true,
      change: 'none',
      changes: { products: { unchanged: 4 }, settings: { unchanged: 1 } },
    });

    const restock = makeCatalogue(defaultProducts().map((p) => (p.slug === 'sold-out-band' ? { ...p, stock: 5 } : p)));
    const dry = await importCatalogue(restock, { overwriteStock: true, dryRun: true });
    expect(dry).toMatchObject({ ok: true, change: 'stock', changes: { products: { added: 0, changed: 0, stock: 1, unchanged: 3 } } });
    expect((await catalogueService.productBySlugOrId('sold-out-band')).stock).toBe(0);
    expect(await importCatalogue(restock, { overwriteStock: true })).toMatchObject({ ok: true, change: 'stock' });
    expect((await catalogueService.productBySlugOrId('sold-out-band')).stock).toBe(5);

    // Stock plus anything a page shows (here a heading) is a content change. (sold-out-band's stock goes back to 0 too.)
    const both = makeCatalogue(defaultProducts().map((p) => (p.slug === 'lotus-ring' ? { ...p, stock: 1 } : p)));
    both.headings = [{ message: 'Free shipping on prepaid orders', isVisible: true }];
    expect(await importCatalogue(both, { overwriteStock: true })).toMatchObject({
      change: 'content',
      changes: { products: { stock: 2 }, headings: { unchanged: 1, changed: 1 } },
    });
  });
});
