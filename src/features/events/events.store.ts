/**
 * The page's product-event tracker, wired to the browser: localStorage for the visitor id,
 * sessionStorage for views already counted, fetch (keepalive) every ~2 s and sendBeacon on pagehide.
 * Safe to import during the static build: nothing touches `window` until the first call.
 */
import type { ProductEvent } from '@shared/schemas/events';
import { eventsApiPaths } from '@shared/api/events';
import { isObjectId } from '@shared/ids';
import { $token } from '../auth/token.store';
import { createEventTracker, RateLimitedError } from './events';
import { PENDING_CLICKS_KEY } from './pending-clicks-key';
import type { EventTracker, SimpleStorage } from './events';

/** Share of a card that must be on screen before it counts as viewed. */
const VIEW_THRESHOLD = 0.5;

let tracker: EventTracker | null = null;

function storage(kind: 'localStorage' | 'sessionStorage'): SimpleStorage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // Blocked storage throws on access.
  }
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function post(events: ProductEvent[]): Promise<void> {
  // The server takes the shopper's identity from the token only, never from the events themselves.
  const token = $token.get();
  // keepalive lets a request started just before navigation (a card click) finish after the page goes.
  const response = await fetch(eventsApiPaths.eventCount, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ events }),
    keepalive: true,
  });
  // Over the network's limit: the tracker rests for as long as the server says (a minute if it does not).
  if (response.status === 429) throw new RateLimitedError((Number(response.headers.get('Retry-After')) || 60) * 1000);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

function beacon(events: ProductEvent[]): boolean {
  // A beacon cannot carry the token; a signed-in shopper's last events go as a keepalive request instead.
  if ($token.get()) return false;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  // A string body goes out as text/plain, which needs no CORS preflight; the endpoint accepts it.
  return navigator.sendBeacon(eventsApiPaths.eventCount, JSON.stringify({ events }));
}

/** The tracker for this page, created on first use (never during the static build). */
function getEventTracker(): EventTracker {
  if (tracker) return tracker;
  const created = createEventTracker({
    local: storage('localStorage'),
    session: storage('sessionStorage'),
    transport: { post, beacon },
    schedule: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
    randomToken,
    log: (message, error) => console.warn(message, error),
    now: () => Date.now(),
  });
  // pagehide fires for navigation, tab close and bfcache; visibilitychange covers mobile app switching.
  addEventListener('pagehide', () => created.flushOnExit());
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') created.flushOnExit();
  });
  tracker = created;
  sendPendingClicks(created);
  return created;
}

/** Sends the clicks made before a tracker arrived (product-events.ts) that the page's tracker has not sent yet. */
export function sendPendingClicks(created: EventTracker = getEventTracker()): void {
  const session = storage('sessionStorage');
  try {
    const pending = JSON.parse(session?.getItem(PENDING_CLICKS_KEY) ?? '[]') as unknown;
    session?.setItem(PENDING_CLICKS_KEY, '[]');
    if (!Array.isArray(pending)) return;
    for (const id of pending) if (isObjectId(id)) created.trackClick(id);
  } catch {
    // Unreadable: nothing to send.
  }
}

/** Counts a click on a product card (every click counts). */
export function trackProductClick(productId: string): void {
  if (typeof window === 'undefined') return;
  getEventTracker().trackClick(productId);
}

let observer: IntersectionObserver | null = null;
const observed = new Map<Element, string>();

/**
 * Counts a view when at least half of `element` is on screen. One observer serves every card on the
 * page (hundreds of cards, one callback). Returns a function that stops watching.
 */
export function observeProductView(element: Element, productId: string): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const t = getEventTracker();
  if (t.hasViewed(productId)) return () => {};
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < VIEW_THRESHOLD) continue;
        const id = observed.get(entry.target);
        if (id) getEventTracker().trackView(id);
        observer?.unobserve(entry.target);
        observed.delete(entry.target);
      }
    },
    { threshold: VIEW_THRESHOLD },
  );
  observed.set(element, productId);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    observed.delete(element);
  };
}
