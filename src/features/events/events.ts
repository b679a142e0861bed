/**
 * Product view/click tracking: a visitor id generated once, views counted
 * once per product per browser session, clicks on every card click, all sent in small batches to
 * POST /api/event-count. Pure: storage, network and timers are passed in, so the rules are tested in
 * Node and the browser wiring (events.store.ts) stays a few lines.
 *
 * Deliberately imports no zod (only types): this code runs on every listing page and the schemas
 * would add tens of kilobytes to the first load. events.test.ts checks our output against the schema.
 */
import { isObjectId, VISITOR_ID_PATTERN } from '@shared/ids';
import type { ProductEvent } from '@shared/schemas/events';

/** localStorage key of the visitor id. */
export const VISITOR_ID_KEY = 'visitorId';

/** sessionStorage key of the product ids already counted as viewed in this browser session. */
export const VIEWED_KEY = 'viewedProducts';

/** How long events wait in the queue before being sent together. */
export const FLUSH_INTERVAL_MS = 2000;

/** Most events per request; mirrors MAX_EVENTS_PER_BATCH on the server (checked by a test). */
export const EVENTS_PER_REQUEST = 20;

/** Cap on queued events, so a shopper who is offline for a long time does not grow memory forever. */
export const MAX_QUEUED_EVENTS = 500;

/**
 * What a transport throws when the server refuses a batch for its per-network limit (429): events are best
 * effort, so the tracker then stops sending, quietly, until `retryAfterMs` has passed.
 */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Too many events from this network');
    this.name = 'RateLimitedError';
  }
}

/** What the tracker needs from Web Storage; a blocked or missing storage is passed as null. */
export type SimpleStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** How the tracker sends events: a normal request, and a beacon that survives the page being closed. */
export interface EventTransport {
  /** Sends a batch while the page is alive; rejects on network or HTTP failure. */
  post(events: ProductEvent[]): Promise<void>;
  /** Hands a batch to the browser to send after the page is gone; false when the browser refused it. */
  beacon(events: ProductEvent[]): boolean;
}

/** Everything the tracker touches outside itself. */
export interface TrackerDeps {
  local: SimpleStorage | null;
  session: SimpleStorage | null;
  transport: EventTransport;
  /** Runs fn after ms; returns a cancel function. */
  schedule(fn: () => void, ms: number): () => void;
  /** Random characters for a new visitor id (A-Z, a-z, 0-9, _ and - only). */
  randomToken(): string;
  /** Where failures are reported; they never reach the shopper. */
  log(message: string, error?: unknown): void;
  /** The current time in ms (Date.now), to know when a rate-limit wait is over. */
  now(): number;
}

/** A product tracker bound to one page. */
export interface EventTracker {
  /** The visitor id (created and stored on first use). */
  visitorId(): string;
  /** Counts a view unless this product was already viewed in this session. Returns true when queued. */
  trackView(productId: string): boolean;
  /** Counts a click (every click counts). */
  trackClick(productId: string): void;
  /** Whether a view of this product was already counted in this session. */
  hasViewed(productId: string): boolean;
  /** Sends everything queued now, with normal requests. */
  flush(): Promise<void>;
  /** Sends everything queued with beacons; for pagehide, when requests may be cancelled. */
  flushOnExit(): void;
  /** Events waiting to be sent (for tests and debugging). */
  pending(): readonly ProductEvent[];
}

function read(storage: SimpleStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: SimpleStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or blocked storage: we keep the value in memory for this page, which is all we can do.
  }
}

/** Splits events into request-sized batches. */
export function chunkEvents(events: readonly ProductEvent[], size = EVENTS_PER_REQUEST): ProductEvent[][] {
  const batches: ProductEvent[][] = [];
  for (let i = 0; i < events.length; i += size) batches.push(events.slice(i, i + size));
  return batches;
}

/** Creates a tracker. Nothing here throws to the caller: tracking must never break shopping. */
export function createEventTracker(deps: TrackerDeps): EventTracker {
  let visitor: string | null = null;
  let viewed: Set<string> | null = null;
  let queue: ProductEvent[] = [];
  let cancelTimer: (() => void) | null = null;
  // Until when the server asked us to stop sending (a 429); events meanwhile are dropped, not retried.
  let restUntil = 0;
  const resting = (): boolean => deps.now() < restUntil;
  const onSendError = (message: string) => (error: unknown) => {
    if (error instanceof RateLimitedError) restUntil = Math.max(restUntil, deps.now() + error.retryAfterMs);
    else deps.log(message, error);
  };

  const visitorId = (): string => {
    if (visitor) return visitor;
    const stored = read(deps.local, VISITOR_ID_KEY);
    if (stored && VISITOR_ID_PATTERN.test(stored)) {
      visitor = stored;
    } else {
      visitor = `v_${deps
        .randomToken()
        .replace(/[^A-Za-z0-9_-]/g, '')
        .slice(0, 40)}`;
      // A broken random source must not produce an id the server rejects (every batch would fail).
      if (!VISITOR_ID_PATTERN.test(visitor)) visitor = `v_${Date.now().toString(36)}x${Math.random().toString(36).slice(2, 10)}`;
      write(deps.local, VISITOR_ID_KEY, visitor);
    }
    return visitor;
  };

  const viewedSet = (): Set<string> => {
    if (viewed) return viewed;
    viewed = new Set();
    try {
      const parsed: unknown = JSON.parse(read(deps.session, VIEWED_KEY) ?? '[]');
      if (Array.isArray(parsed)) for (const id of parsed) if (typeof id === 'string') viewed.add(id);
    } catch {
      // Unreadable: start a fresh set; at worst a product is counted twice.
    }
    return viewed;
  };

  const takeQueue = (): ProductEvent[] => {
    cancelTimer?.();
    cancelTimer = null;
    const events = queue;
    queue = [];
    return events;
  };

  const flush = async (): Promise<void> => {
    const events = takeQueue();
    if (resting()) return;
    await Promise.all(
      chunkEvents(events).map((batch) =>
        // Tracking must never disturb shopping: a failed send is logged and dropped (no retry, no shopper-facing
        // error); a rate-limit refusal is not even logged.
        deps.transport.post(batch).catch(onSendError('[events] Could not send product events; they are dropped.')),
      ),
    );
  };

  const enqueue = (productId: string, type: ProductEvent['type']): boolean => {
    // The server rejects a whole batch over one malformed id, so bad ids never enter the queue.
    if (!isObjectId(productId)) return false;
    queue.push({ productId, type, userId: null, visitorId: visitorId() });
    if (queue.length > MAX_QUEUED_EVENTS) queue = queue.slice(-MAX_QUEUED_EVENTS);
    if (queue.length >= EVENTS_PER_REQUEST) void flush();
    else cancelTimer ??= deps.schedule(() => void flush(), FLUSH_INTERVAL_MS);
    return true;
  };

  return {
    visitorId,
    hasViewed: (productId) => viewedSet().has(productId),
    trackView(productId) {
      const seen = viewedSet();
      if (seen.has(productId)) return false;
      if (!enqueue(productId, 'view')) return false;
      seen.add(productId);
      write(deps.session, VIEWED_KEY, JSON.stringify([...seen]));
      return true;
    },
    trackClick(productId) {
      enqueue(productId, 'click');
    },
    flush,
    flushOnExit() {
      const events = takeQueue();
      if (resting()) return;
      for (const batch of chunkEvents(events)) {
        let sent = false;
        try {
          sent = deps.transport.beacon(batch);
        } catch (error) {
          deps.log('[events] Beacon failed.', error);
        }
        // The browser refuses beacons over its quota; a keepalive request is the next best thing.
        if (!sent) void deps.transport.post(batch).catch(onSendError('[events] Could not send product events.'));
      }
    },
    pending: () => queue,
  };
}
