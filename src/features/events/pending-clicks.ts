/**
 * Clicks on product cards that left their page before its tracker (events.store.ts) arrived: kept in sessionStorage
 * by product-events.ts, and sent by the next page's tracker. The page a card leads to (the product page) calls
 * sendPendingProductClicks, which fetches a tracker only when such clicks are waiting. Only the product page loads
 * this; the cards need only the key (pending-clicks-key.ts).
 */

import { PENDING_CLICKS_KEY } from './pending-clicks-key';

/** Sends, once the browser is idle, the clicks that left a page before its tracker arrived. */
export function sendPendingProductClicks(): void {
  if (typeof window === 'undefined') return;
  try {
    if ((sessionStorage.getItem(PENDING_CLICKS_KEY) ?? '[]') === '[]') return;
  } catch {
    return;
  }
  const go = () => void import('./events.store').then((m) => m.sendPendingClicks()).catch(() => {});
  if ('requestIdleCallback' in window) window.requestIdleCallback(go, { timeout: 2000 });
  else setTimeout(go, 200);
}
