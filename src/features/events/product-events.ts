/**
 * Card views and clicks as the product card calls them. The tracker behind them (events.store.ts: visitor id,
 * batching, beacons) is fetched once the shopper engages with the page (when-engaged.ts), not in the first
 * load: a view counts only once the shopper is there, and a click always comes after engagement. A click that
 * still beats the tracker's arrival (it navigates away at once) is kept in sessionStorage and sent by the
 * tracker of the next page that has one.
 */
import { whenEngaged } from '../../components/ui/when-engaged';
import type * as EventsStore from './events.store';
import { PENDING_CLICKS_KEY } from './pending-clicks-key';

type Tracker = typeof EventsStore;

/** At most this many clicks wait for a tracker; a click storm beyond them is not worth keeping. */
const MAX_PENDING_CLICKS = 20;

let tracker: Tracker | null = null;
let loading: Promise<void> | null = null;
const waitingViews = new Map<Element, string>();
const stops = new Map<Element, () => void>();

function loadTracker(): Promise<void> {
  loading ??= whenEngaged()
    .then(() => import('./events.store'))
    .then(
      (loaded) => {
        tracker = loaded;
        for (const [element, productId] of waitingViews) stops.set(element, loaded.observeProductView(element, productId));
        waitingViews.clear();
      },
      () => {
        // Offline for a moment: the next card to ask tries again.
        loading = null;
      },
    );
  return loading;
}

/** Counts a view of the card when at least half of it is on screen; returns a function that stops watching. */
export function observeProductView(element: Element, productId: string): () => void {
  if (typeof window === 'undefined') return () => {};
  if (tracker) return tracker.observeProductView(element, productId);
  waitingViews.set(element, productId);
  void loadTracker();
  return () => {
    waitingViews.delete(element);
    stops.get(element)?.();
    stops.delete(element);
  };
}

/** Counts a click on a product card (every click counts). */
export function trackProductClick(productId: string): void {
  if (typeof window === 'undefined') return;
  if (tracker) {
    tracker.trackProductClick(productId);
    return;
  }
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_CLICKS_KEY) ?? '[]') as unknown;
    const ids = Array.isArray(pending) ? pending.filter((id): id is string => typeof id === 'string') : [];
    sessionStorage.setItem(PENDING_CLICKS_KEY, JSON.stringify([...ids, productId].slice(-MAX_PENDING_CLICKS)));
  } catch {
    // Storage blocked: the click cannot wait for the tracker.
  }
  void loadTracker();
}
