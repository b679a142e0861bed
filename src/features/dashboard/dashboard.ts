/**
 * The dashboard's own rules, pure: the ranges an owner picks (in India's days), how a figure compares with the
 * range before, the rates shown beside counts, each chart's table as CSV, and where a figure's click leads.
 */
import type { DashboardDay, DashboardPiece, DashboardResponse, DashboardStockLine } from '@shared/api/dashboard';
import { toCsv } from '@shared/csv';
import { indiaDay, shiftDay } from '@shared/india-time';
import { toRupees } from '@shared/money';
import { MAX_DASHBOARD_DAYS } from '@shared/schemas/dashboard';

/** The ranges offered, and 'custom' for two dates of the owner's own. */
export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: 'month', label: 'This month' },
  { id: 'custom', label: 'Custom' },
] as const;

/** One of RANGE_PRESETS' ids. */
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

/** A range of India days, both included, and the preset it came from. */
export interface DashboardRange {
  preset: RangePreset;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The days a preset covers, ending today in India ('custom' keeps the dates it is given). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now = new Date()): DashboardRange {
  const today = indiaDay(now);
  const from =
    preset === 'today' ? today : preset === '7d' ? shiftDay(today, -6) : preset === '30d' ? shiftDay(today, -29) : `${today.slice(0, 8)}01`;
  return { preset, from, to: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range an address asks for: ?range=7d (a preset), or ?from=&to= (custom); 7 days when it asks for neither or
 * for something the server would refuse (the server checks again).
 */
export function rangeFromSearch(search: string, now = new Date()): DashboardRange {
  const q = new URLSearchParams(search);
  const preset = q.get('range');
  if (preset && RANGE_PRESETS.some((p) => p.id === preset && p.id !== 'custom'))
    return presetRange(preset as Exclude<RangePreset, 'custom'>, now);
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to) && from <= to && daysBetween(from, to) <= MAX_DASHBOARD_DAYS) return { preset: 'custom', from, to };
  return presetRange('7d', now);
}

/** The address's query for a range: a preset by name (so a bookmark moves with the days), custom by its dates. */
export function searchOfRange(range: DashboardRange): string {
  return range.preset === 'custom' ? `?from=${range.from}&to=${range.to}` : `?range=${range.preset}`;
}

/** How many days a range covers, both ends included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Why two dates are not a range the dashboard can show, or null when they are. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!DAY.test(from) || !DAY.test(to)) return 'Choose both dates';
  if (from > to) return 'From must be on or before To';
  if (daysBetween(from, to) > MAX_DASHBOARD_DAYS) return `A range covers at most ${MAX_DASHBOARD_DAYS} days`;
  return null;
}

/** A figure against the range before: its change in per cent (null when there was nothing before to compare with). */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

/** The change in words for a screen reader and a tooltip: 'up 12.5% on the 7 days before'. */
export function changeText(now: number, before: number, days: number): string {
  const change = changeOf(now, before);
  const span = days === 1 ? 'the day before' : `the ${days} days before`;
  if (change === null) return now === 0 ? `none, as in ${span}` : `none in ${span}`;
  if (change === 0) return `the same as ${span}`;
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on ${span}`;
}

/** `part` of `whole` in per cent, to one decimal ('—' when there is no whole). */
export function rateText(part: number, whole: number): string {
  return whole ? `${Math.round((part / whole) * 1000) / 10}%` : '—';
}

/** Paise as rupees for a CSV cell: '1234.50' (a number a spreadsheet sums). */
export const rupeesCell = (paise: number): string => toRupees(paise).toFixed(2);

/** Views → orders for a piece, as a share of its views. */
export const conversionText = (p: Pick<DashboardPiece, 'orders' | 'views'>): string => rateText(p.orders, p.views);

/** The days' sales as CSV. */
export function daysCsv(days: DashboardDay[]): string {
  return toCsv([
    ['Day', 'Orders', 'Sales (₹)', 'Revenue (₹)', 'Product views'],
    ...days.map((d) => [d.day, String(d.orders), rupeesCell(d.salesPaise), rupeesCell(d.revenuePaise), String(d.views)]),
  ]);
}

/** A ranking of pieces as CSV. */
export function piecesCsv(pieces: DashboardPiece[]): string {
  return toCsv([
    ['Piece', 'Units sold', 'Revenue (₹)', 'Orders', 'Views', 'Views to orders', 'Pieces asked back'],
    ...pieces.map((p) => [
      p.name,
      String(p.units),
      rupeesCell(p.revenuePaise),
      String(p.orders),
      String(p.views),
      conversionText(p),
      String(p.returns),
    ]),
  ]);
}

/** Stock lines as CSV. */
export function stockCsv(lines: DashboardStockLine[]): string {
  return toCsv([
    ['Piece', 'Size', 'Stock now', 'Sold in the range', 'Days of stock left'],
    ...lines.map((l) => [l.name, l.size ?? '', String(l.stock), String(l.unitsSold), l.daysLeft === null ? '' : String(l.daysLeft)]),
  ]);
}

/** The discount codes' uses as CSV. */
export function codesCsv(codes: DashboardResponse['totals']['discounts']['codes']): string {
  return toCsv([['Code', 'Orders', 'Cost (₹)'], ...codes.map((c) => [c.code, String(c.uses), rupeesCell(c.paise)])]);
}

/** The dashboard's tables that download as CSV. */
export type DashboardTable =
  'sales-per-day' | 'discount-codes' | 'top-pieces-by-revenue' | 'top-pieces-by-units' | 'most-viewed' | 'sold-out' | 'low-stock';

/** A CSV file's name for one of the dashboard's tables and its range: 'most-viewed-2026-12-01-to-2026-12-07.csv'. */
export const csvName = (table: DashboardTable, range: Pick<DashboardRange, 'from' | 'to'>): string =>
  `${table}-${range.from}-to-${range.to}.csv`;

/** One of the dashboard's tables of the figures shown, as CSV. */
export function tableCsv(table: DashboardTable, data: Omit<DashboardResponse, 'success'>): string {
  switch (table) {
    case 'sales-per-day':
      return daysCsv(data.days);
    case 'discount-codes':
      return codesCsv(data.totals.discounts.codes);
    case 'top-pieces-by-revenue':
      return piecesCsv(data.topByRevenue);
    case 'top-pieces-by-units':
      return piecesCsv(data.topByUnits);
    case 'most-viewed':
      return piecesCsv(data.mostViewed);
    case 'sold-out':
      return stockCsv(data.soldOut);
    case 'low-stock':
      return stockCsv(data.lowStockSellingFast);
  }
}

/** What a figure counts, as the orders list's filters (its address's query: see the orders list's own filters). */
export interface OrdersLink {
  payment?: 'online' | 'cod';
  status?: 'cancelled';
}

/**
 * The orders list showing the orders a figure of this range counts: sales placed in the range (a cancellation is
 * counted on the day it happened, so the cancelled orders listed are those placed in the range).
 */
export function ordersHref(range: Pick<DashboardRange, 'from' | 'to'>, what: OrdersLink = {}): string {
  // Only sales: an online order never paid is not one the dashboard counts (cancelled or not).
  const q = new URLSearchParams({ from: range.from, to: range.to, sale: 'yes' });
  if (what.status) q.set('status', what.status);
  if (what.payment) q.set('payment', what.payment);
  return `/admin/orders?${q.toString()}`;
}
