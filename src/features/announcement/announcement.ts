/**
 * Timing of the announcement bar: a vertical slider that holds each message
 * for 2.5 s and slides to the next in 0.8 s, looping. It runs as one CSS animation, with no script,
 * so the bar rotates on every page, including the policy pages that ship no JavaScript.
 */

/** How long a message stays still before the next slides in. */
export const ANNOUNCEMENT_DELAY_MS = 2500;
/** How long one slide takes. */
export const ANNOUNCEMENT_SPEED_MS = 800;
/** Height of one message row in px; the bar is exactly one row tall. */
export const ANNOUNCEMENT_ROW_PX = 36;

/** Name of the generated @keyframes rule. */
export const ANNOUNCEMENT_ANIMATION = 'announcement-rotate';

/** One point of the loop: where the list is (in rows moved up) at what share of the cycle. */
export interface AnnouncementStop {
  /** Percentage of the whole cycle, 0..100. */
  at: number;
  /** Rows moved up: 0 shows the first message, `count` shows its copy at the end of the list. */
  row: number;
}

/** Length of one full loop over `count` messages, in ms. */
export function announcementCycleMs(count: number, delayMs = ANNOUNCEMENT_DELAY_MS, speedMs = ANNOUNCEMENT_SPEED_MS): number {
  return count * (delayMs + speedMs);
}

/**
 * The loop's stops: message k holds from k·(delay+speed) for `delay`, then slides to k+1 for `speed`.
 * The last slide lands on a copy of the first message, so jumping back to row 0 is invisible.
 */
export function announcementStops(count: number, delayMs = ANNOUNCEMENT_DELAY_MS, speedMs = ANNOUNCEMENT_SPEED_MS): AnnouncementStop[] {
  if (count < 2) return [];
  const cycle = announcementCycleMs(count, delayMs, speedMs);
  const pct = (ms: number) => Math.round((ms / cycle) * 100_000) / 1000;
  const stops: AnnouncementStop[] = [];
  for (let k = 0; k < count; k++) {
    const start = k * (delayMs + speedMs);
    stops.push({ at: pct(start), row: k }, { at: pct(start + delayMs), row: k });
  }
  stops.push({ at: 100, row: count });
  return stops;
}

/** The @keyframes rule for `count` messages (empty when there is nothing to rotate). */
export function announcementKeyframes(count: number, rowPx = ANNOUNCEMENT_ROW_PX): string {
  const stops = announcementStops(count);
  if (stops.length === 0) return '';
  const body = stops.map((s) => `${s.at}%{transform:translateY(${s.row === 0 ? 0 : `-${s.row * rowPx}px`})}`).join('');
  return `@keyframes ${ANNOUNCEMENT_ANIMATION}{${body}}`;
}

/**
 * The Content-Security-Policy hash of the inline <style> the bar renders for `count` messages, or null
 * when it renders none. The page's layout adds it: by the time the bar renders in <body>, the <head>
 * holding the policy is already written.
 */
export async function announcementStyleHash(count: number): Promise<`sha256-${string}` | null> {
  const css = announcementKeyframes(count);
  if (!css) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}
