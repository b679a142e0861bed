/**
 * The shop's clock as people read it: India's time. Every calendar day the shop counts (a delivery promise, a
 * financial year, a return window, an accountant's range, a discount's start) is India's, whatever the
 * server's or the shopper's device clock says. India keeps one offset all year (no daylight saving), so day
 * arithmetic can shift by it instead of asking a time-zone database.
 */

/** The shop's time zone, for Intl formatters. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** India's offset from UTC: +05:30, all year. */
export const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The moment as India's wall clock, in a Date's UTC fields: `indiaWallClock(at).getUTCHours()` is the hour in
 * India. Only for reading fields; never store or compare it as an instant.
 */
export function indiaWallClock(at: Date): Date {
  return new Date(at.getTime() + INDIA_OFFSET_MS);
}

/** The India calendar day a moment falls on: 'YYYY-MM-DD'. */
export function indiaDay(at: Date): string {
  return indiaWallClock(at).toISOString().slice(0, 10);
}

/** The India calendar day `n` days after `day` (before, for a negative n), both 'YYYY-MM-DD'. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The India days from `from` to `to`, both included ('YYYY-MM-DD'). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) out.push(day);
  return out;
}

/** The instant an India calendar day ('YYYY-MM-DD') begins. */
export function indiaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - INDIA_OFFSET_MS);
}

/** A moment as India's wall clock to the minute, as a datetime-local field holds it: 'YYYY-MM-DDTHH:mm'. */
export function toIndiaLocal(at: Date): string {
  return indiaWallClock(at).toISOString().slice(0, 16);
}

/** India's wall-clock time ('YYYY-MM-DDTHH:mm', as a datetime-local field gives it) as an instant. */
export function fromIndiaLocal(local: string): Date {
  return new Date(Date.parse(`${local}:00.000Z`) - INDIA_OFFSET_MS);
}

/** A moment as the shop's people read it, in India's time: "28 Nov 2026, 3:42 pm". */
export function formatIndiaDateTime(at: Date): string {
  return at.toLocaleString('en-IN', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
