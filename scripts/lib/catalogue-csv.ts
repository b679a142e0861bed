/**
 * Products as CSV for editors who work in spreadsheets. Columns: slug,name,price,discountPrice,stock,
 * subcategory,description,thumbnail,image,tags,collections,related,pairs,featured,attributes,dynamicFields,
 * status (draft, active or archived), weightGrams, hsn, seoTitle, seoDescription, imageAlt (each photo's alt text,
 * in the order of image), making and stoneCharge (a price from the silver rate: making "520" in rupees or "18%",
 * with weightGrams) (an empty cell or a missing column leaves the field as the back office has it), and for a
 * product sold in sizes sizeGuide (ring, bangle or length),
 * sizeName (optional: 'Ring size' from the guide) and sizes. Lists are separated by "|"; attributes and dynamicFields are "Name=Value|Name=Value";
 * sizes are "value=stock" or "value=stock=price", e.g. "12=4|14=0|16=3" (leave stock empty for a sized product).
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { ImportError } from '@server/services/catalogue-import.service';

/** One CSV record and its row number as a spreadsheet shows it (the header is row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * Product rows read from a spreadsheet export, ready for importCatalogue, with the spreadsheet row each
 * came from so problems can be reported by row; errors are problems found while reading the sheet.
 */
export interface SheetProducts {
  products: Record<string, unknown>[];
  /** sources[i] is where products[i] came from: its row and slug (or Shopify handle). */
  sources: { row: number; key: string }[];
  errors: ImportError[];
  /** Things the editor should know that are not errors (skipped rows, defaults used). */
  notes: string[];
}

/**
 * Reads CSV (quoted fields, doubled quotes, newlines inside quotes, a leading BOM) into numbered records, blank
 * rows dropped. Throws csv-parse's CsvError, which names the line, when the text is not CSV (a quote never closed).
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  // Blank lines stay in until numbered: a spreadsheet counts them as rows (a newline inside quotes is not one).
  const records = parse(text, {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // Rows appended in another editor may end differently from the header's: every ending ends a row.
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
  return records.map((cells, i) => ({ row: i + 1, cells })).filter((r) => r.cells.some((f) => f !== ''));
}

/** The records of a sheet, or the import error that says why the text could not be read as CSV. */
export function readCsvSheet(text: string): { records: CsvRecord[]; error: ImportError | null } {
  try {
    return { records: parseCsvRecords(text), error: null };
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // Row 0: csv-parse's message already names the line where reading stopped.
    return { records: [], error: { section: 'products', row: 0, key: '', message: `The file is not a readable CSV: ${err.message}` } };
  }
}

const list = (s: string | undefined) =>
  s
    ? s
        .split('|')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const pairs = (s: string | undefined) =>
  list(s).map((p) => {
    const i = p.indexOf('=');
    return i < 0 ? [p, ''] : [p.slice(0, i).trim(), p.slice(i + 1).trim()];
  });
const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : Number(s));
/** A "|" list whose places matter (alt text by photo): empty entries are kept, trailing ones dropped. */
const places = (s: string | undefined) => {
  const out = (s ?? '').split('|').map((x) => x.trim());
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
};

/** The making and stone charge cells as a price from the silver rate ("18%" is a percentage), or nothing. */
function pricingOf(making: string | undefined, stone: string | undefined): { pricing?: Record<string, unknown> } {
  const cell = making?.trim();
  if (!cell) return {};
  const percent = cell.endsWith('%');
  return {
    pricing: { making: { kind: percent ? 'percent' : 'rupees', value: num(percent ? cell.slice(0, -1) : cell) }, stone: num(stone) ?? 0 },
  };
}

/** A field the sheet gives only when its cell holds something (an empty cell is "not given", as a missing key in JSON). */
const optional = <K extends string>(key: K, value: string | number | undefined): Partial<Record<K, string | number>> =>
  value === undefined || value === '' ? {} : ({ [key]: value } as Record<K, string | number>);

/** The sizes cell ("12=4|14=0|18 in=2=1999") as size rows; the import's schema checks each value. */
function sizesOf(guide: string | undefined, name: string | undefined, cell: string | undefined): Record<string, unknown> | undefined {
  const values = list(cell).map((entry) => {
    const [value = '', stock, price] = entry.split('=').map((x) => x.trim());
    return { value, stock: num(stock), ...(price ? { price: num(price) } : {}) };
  });
  if (!values.length && !guide?.trim() && !name?.trim()) return undefined;
  return { ...(guide?.trim() ? { guide: guide.trim().toLowerCase() } : {}), ...(name?.trim() ? { name: name.trim() } : {}), values };
}

/** Turns product CSV into raw product rows (the import's zod schemas then validate every field); throws if it is not CSV. */
export function csvToCatalogue(text: string): Record<string, unknown>[] {
  const { error } = readCsvSheet(text);
  if (error) throw new Error(error.message);
  return readCatalogueCsv(text).products;
}

/** Reads our product CSV with the spreadsheet row of each product. */
export function readCatalogueCsv(text: string): SheetProducts {
  const sheet = readCsvSheet(text);
  const [header, ...records] = sheet.records;
  if (!header) return { products: [], sources: [], errors: sheet.error ? [sheet.error] : [], notes: [] };
  const cols = header.cells.map((h) => h.trim());
  const products = records.map(({ cells }) => {
    const get = (k: string) => {
      const i = cols.indexOf(k);
      return i < 0 ? undefined : cells[i];
    };
    const discount = num(get('discountPrice'));
    return {
      // An empty slug cell means "make it from the name", as a missing slug does in JSON.
      slug: get('slug')?.trim() || undefined,
      name: get('name'),
      price: num(get('price')),
      discountPrice: discount ?? null,
      stock: num(get('stock')),
      sizes: sizesOf(get('sizeGuide'), get('sizeName'), get('sizes')),
      subcategory: get('subcategory'),
      description: get('description') ?? '',
      thumbnail: get('thumbnail') || list(get('image'))[0],
      image: list(get('image')),
      tags: list(get('tags')),
      collections: list(get('collections')),
      related: list(get('related')),
      pairs: list(get('pairs')),
      featured: (get('featured') ?? '').trim().toLowerCase() === 'true',
      attributes: Object.fromEntries(pairs(get('attributes'))),
      dynamicFields: pairs(get('dynamicFields')).map(([fieldName, value]) => ({ fieldName, value })),
      ...optional('status', get('status')?.trim().toLowerCase()),
      ...optional('weightGrams', num(get('weightGrams'))),
      ...optional('hsn', get('hsn')?.trim()),
      ...optional('seoTitle', get('seoTitle')?.trim()),
      ...optional('seoDescription', get('seoDescription')?.trim()),
      ...(places(get('imageAlt')).length ? { imageAlt: places(get('imageAlt')) } : {}),
      ...pricingOf(get('making'), get('stoneCharge')),
    };
  });
  const slugAt = cols.indexOf('slug');
  const nameAt = cols.indexOf('name');
  const sources = records.map(({ row, cells }) => ({ row, key: cells[slugAt]?.trim() || cells[nameAt]?.trim() || '' }));
  return { products, sources, errors: [], notes: [] };
}
