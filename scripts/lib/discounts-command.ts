/**
 * The discounts command: import codes from a CSV (all rows valid, or nothing written), list them, and pause,
 * resume or end one. Kept apart from the script so tests run it against a test database.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse, $ZodError } from 'zod/v4/core';
import { describeDiscount, normaliseCode, type DiscountStatus } from '@shared/discounts';
import { DiscountCodeInputSchema, DiscountCodeFieldSchema, type DiscountCodeInput } from '@shared/schemas/discounts';
import { describeIssue, explainIssues } from '@shared/schemas/common';
import { formatINR } from '@shared/money';
import { AppError } from '@server/errors';
import { discountsRepository } from '@server/repositories/discounts.repository';
import { adminDiscountsService, statusMessage } from '@server/services/admin-discounts.service';
import { toIndiaLocal } from '@shared/india-time';

/** How the command is called. */
export const DISCOUNTS_USAGE = [
  'Usage: npm run discounts -- import <codes.csv>   creates or updates codes (header: code,kind,value,minOrder,maxOff,',
  '                                                   validFrom,validTo,totalUses,perShopperUses,firstOrderOnly,note)',
  '       npm run discounts -- list',
  '       npm run discounts -- pause <CODE> | resume <CODE> | end <CODE>',
].join('\n');

/** The CSV's columns, in the order the sample file has them. */
export const CSV_COLUMNS = [
  'code',
  'kind',
  'value',
  'minOrder',
  'maxOff',
  'validFrom',
  'validTo',
  'totalUses',
  'perShopperUses',
  'firstOrderOnly',
  'note',
] as const;

/** Where the command writes. */
export interface DiscountsIO {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Who the changes are recorded as (updatedBy). */
  actor?: string;
}

// Spreadsheet cells are text: an empty cell is 'not set' (the schema's default), numbers and yes/no become
// the types the admin form sends, so one schema judges both.
const NUMBER_COLUMNS = new Set(['value', 'minOrder', 'maxOff', 'totalUses', 'perShopperUses']);

/** A CSV record → the shape the admin form sends; odd cells are passed on as typed so the schema names them. */
export function recordToInput(record: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(record)) {
    const cell = raw.trim();
    if (key === 'note') {
      input.note = cell;
      continue;
    }
    if (cell === '') {
      // Empty optional cells take the schema's default; an empty code or kind stays so its message shows.
      if (key === 'code' || key === 'kind' || key === 'value') input[key] = cell;
      continue;
    }
    if (NUMBER_COLUMNS.has(key)) input[key] = /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
    else if (key === 'firstOrderOnly') {
      const yes = /^(true|yes|y|1)$/i.test(cell);
      const no = /^(false|no|n|0)$/i.test(cell);
      input[key] = yes ? true : no ? false : cell;
    } else input[key] = cell;
  }
  return input;
}

/** Reads the CSV text into valid inputs, or one message per bad row ('Row 3 (DIWALI10): value: ...'). */
export function readCodesCsv(text: string): { inputs: DiscountCodeInput[]; errors: string[] } {
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: false, bom: true }) as Record<string, string>[];
  } catch (err) {
    return { inputs: [], errors: [`The file is not a readable CSV: ${(err as Error).message}`] };
  }
  const header = Object.keys(records[0] ?? {});
  const unknownColumns = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (!header.includes('code')) return { inputs: [], errors: [`The header row must name the columns: ${CSV_COLUMNS.join(',')}`] };
  if (unknownColumns.length)
    return { inputs: [], errors: [`Unknown columns: ${unknownColumns.join(', ')} (expected ${CSV_COLUMNS.join(',')})`] };
  const inputs: DiscountCodeInput[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, i) => {
    // Row numbers as a spreadsheet shows them: the header is row 1.
    const row = i + 2;
    const label = record.code?.trim() ? ` (${normaliseCode(record.code)})` : '';
    try {
      const input = parse(DiscountCodeInputSchema, recordToInput(record));
      const first = seen.get(input.code);
      if (first) errors.push(`Row ${row}${label}: the code is also on row ${first}`);
      else seen.set(input.code, row);
      inputs.push(input);
    } catch (err) {
      if (!(err instanceof $ZodError)) throw err;
      errors.push(`Row ${row}${label}: ${explainIssues(err.issues).map(describeIssue).join('; ')}`);
    }
  });
  if (!records.length) errors.push('The file has no codes (only a header row, or nothing).');
  return { inputs, errors };
}

/** Checks every row, then (only if all are valid) creates new codes and updates existing ones. */
async function importCodes(file: string, io: DiscountsIO, actor: string): Promise<number> {
  const { inputs, errors } = readCodesCsv(await readFile(file, 'utf8'));
  if (errors.length) {
    for (const e of errors) io.err(e);
    io.err(`Nothing was written: fix the ${errors.length === 1 ? 'row' : 'rows'} above and run the import again.`);
    return 1;
  }
  // Ended codes cannot change: refuse before writing anything, so the import stays all-or-nothing.
  const existing = new Map((await discountsRepository.list()).map((d) => [d._id, d]));
  const ended = inputs.filter((i) => existing.get(i.code)?.status === 'ended').map((i) => i.code);
  if (ended.length) {
    io.err(`These codes have ended and cannot be changed: ${ended.join(', ')}. Nothing was written.`);
    return 1;
  }
  let created = 0;
  let updated = 0;
  for (const input of inputs) {
    if (existing.has(input.code)) {
      await adminDiscountsService.edit(input.code, input, actor);
      updated++;
    } else {
      await adminDiscountsService.create(input, actor);
      created++;
    }
  }
  io.out(`Imported ${inputs.length} codes: ${created} new, ${updated} updated.`);
  return 0;
}

/** One line per code: 'DIWALI10  active  10% off (up to ₹500)  min ₹1,000  used 3/100  ...' (dates in India time). */
async function listCodes(io: DiscountsIO): Promise<number> {
  const codes = await adminDiscountsService.list();
  if (!codes.length) io.out('No discount codes yet.');
  for (const c of codes) {
    const when = [c.startsAt && `from ${toIndiaLocal(new Date(c.startsAt))}`, c.endsAt && `to ${toIndiaLocal(new Date(c.endsAt))}`]
      .filter(Boolean)
      .join(' ');
    io.out(
      [
        c.code.padEnd(20),
        c.status.padEnd(6),
        describeDiscount(c),
        c.minOrder ? `min ${formatINR(c.minOrder)}` : '',
        `used ${c.used}/${c.totalUses ?? '∞'}`,
        c.perShopperUses !== null ? `${c.perShopperUses} per shopper` : '',
        c.firstOrderOnly ? 'first order only' : '',
        when ? `${when} (India time)` : '',
        c.note ? `— ${c.note}` : '',
      ]
        .filter(Boolean)
        .join('  '),
    );
  }
  return 0;
}

const STATUS_OF: Record<string, DiscountStatus> = { pause: 'paused', resume: 'active', end: 'ended' };

/** Runs the command with its arguments; returns the exit code. */
export async function runDiscounts(args: string[], io: DiscountsIO): Promise<number> {
  const [action, target, ...rest] = args;
  const actor = io.actor ?? 'cli';
  try {
    if (action === 'list' && !target) return await listCodes(io);
    if (action === 'import' && target && !rest.length) return await importCodes(target, io, actor);
    if (action && STATUS_OF[action] && target && !rest.length) {
      const code = parse(DiscountCodeFieldSchema, target);
      const to = STATUS_OF[action]!;
      const { changed } = await adminDiscountsService.changeStatus(code, to, actor);
      io.out(statusMessage(code, to, changed));
      return 0;
    }
  } catch (err) {
    if (err instanceof AppError) {
      io.err(err.message);
      return 1;
    }
    if (err instanceof $ZodError) {
      io.err(explainIssues(err.issues).map(describeIssue).join('; '));
      return 1;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.err(`No such file: ${target}`);
      return 1;
    }
    throw err;
  }
  io.err(DISCOUNTS_USAGE);
  return 2;
}
