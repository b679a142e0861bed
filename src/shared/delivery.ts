/**
 * When a parcel arrives: the shipping policy's windows (processing 1 to 3 business days, up to 5 at peak;
 * delivery 3 to 5 days to a metro PIN, 3 to 7 to tier-2, 5 to 10 to remote) counted on the shop's business
 * days, from the moment an order is placed. Shared by 'Check delivery', checkout and the order the server
 * stores, so the date a shopper is promised is the date the order keeps.
 */
import type { PinClass } from './pincodes';
import { indiaWallClock } from './india-time';

/** A window in business days: [fewest, most]. */
type Window = readonly [number, number];

/** Days to pack and hand over an order, normally and in the festive peak. */
const PROCESSING_DAYS: { normal: Window; peak: Window } = { normal: [1, 3], peak: [1, 5] };

/** Courier days by PIN class (pincodes.ts says how a PIN is classed). */
const TRANSIT_DAYS: Record<PinClass, Window> = { metro: [3, 5], tier2: [3, 7], remote: [5, 10] };

/** Orders placed after this hour (India time) start their count on the next business day. */
const DISPATCH_CUTOFF_HOUR_IST = 14;

/**
 * Days nothing is dispatched or delivered, besides Sundays: the three national holidays every year, and
 * Diwali and Holi by year (dates from the Government of India's holiday lists). Extend the lists yearly.
 */
const NATIONAL_HOLIDAYS = ['01-26', '08-15', '10-02'];
const FESTIVAL_CLOSURES = new Set(['2026-03-04', '2026-11-08', '2026-11-09', '2027-03-22', '2027-10-29', '2027-10-30']);

/** The festive peak, when packing takes longer: the three weeks up to Diwali, and the wedding-season fortnight. */
const PEAK_SEASONS: readonly [string, string][] = [
  ['2026-10-18', '2026-11-08'],
  ['2026-12-15', '2026-12-31'],
  ['2027-10-08', '2027-10-29'],
  ['2027-12-15', '2027-12-31'],
];

/** Whether the calendar lists a year's festival closures and peak seasons (a test asks for this year and next). */
export function calendarCovers(year: number): boolean {
  const y = String(year);
  return [...FESTIVAL_CLOSURES].some((d) => d.startsWith(y)) && PEAK_SEASONS.some(([from]) => from.startsWith(y));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The India calendar day of an instant, as a UTC-midnight Date (so day arithmetic ignores time zones). */
function istDay(at: Date): Date {
  const shifted = indiaWallClock(at);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

/** 'YYYY-MM-DD' of a calendar day. */
const isoDay = (day: Date): string => day.toISOString().slice(0, 10);

/** Whether the shop and its couriers work on a calendar day: not a Sunday, a national holiday or a festival. */
export function isBusinessDay(day: Date): boolean {
  const iso = isoDay(day);
  return day.getUTCDay() !== 0 && !NATIONAL_HOLIDAYS.includes(iso.slice(5)) && !FESTIVAL_CLOSURES.has(iso);
}

/** Whether an order placed on this day packs in the peak window. */
function isPeak(day: Date): boolean {
  const iso = isoDay(day);
  return PEAK_SEASONS.some(([from, to]) => iso >= from && iso <= to);
}

/** The day `n` business days after `day`. */
function addBusinessDays(day: Date, n: number): Date {
  let d = day;
  for (let left = n; left > 0;) {
    d = new Date(d.getTime() + DAY_MS);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** A promised delivery window: the first and last calendar day ('YYYY-MM-DD', India time). */
export interface DeliveryWindow {
  from: string;
  to: string;
  pinClass: PinClass;
}

/**
 * The window an order placed at `at` to a PIN of this class is promised: processing then transit, both in
 * business days, counted from the order's day (or the next business day after the 2 pm dispatch cut-off, a
 * Sunday or a holiday).
 */
export function deliveryWindow(pinClass: PinClass, at: Date): DeliveryWindow {
  const ist = indiaWallClock(at);
  let start = istDay(at);
  if (!isBusinessDay(start) || ist.getUTCHours() >= DISPATCH_CUTOFF_HOUR_IST) start = addBusinessDays(start, 1);
  // The count starts on `start`: a day-0 order ships after its first business day of processing.
  const [pMin, pMax] = isPeak(start) ? PROCESSING_DAYS.peak : PROCESSING_DAYS.normal;
  const [tMin, tMax] = TRANSIT_DAYS[pinClass];
  return { from: isoDay(addBusinessDays(start, pMin + tMin - 1)), to: isoDay(addBusinessDays(start, pMax + tMax - 1)), pinClass };
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Thu, 28 Nov' for a 'YYYY-MM-DD' day. */
export function formatDeliveryDay(iso: string): string {
  const parts = DAY_FORMAT.formatToParts(new Date(`${iso}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')}`;
}

/** What a shopper reads: 'Delivery by Thu, 28 Nov', or 'Delivery between Mon, 30 Nov and Fri, 4 Dec'. */
export function deliveryMessage(window: Pick<DeliveryWindow, 'from' | 'to'>): string {
  return window.from === window.to
    ? `Delivery by ${formatDeliveryDay(window.to)}`
    : `Delivery between ${formatDeliveryDay(window.from)} and ${formatDeliveryDay(window.to)}`;
}
