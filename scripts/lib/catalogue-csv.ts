/**
 * Products as CSV for editors who work in spreadsheets. Columns: slug,name,price,discountPrice,stock,
 * subcategory,description,thumbnail,image,tags,collections,related,pairs,featured,attributes,dynamicFields.
 * Lists are separated by "|"; attributes and dynamicFields are "Name=Value|Name=Value".
 */

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
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

/** Turns product CSV into raw product rows; the import's zod schemas then validate every field. */
export function csvToCatalogue(text: string): Record<string, unknown>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const cols = header.map((h) => h.trim());
  return rows.map((cells) => {
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
    };
  });
}
