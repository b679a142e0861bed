import { describe, expect, it } from 'vitest';
import { htmlToText, isShopifyHeader, shopifyCsvToCatalogue } from './shopify-csv';
import { SHOPIFY_COLUMNS, sampleShopifyExport, shopifyCsv, type ShopifyRow } from '../../tests/fixtures/shopify';

describe('htmlToText', () => {
  it('keeps the words of Body (HTML) as plain text and drops anything executable', () => {
    expect(
      htmlToText(
        '<h2>Care</h2><p>Wipe&nbsp;with a <em>soft</em> cloth.<br>Store dry.</p><ul><li>92.5 silver</li><li>Fits 6&ndash;8</li></ul>' +
          '<script>alert(1)</script><style>p{}</style><!-- note --><img src=x onerror="alert(2)"><p>&lt;b&gt; is text, &#8377;1,299 &#x2764;</p>',
      ),
    ).toBe('Care\n\nWipe with a soft cloth.\nStore dry.\n\n• 92.5 silver\n• Fits 6–8\n\n<b> is text, ₹1,299 ❤');
    expect(htmlToText('')).toBe('');
  });

  it('decodes every named entity and keeps a paragraph inside a list item on its bullet', () => {
    expect(htmlToText('<p>Caf&eacute; finish</p><ol><li><p>Oxidised</p></li><li>Matte</li></ol>')).toBe(
      'Café finish\n\n• Oxidised\n\n• Matte',
    );
  });
});

describe('shopifyCsvToCatalogue', () => {
  it('recognises an export by its Handle and Title columns', () => {
    expect(isShopifyHeader(SHOPIFY_COLUMNS)).toBe(true);
    expect(isShopifyHeader(['slug', 'name', 'price'])).toBe(false);
  });

  it('makes a product whose variants run along one option one product sold in sizes, each with its stock, SKU and own price', () => {
    const { products, sources, errors, notes, images } = shopifyCsvToCatalogue(shopifyCsv(sampleShopifyExport()), {
      subcategoryMap: new Map([['hoops', 'jhumkas']]),
    });
    expect(errors).toEqual([]);
    expect(products.map((p) => p['slug'])).toEqual(['lotus-ring', 'temple-jhumka', 'gold-hoops']);
    expect(sources.map((s) => s.row)).toEqual([2, 6, 7]);
    expect(products[0]).toEqual({
      slug: 'lotus-ring',
      name: 'Lotus Ring',
      // Shopify's Compare At Price is the "was" price; Variant Price is what the shopper pays.
      price: 1499,
      discountPrice: 1299,
      sizes: {
        // 'Size' on a ring (its Product Category) reads as the ring size, with the ring-size guide.
        name: 'Ring size',
        guide: 'ring',
        values: [
          { value: '6', stock: 5, sku: 'LR-6' },
          { value: '7', stock: 0, sku: 'LR-7' },
          // Oversold in Shopify (-2) is none left here; priced apart from the others, so it keeps its own price.
          { value: '8', stock: 0, price: 1349, discountPrice: null, sku: 'LR-8' },
        ],
      },
      description: 'Hand-finished 92.5 sterling silver.\n\n• Rhodium plated\n• Size & fit: true to size',
      tags: ['bridal', 'gift'],
      attributes: {},
      subcategory: 'adjustable-rings',
      thumbnail: 'products/lotus-ring-1.jpg',
      // The sizes share the pictures; a variant's own picture joins them.
      image: ['products/lotus-ring-1.jpg', 'products/lotus-ring-2.jpg', 'products/lotus-ring-3.jpg', 'products/lotus-ring-8.jpg'],
    });
    expect(products[1]).toMatchObject({
      name: 'Temple Jhumka',
      attributes: {},
      related: [],
      description: 'Kemp stones & ghungroo.',
      price: 3299,
      stock: 4,
    });
    expect(products[1]).not.toHaveProperty('sizes');
    expect(products[2]).toMatchObject({ subcategory: 'jhumkas' });
    expect(images).toContainEqual({
      url: 'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/lotus-ring-1.jpg?v=1699999999',
      path: 'products/lotus-ring-1.jpg',
    });
    expect(images).toHaveLength(6);
    expect(notes).toEqual([
      'Skipped 1 product(s) that are not active in Shopify (draft, archived, unpublished or gift cards): draft-pendant.',
      '1 variant(s) had negative inventory in Shopify (oversold); imported with stock 0.',
    ]);
  });

  it('reads lengths as sizes and keeps variants along two options (size and colour) as products of their own', () => {
    const base = { Title: 'Box Chain', Type: 'Chains', 'Variant Inventory Qty': '3', 'Image Src': 'products/box.jpg', Status: 'active' };
    const chains = shopifyCsvToCatalogue(
      shopifyCsv([
        { ...base, Handle: 'box-chain', 'Option1 Name': 'Length', 'Option1 Value': '16"', 'Variant Price': '1799' },
        { Handle: 'box-chain', 'Option1 Value': '18 inch', 'Variant Price': '1999', 'Variant Inventory Qty': '2' },
      ]),
    );
    expect(chains.errors).toEqual([]);
    expect(chains.products[0]!['sizes']).toEqual({
      name: 'Length',
      guide: 'length',
      values: [
        { value: '16 in', stock: 3, sku: null },
        { value: '18 in', stock: 2, price: 1999, discountPrice: null, sku: null },
      ],
    });

    const ring = { Title: 'Duo Ring', Type: 'Adjustable Rings', 'Variant Inventory Qty': '1', 'Variant Price': '999', Status: 'active' };
    const twoOptions = shopifyCsvToCatalogue(
      shopifyCsv([
        {
          ...ring,
          Handle: 'duo-ring',
          'Option1 Name': 'Size',
          'Option1 Value': '7',
          'Option2 Name': 'Plating',
          'Option2 Value': 'Gold',
          'Image Src': 'products/duo.jpg',
        },
        { Handle: 'duo-ring', 'Option1 Value': '8', 'Option2 Value': 'Silver', 'Variant Price': '999', 'Variant Inventory Qty': '2' },
      ]),
    );
    expect(twoOptions.products.map((p) => [p['slug'], p['name'], p['attributes']])).toEqual([
      ['duo-ring-7-gold', 'Duo Ring – 7 / Gold', { Size: '7', Plating: 'Gold' }],
      ['duo-ring-8-silver', 'Duo Ring – 8 / Silver', { Size: '8', Plating: 'Silver' }],
    ]);
    expect(twoOptions.notes).toContain(
      '1 product(s) have variants along more than one option (e.g. size and colour): each variant became a product of its own: duo-ring.',
    );
  });

  it('takes the subcategory from Type, else Product Category, else --subcategory, and stores images under --image-dir', () => {
    const row = (r: ShopifyRow): ShopifyRow => ({
      Title: 'T',
      'Variant Inventory Qty': '1',
      'Variant Price': '100',
      'Image Src': 'rings/t.jpg',
      ...r,
    });
    const { products, errors } = shopifyCsvToCatalogue(
      shopifyCsv([
        row({ Handle: 'a', 'Product Category': 'Apparel & Accessories > Jewelry > Toe Rings' }),
        row({ Handle: 'b' }),
        row({ Handle: 'c', 'Image Src': 'https://cdn.shopify.com/s/files/1/x/Kada%20Front%20View.JPG?v=2' }),
      ]),
      { defaultSubcategory: 'kadas', imageDir: 'shopify/' },
    );
    expect(errors).toEqual([]);
    expect(products.map((p) => [p['subcategory'], p['thumbnail']])).toEqual([
      ['toe-rings', 'rings/t.jpg'],
      ['kadas', 'rings/t.jpg'],
      ['kadas', 'shopify/Kada-Front-View.JPG'],
    ]);
  });

  it('reports every problem by spreadsheet row, handle and Shopify column, and maps nothing it cannot', () => {
    const row = (r: ShopifyRow): ShopifyRow => ({
      Title: 'Ring',
      Type: 'Adjustable Rings',
      'Variant Inventory Qty': '1',
      'Variant Price': '100',
      'Image Src': 'https://cdn.shopify.com/s/files/ring.jpg',
      ...r,
    });
    const csv = shopifyCsv([
      row({ Handle: 'bad-price', 'Variant Price': '12x' }),
      row({ Handle: 'no-stock', 'Variant Inventory Qty': '' }),
      row({ Handle: 'no-type', Type: '' }),
      row({ Handle: 'no-image', 'Image Src': '' }),
      row({ Handle: 'ftp-image', 'Image Src': 'ftp://example.com/ring.jpg' }),
      row({ Handle: '' }),
      { Handle: 'no-title', 'Variant Price': '100' },
      row({ Handle: 'Bad Handle' }),
      row({ Handle: 'same-file', 'Image Src': 'https://cdn.shopify.com/s/files/other/ring.jpg' }),
      row({ Handle: 'cheap', 'Variant Price': '0' }),
    ]);
    const { products, errors } = shopifyCsvToCatalogue(csv);
    expect(errors.map((e) => `row ${e.row} (${e.key}) ${e.message}`)).toEqual([
      'row 7 () Handle: is empty; every row names the product it belongs to',
      'row 2 (bad-price) Variant Price: "12x" is not an amount in rupees',
      'row 3 (no-stock) Variant Inventory Qty: is empty; fill in the stock of this variant',
      'row 4 (no-type) Type: is empty (and so is Product Category): name a subcategory there, or pass --subcategory <slug>',
      'row 5 (no-image) Image Src: is empty on every row of this handle; a product needs at least one image',
      'row 6 (ftp-image) Image Src: "ftp://example.com/ring.jpg" is neither an http(s) URL nor a relative image path such as products/ring.jpg',
      "row 8 (no-title) Title: is empty on every row of this handle; the product's first row carries its Title",
      'row 9 (Bad Handle) Handle: A web address may only hold lower-case letters, digits and hyphens',
      'row 10 (same-file) Image Src: https://cdn.shopify.com/s/files/other/ring.jpg and https://cdn.shopify.com/s/files/ring.jpg would both be stored as products/ring.jpg; rename one in Shopify or import them apart',
      'row 11 (cheap) Variant Price: The price must be more than ₹0',
    ]);
    expect(products.map((p) => p['slug'])).toEqual([]);
  });

  it('needs the Shopify columns it maps, and stock from the export when stock is to be overwritten', () => {
    const noPrice = shopifyCsvToCatalogue(shopifyCsv([{ Handle: 'a', Title: 'A' }], ['Handle', 'Title']));
    expect(noPrice.errors.map((e) => [e.row, e.message])).toEqual([[1, 'missing column "Variant Price"']]);

    const columns = SHOPIFY_COLUMNS.filter((c) => c !== 'Variant Inventory Qty');
    const rows = [{ Handle: 'a', Title: 'A', Type: 'Jhumkas', 'Variant Price': '100', 'Image Src': 'products/a.jpg' }];
    expect(shopifyCsvToCatalogue(shopifyCsv(rows, columns), { setStock: true }).errors[0]?.message).toMatch(
      /^missing column "Variant Inventory Qty": --set-stock needs/,
    );
    const kept = shopifyCsvToCatalogue(shopifyCsv(rows, columns));
    expect(kept.products[0]).toMatchObject({ slug: 'a', stock: 0 });
    expect(kept.notes).toEqual(['No Variant Inventory Qty column: new products start with stock 0; existing ones keep their stock.']);
  });
});
