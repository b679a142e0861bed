/**
 * Reads a Shopify product CSV export (Products → Export) into our catalogue's product rows.
 *
 * Shopify writes one row per variant and per extra image: rows share a Handle, the first carries the
 * product (Title, Body (HTML), Type, Tags, option names) and its first variant, later rows carry further
 * variants (Option1 Value, Variant Price, ...) or only an image (Image Src, Image Position). A product whose
 * variants run along one option (a ring's Size, a chain's Length) becomes one product sold in sizes: each
 * variant a size with its own stock (Variant Inventory Qty), SKU and, when it differs, price. A single
 * "Default Title" variant is a product without sizes. Variants along two or three options (size and colour)
 * cannot be sizes of ours, so each becomes a product of its own: the slug is the handle plus the option
 * values ("lotus-ring-7-gold"), the name gets " – 7 / Gold", the options become attributes and sibling
 * variants are linked as related products.
 */
import { compile } from 'html-to-text';
import { ImagePathSchema } from '@shared/schemas/common';
import { ProductInputSchema } from '@shared/schemas/catalogue';
import { slugFromName } from '@shared/slug';
import type { ImportError } from '@server/services/catalogue-import.service';
import { readCsvSheet, type CsvRecord, type SheetProducts } from './catalogue-csv';

/** How Shopify rows map onto our catalogue where the export cannot say. */
export interface ShopifyImportOptions {
  /** Type (or Product Category leaf) value, lower-cased → our subcategory slug, from --subcategory "Type=slug". */
  subcategoryMap?: Map<string, string>;
  /** Subcategory for products whose Type and Product Category are both empty (--subcategory slug). */
  defaultSubcategory?: string;
  /** Folder under the uploads base that Shopify CDN images are expected in (--image-dir); default "products". */
  imageDir?: string;
  /** Whether stock will be overwritten (--set-stock): then the export must carry Variant Inventory Qty. */
  setStock?: boolean;
}

/** A remote Shopify image and the uploads path the catalogue stores for it. */
export interface ImageMapping {
  url: string;
  path: string;
}

/** What a Shopify export maps to: products with their rows, problems by row, and the images to upload. */
export interface ShopifyProducts extends SheetProducts {
  images: ImageMapping[];
}

/** True when a CSV header is Shopify's product export (it has Handle and Title columns). */
export function isShopifyHeader(header: string[]): boolean {
  const cols = new Set(header.map((h) => h.trim().toLowerCase()));
  return cols.has('handle') && cols.has('title');
}

// Every block a description uses is a paragraph (a blank line apart), as Shopify's editor shows them; lists of
// either kind read "• item"; images, links' addresses and anything executable or embedded are left out.
const BLOCK = { leadingLineBreaks: 2, trailingLineBreaks: 2 };
const BLOCKS = [
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'hr',
];
const SKIPPED = ['img', 'script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'];
const toText = compile({
  wordwrap: false,
  // A description typed as plain text keeps its line breaks.
  preserveNewlines: true,
  selectors: [
    ...BLOCKS.map((selector) => ({ selector, format: 'block', options: BLOCK })),
    ...['ul', 'ol'].map((selector) => ({ selector, format: 'unorderedList', options: { itemPrefix: '• ', ...BLOCK } })),
    { selector: 'a', options: { ignoreHref: true } },
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
  ],
});

/**
 * Shopify's Body (HTML) as plain text: scripts, styles and comments dropped with their content, paragraphs a
 * blank line apart, <br> as a line break, list items as "• ", every other tag removed, entities decoded, spaces
 * collapsed. The result is text, never markup, so nothing from the export can reach a page as HTML.
 */
export function htmlToText(html: string): string {
  return (
    toText(html)
      // eslint-disable-next-line no-control-regex -- control characters (and undecodable references) are never wanted
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\ufffd]/g, ' ')
      .replace(/\u00a0/g, ' ')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

type SizeGuide = 'ring' | 'bangle' | 'length';

/** The option's name shoppers read for a plain 'Size' of a known kind. */
const GUIDE_NAMES: Record<SizeGuide, string> = { ring: 'Ring size', bangle: 'Bangle size', length: 'Length' };

/** Shopify's option name as ours: 'Ring Size' → 'Ring size' (sentence case); a plain 'Size' of a ring → 'Ring size'. */
function sizeNameOf(optionName: string, guide: SizeGuide | null): string {
  const name = optionName.trim().toLowerCase();
  if (name === 'size' && guide) return GUIDE_NAMES[guide];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Which size guide fits an option: by values in inches or cm, by its name ('Ring Size', 'Length'), else by
 * what the product is (its Type or category: a ring, a bangle or kada, a chain or anklet).
 */
function sizeGuideOf(optionName: string, values: string[], kind: string): SizeGuide | null {
  const guess = (text: string): SizeGuide | null =>
    /ring/.test(text) ? 'ring' : /bangle|kada/.test(text) ? 'bangle' : /length|chain|anklet|payal/.test(text) ? 'length' : null;
  if (values.every((v) => /\d\s*("|in|inch|inches|cm)$/i.test(v.trim()))) return 'length';
  return guess(optionName.toLowerCase()) ?? guess(kind.toLowerCase());
}

/** A variant's option value as a size of ours: '18"' and '18 inch' read '18 in'. */
function sizeValueOf(value: string): string {
  return value
    .trim()
    .replace(/\s*("|inches|inch)$/i, ' in')
    .replace(/\s+/g, ' ');
}

/** Where a field of our product came from in Shopify's export, for error messages. */
const COLUMN_OF: Record<string, string> = {
  slug: 'Handle',
  name: 'Title',
  price: 'Variant Price',
  discountPrice: 'Variant Compare At Price',
  stock: 'Variant Inventory Qty',
  description: 'Body (HTML)',
  tags: 'Tags',
  thumbnail: 'Image Src',
  image: 'Image Src',
  attributes: 'Option1 Name',
  sizes: 'Option1 Value',
  subcategory: 'Type',
  related: 'Handle',
};

/** Fields that come from the product's first row rather than from the variant's own row. */
const PRODUCT_ROW_FIELDS = new Set(['slug', 'name', 'description', 'tags', 'thumbnail', 'image', 'attributes', 'subcategory']);

/** Maps a Shopify product CSV export to product rows; every problem is reported with its row, handle and column. */
export function shopifyCsvToCatalogue(text: string, opts: ShopifyImportOptions = {}): ShopifyProducts {
  const out: ShopifyProducts = { products: [], sources: [], errors: [], notes: [], images: [] };
  const sheet = readCsvSheet(text);
  if (sheet.error) out.errors.push(sheet.error);
  const [header, ...records] = sheet.records;
  if (!header) return out;
  const cols = header.cells.map((h) => h.trim().toLowerCase());
  const col = (name: string) => cols.indexOf(name.toLowerCase());
  const get = (r: CsvRecord, name: string) => {
    const i = col(name);
    return i < 0 ? '' : (r.cells[i] ?? '').trim();
  };
  const reported = new Set<string>();
  // Variants share their product's row, so a problem there would otherwise be listed once per variant.
  const error = (row: number, key: string, column: string, message: string) => {
    const e: ImportError = { section: 'products', row, key, message: column ? `${column}: ${message}` : message };
    const id = `${row}|${key}|${e.message}`;
    if (!reported.has(id)) out.errors.push(e);
    reported.add(id);
  };

  for (const required of ['Handle', 'Title', 'Variant Price']) if (col(required) < 0) error(1, '', '', `missing column "${required}"`);
  const hasStock = col('Variant Inventory Qty') >= 0;
  if (!hasStock) {
    if (opts.setStock) error(1, '', '', 'missing column "Variant Inventory Qty": --set-stock needs the stock of every variant');
    else out.notes.push('No Variant Inventory Qty column: new products start with stock 0; existing ones keep their stock.');
  }
  if (out.errors.length) return out;

  const imageDir = (opts.imageDir ?? 'products').replace(/^\/+|\/+$/g, '');
  if (!ImagePathSchema.safeParse(`${imageDir}/x.jpg`).success) {
    error(1, '', '', `--image-dir "${opts.imageDir}" must be a relative folder such as products or shopify/products`);
    return out;
  }
  const pathOwner = new Map<string, string>();
  const imageFor = (src: string, row: number, handle: string): string | null => {
    if (ImagePathSchema.safeParse(src).success) return src;
    let url: URL;
    try {
      url = new URL(src);
      if (!/^https?:$/.test(url.protocol)) throw new Error('not http(s)');
    } catch {
      error(row, handle, 'Image Src', `"${src}" is neither an http(s) URL nor a relative image path such as products/ring.jpg`);
      return null;
    }
    let file = url.pathname.split('/').pop() ?? '';
    try {
      file = decodeURIComponent(file);
    } catch {
      /* keep the encoded name */
    }
    file = file.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '');
    if (!file) {
      error(row, handle, 'Image Src', `"${src}" has no file name to store it under`);
      return null;
    }
    const path = `${imageDir}/${file}`;
    const key = url.origin + url.pathname;
    const owner = pathOwner.get(path);
    if (owner && owner !== key) {
      error(row, handle, 'Image Src', `${src} and ${owner} would both be stored as ${path}; rename one in Shopify or import them apart`);
      return null;
    }
    if (!owner) {
      pathOwner.set(path, key);
      out.images.push({ url: src, path });
    }
    return path;
  };

  // Rows of one product share a Handle; Shopify keeps them together, but grouping does not rely on it.
  const groups = new Map<string, CsvRecord[]>();
  for (const r of records) {
    const handle = get(r, 'Handle');
    if (!handle) {
      error(r.row, '', 'Handle', 'is empty; every row names the product it belongs to');
      continue;
    }
    groups.set(handle, [...(groups.get(handle) ?? []), r]);
  }

  const skipped: string[] = [];
  const multiOption: string[] = [];
  let negative = 0;
  for (const [handle, rows] of groups) {
    const first = rows.find((r) => get(r, 'Title'));
    if (!first) {
      error(rows[0]!.row, handle, 'Title', "is empty on every row of this handle; the product's first row carries its Title");
      continue;
    }
    const status = get(first, 'Status').toLowerCase();
    if (
      (status && status !== 'active') ||
      get(first, 'Published').toLowerCase() === 'false' ||
      get(first, 'Gift Card').toLowerCase() === 'true'
    ) {
      skipped.push(handle);
      continue;
    }

    const title = get(first, 'Title');
    const description = htmlToText(get(first, 'Body (HTML)'));
    const tags = get(first, 'Tags')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const optionNames = [1, 2, 3].map((n) => get(first, `Option${n} Name`));

    const type = get(first, 'Type');
    const categoryLeaf = get(first, 'Product Category').split('>').pop()!.trim();
    const mapped = [type, categoryLeaf].filter(Boolean).map((v) => opts.subcategoryMap?.get(v.toLowerCase()))[0];
    const subcategory = mapped ?? (type ? slugFromName(type) : categoryLeaf ? slugFromName(categoryLeaf) : opts.defaultSubcategory);
    if (!subcategory) {
      error(first.row, handle, 'Type', 'is empty (and so is Product Category): name a subcategory there, or pass --subcategory <slug>');
      continue;
    }

    // Images: every Image Src of the handle in Image Position order; a variant's own image goes first for it.
    const positioned = rows
      .filter((r) => get(r, 'Image Src'))
      .map((r, i) => ({ r, pos: Number(get(r, 'Image Position')) || 1000 + i }))
      .sort((a, b) => a.pos - b.pos);
    const productImages: string[] = [];
    for (const { r } of positioned) {
      const path = imageFor(get(r, 'Image Src'), r.row, handle);
      if (path && !productImages.includes(path)) productImages.push(path);
    }

    const variants = rows.filter((r) => get(r, 'Variant Price') || get(r, 'Option1 Value') || get(r, 'Variant SKU'));
    if (!variants.length) {
      error(first.row, handle, 'Variant Price', 'is empty on every row of this handle');
      continue;
    }
    const isDefault = (r: CsvRecord) =>
      variants.length === 1 && [1, 2, 3].every((n) => ['', 'default title'].includes(get(r, `Option${n} Value`).toLowerCase()));

    /** One variant's price, stock, SKU and own image, or null when its row has a problem (reported). */
    const readVariant = (r: CsvRecord) => {
      const money = (column: string): number | null | undefined => {
        const raw = get(r, column).replace(/,/g, '');
        if (!raw) return null;
        if (!/^\d+(\.\d+)?$/.test(raw)) {
          error(r.row, handle, column, `"${get(r, column)}" is not an amount in rupees`);
          return undefined;
        }
        return Number(raw);
      };
      const variantPrice = money('Variant Price');
      const compareAt = money('Variant Compare At Price');
      if (variantPrice === null) error(r.row, handle, 'Variant Price', 'is empty');
      let stock = 0;
      if (hasStock) {
        const raw = get(r, 'Variant Inventory Qty');
        if (!/^-?\d+$/.test(raw)) {
          error(
            r.row,
            handle,
            'Variant Inventory Qty',
            raw ? `"${raw}" is not a whole number` : 'is empty; fill in the stock of this variant',
          );
          return null;
        }
        // Shopify lets oversold variants go below zero; here that simply means none left.
        stock = Math.max(0, Number(raw));
        if (Number(raw) < 0) negative++;
      }
      if (variantPrice === undefined || variantPrice === null || compareAt === undefined) return null;
      // Shopify's Compare At Price is the higher "was" price and Variant Price what the shopper pays;
      // ours is price (the "was") and discountPrice (what is paid).
      const discounted = compareAt !== null && compareAt > variantPrice;
      return {
        row: r.row,
        values: isDefault(r) ? [] : [1, 2, 3].map((n) => get(r, `Option${n} Value`)),
        price: discounted ? compareAt : variantPrice,
        discountPrice: discounted ? variantPrice : null,
        stock,
        sku: get(r, 'Variant SKU') || null,
        image: get(r, 'Variant Image') ? imageFor(get(r, 'Variant Image'), r.row, handle) : null,
      };
    };
    const read = variants.map(readVariant);
    if (read.some((v) => v === null)) continue;
    const all = read as NonNullable<ReturnType<typeof readVariant>>[];
    if (!productImages.length && !all.some((v) => v.image)) {
      // Images that were there but refused are reported already; say so only when there were none.
      if (!positioned.length)
        error(first.row, handle, 'Image Src', 'is empty on every row of this handle; a product needs at least one image');
      continue;
    }

    /** Checks a product row with the import's own schema and keeps it, or reports its problems by column. */
    const keep = (product: Record<string, unknown>, row: number, slug: string) => {
      const parsed = ProductInputSchema.safeParse(product);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          const at = PRODUCT_ROW_FIELDS.has(field) ? first.row : row;
          const where = issue.path.length > 1 ? ` (${issue.path.slice(1).join('.')})` : '';
          error(at, handle, COLUMN_OF[field] ?? field, `${issue.message}${where}`);
        }
        return;
      }
      out.products.push(product);
      out.sources.push({ row, key: slug });
    };
    const imagesWith = (own: string | null) => (own ? [own, ...productImages.filter((p) => p !== own)] : productImages);

    // One option (a ring's size, a chain's length): the variants are the sizes of one product.
    const oneOption = all.length > 1 && optionNames[0] && !optionNames[1] && all.every((v) => v.values[0] && !v.values[1] && !v.values[2]);
    if (oneOption) {
      const base = all[0]!;
      // Sizes share the product's pictures: variant images join them, the first variant's first.
      const image = [...new Set([...imagesWith(base.image), ...all.map((v) => v.image).filter((p): p is string => p !== null)])];
      const guide = sizeGuideOf(
        optionNames[0]!,
        all.map((v) => v.values[0]!),
        `${get(first, 'Type')} ${get(first, 'Product Category')}`,
      );
      keep(
        {
          slug: handle,
          name: title,
          price: base.price,
          discountPrice: base.discountPrice,
          sizes: {
            name: sizeNameOf(optionNames[0]!, guide),
            guide,
            values: all.map((v) => ({
              value: sizeValueOf(v.values[0]!),
              stock: v.stock,
              // A size priced like the product keeps no price of its own, so a later price change moves them all.
              ...(v.price !== base.price || v.discountPrice !== base.discountPrice
                ? { price: v.price, discountPrice: v.discountPrice }
                : {}),
              sku: v.sku,
            })),
          },
          description,
          tags,
          attributes: {},
          subcategory,
          thumbnail: image[0]!,
          image,
        },
        first.row,
        handle,
      );
      continue;
    }
    if (all.length > 1) multiOption.push(handle);

    // A single variant, or variants along two or three options (say size and colour), which a product of ours
    // cannot hold as sizes: each variant becomes a product of its own, linked to its siblings.
    const slugs = all.map((v) => {
      if (!v.values.length) return handle;
      return `${handle}-${slugFromName(v.values.filter(Boolean).join(' ')) || String(v.row)}`;
    });
    all.forEach((v, i) => {
      const slug = slugs[i]!;
      const attributes: Record<string, string> = {};
      v.values.forEach((value, n) => {
        if (value && optionNames[n]) attributes[optionNames[n]] = value;
      });
      const image = imagesWith(v.image);
      const valueText = v.values.filter(Boolean).join(' / ');
      keep(
        {
          slug,
          name: valueText ? `${title} – ${valueText}` : title,
          price: v.price,
          discountPrice: v.discountPrice,
          stock: v.stock,
          description,
          tags,
          attributes,
          subcategory,
          thumbnail: image[0]!,
          image,
          related: slugs.filter((s) => s !== slug).slice(0, 12),
        },
        v.row,
        slug,
      );
    });
  }
  if (skipped.length)
    out.notes.push(
      `Skipped ${skipped.length} product(s) that are not active in Shopify (draft, archived, unpublished or gift cards): ${skipped.join(', ')}.`,
    );
  if (multiOption.length)
    out.notes.push(
      `${multiOption.length} product(s) have variants along more than one option (e.g. size and colour): each variant became a product of its own: ${multiOption.join(', ')}.`,
    );
  if (negative) out.notes.push(`${negative} variant(s) had negative inventory in Shopify (oversold); imported with stock 0.`);
  return out;
}
