/**
 * The catalogue:import command: read a catalogue file (our JSON, our product CSV or a Shopify product
 * export), validate and import it, report what changed and, with --publish, publish the change once the
 * import has been completely written. Kept apart from the script so tests can run it against a test
 * database and loopback fakes of Netlify.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { importCatalogue, type ImportError, type ImportReport, type KeepableField } from '@server/services/catalogue-import.service';
import { readCatalogueCsv, readCsvSheet, type SheetProducts } from './catalogue-csv';
import { publishCatalogue, type PublishKind } from './publish';
import { isShopifyHeader, shopifyCsvToCatalogue, type ImageMapping } from './shopify-csv';

/** How the command is called. */
export const IMPORT_USAGE = [
  'Usage: npm run catalogue:import -- <catalogue.json | products.csv | shopify-products.csv> [--dry-run] [--set-stock] [--publish]',
  '  Shopify exports also take: --subcategory <slug> (for products with no Type), --subcategory "<Type>=<slug>" (repeatable),',
  '  --image-dir <folder> (where their images live under the uploads base; default products), --image-list <file.tsv>',
].join('\n');

/** What the command reads and talks to: the process's in the script, loopback fakes in tests. */
export interface CommandIO {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Rebuilds the local site (publishing without a build hook). */
  rebuildLocal?: () => Promise<void>;
  /** Netlify API base URL for the purge; defaults to Netlify's. */
  netlifyApiUrl?: string;
  sleep?: (ms: number) => Promise<void>;
}

const SHOPIFY_KEEPS: KeepableField[] = ['collections', 'related', 'pairs', 'featured', 'dynamicFields'];

const SECTION_ORDER = ['categories', 'subcategories', 'collections', 'products', 'banners', 'headings', 'settings'];

/** "products 2 new, 1 changed, 40 unchanged; banners 3 unchanged" */
function describeReport(report: ImportReport): string {
  const parts = Object.entries(report.changes)
    .sort(([a], [b]) => SECTION_ORDER.indexOf(a) - SECTION_ORDER.indexOf(b))
    .map(([section, c]) => {
      const bits = [
        c.added && `${c.added} new`,
        c.changed && `${c.changed} changed`,
        c.stock && `${c.stock} with new stock only`,
        c.unchanged && `${c.unchanged} unchanged`,
      ].filter(Boolean);
      return `${section} ${bits.join(', ')}`;
    });
  return parts.join('; ') || 'nothing';
}

/**
 * One line per problem. Spreadsheets report by row: problems found reading the sheet carry their row
 * already; the import's own count products, and `sources` says which row each product came from.
 */
function describeError(e: ImportError, sheet: boolean, sources?: SheetProducts['sources']): string {
  if (!sheet) return `  ${e.section} row ${e.row}${e.key ? ` (${e.key})` : ''}: ${e.message}`;
  const source = sources && e.section === 'products' && e.row > 0 ? sources[e.row - 1] : undefined;
  const key = source?.key ?? e.key;
  const row = source?.row ?? e.row;
  if (!row) return `  ${e.message}`;
  return `  row ${row}${key ? ` (${key})` : ''}: ${e.message}`;
}

function printErrors(io: CommandIO, file: string, lines: string[]): void {
  io.err(`${file}: ${lines.length} problem(s); nothing was written.`);
  for (const line of lines.slice(0, 200)) io.err(line);
  if (lines.length > 200) io.err(`  ... and ${lines.length - 200} more.`);
}

function parseImportArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      'set-stock': { type: 'boolean', default: false },
      publish: { type: 'boolean', default: false },
      subcategory: { type: 'string', multiple: true, default: [] },
      'image-dir': { type: 'string' },
      'image-list': { type: 'string' },
    },
  });
}

/** Runs catalogue:import with the given arguments; resolves to the process exit code. */
export async function runImport(argv: string[], io: CommandIO): Promise<number> {
  let args: ReturnType<typeof parseImportArgs>;
  try {
    args = parseImportArgs(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n${IMPORT_USAGE}`);
    return 2;
  }
  const file = args.positionals[0];
  if (!file || args.positionals.length > 1) {
    io.err(IMPORT_USAGE);
    return 2;
  }
  const dryRun = args.values['dry-run'];
  const setStock = args.values['set-stock'];

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    io.err(`Cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }

  let raw: unknown;
  let sheet: SheetProducts | null = null;
  let images: ImageMapping[] = [];
  let isShopify = false;
  const shopifyOnly =
    args.values.subcategory.length > 0 || args.values['image-dir'] !== undefined || args.values['image-list'] !== undefined;
  if (file.toLowerCase().endsWith('.csv')) {
    const read = readCsvSheet(text);
    const header = read.records[0]?.cells ?? [];
    if (read.error) {
      // Not readable as CSV at all: say so, whichever options came with it.
      sheet = readCatalogueCsv(text);
    } else if (isShopifyHeader(header)) {
      const subcategoryMap = new Map<string, string>();
      let defaultSubcategory: string | undefined;
      for (const s of args.values.subcategory) {
        const eq = s.lastIndexOf('=');
        if (eq < 0) defaultSubcategory = s.trim();
        else subcategoryMap.set(s.slice(0, eq).trim().toLowerCase(), s.slice(eq + 1).trim());
      }
      const shopify = shopifyCsvToCatalogue(text, { subcategoryMap, defaultSubcategory, imageDir: args.values['image-dir'], setStock });
      const sized = shopify.products.filter((p) => p['sizes']).length;
      io.out(
        `Reading ${file} as a Shopify product export: ${shopify.products.length} product(s)${sized ? `, ${sized} of them sold in sizes (one size per variant)` : ''}.`,
      );
      sheet = shopify;
      images = shopify.images;
      isShopify = true;
    } else {
      if (shopifyOnly) {
        io.err('--subcategory, --image-dir and --image-list apply to Shopify product exports only.');
        return 2;
      }
      sheet = readCatalogueCsv(text);
    }
    for (const note of sheet.notes) io.out(note);
    if (sheet.errors.length) {
      printErrors(
        io,
        file,
        sheet.errors.map((e) => describeError(e, true)),
      );
      return 1;
    }
    raw = { products: sheet.products };
  } else {
    if (shopifyOnly) {
      io.err('--subcategory, --image-dir and --image-list apply to Shopify product exports only.');
      return 2;
    }
    try {
      raw = JSON.parse(text);
    } catch (err) {
      io.err(`Cannot read ${file}: ${(err as Error).message}`);
      return 1;
    }
  }

  let report: ImportReport;
  try {
    // A Shopify export has no collections, pair products, featured flag or dynamic fields, and its related
    // products are only the sibling variants: editors set those here, and a later export must not undo them.
    const keepExisting = isShopify ? SHOPIFY_KEEPS : [];
    report = await importCatalogue(raw, { dryRun, overwriteStock: setStock, keepExisting });
  } catch (err) {
    io.err(`The import stopped part-way: ${(err as Error).message}`);
    io.err('Some rows may be written. Run the same command again: every write is an upsert, so it converges. Nothing was published.');
    return 1;
  }
  if (!report.ok) {
    printErrors(
      io,
      file,
      report.errors.map((e) => describeError(e, sheet !== null, sheet?.sources)),
    );
    return 1;
  }

  if (images.length) {
    const listFile = args.values['image-list'];
    if (listFile) await writeFile(listFile, images.map((i) => `${i.url}\t${i.path}\n`).join(''));
    io.out(
      `Images: ${images.length} Shopify image(s) are stored as paths such as ${images[0]!.path}; upload each file there under ` +
        `UPLOADS_BASE (${io.env['UPLOADS_BASE'] || '/uploads'}) before the pages can show it. ` +
        (listFile ? `URL and path of each: ${listFile}.` : 'List URL and path of each with --image-list images.tsv.'),
    );
  }

  if (dryRun) {
    io.out(`Valid; nothing written. Would import: ${describeReport(report)}.`);
    if (args.values.publish) io.out('Nothing is published on a dry run.');
    return 0;
  }
  io.out(`Imported ${basename(file)}: ${describeReport(report)}.`);

  if (report.change === 'none') {
    io.out(
      args.values.publish
        ? 'Nothing changed, so there is nothing to publish (to rebuild and purge anyway: npm run catalogue:publish).'
        : 'Nothing changed.',
    );
    return 0;
  }
  if (!args.values.publish) {
    io.out(
      report.change === 'stock'
        ? 'Only stock changed: pages read it live. --publish (or npm run catalogue:publish -- --stock) purges cached API answers.'
        : 'Pages show these changes once the site is rebuilt: use --publish, or run npm run catalogue:publish.',
    );
    return 0;
  }

  const kind: PublishKind = report.change === 'stock' ? 'stock' : 'content';
  try {
    await publishCatalogue({
      kind,
      env: io.env,
      log: io.out,
      title: `Catalogue import: ${basename(file)}`,
      rebuildLocal: io.rebuildLocal,
      netlifyApiUrl: io.netlifyApiUrl,
      sleep: io.sleep,
    });
  } catch (err) {
    io.err(`Publishing failed: ${(err as Error).message}`);
    io.err(`The import itself is complete. Retry publishing with: npm run catalogue:publish${kind === 'stock' ? ' -- --stock' : ''}`);
    return 1;
  }
  return 0;
}
