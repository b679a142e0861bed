import { describe, expect, it, vi } from 'vitest';
import { EventCountBodySchema, MAX_EVENTS_PER_BATCH, ProductEventSchema } from '@shared/schemas/events';
import type { ProductEvent } from '@shared/schemas/events';
import {
  chunkEvents,
  createEventTracker,
  EVENTS_PER_REQUEST,
  FLUSH_INTERVAL_MS,
  RateLimitedError,
  VIEWED_KEY,
  VISITOR_ID_KEY,
} from './events';
import type { SimpleStorage, TrackerDeps } from './events';

const ID_A = '7141594791d5e48d26a49146';
const ID_B = '7141594791d5e48d26a49147';

function memoryStorage(initial: Record<string, string> = {}): SimpleStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** A tracker with fake storage, a manual clock and a recording transport. */
function setup(overrides: Partial<TrackerDeps> = {}) {
  const local = memoryStorage();
  const session = memoryStorage();
  const posted: ProductEvent[][] = [];
  const beacons: ProductEvent[][] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const log = vi.fn();
  const clock = { now: 1_000_000 };
  const deps: TrackerDeps = {
    local,
    session,
    transport: {
      post: async (events) => void posted.push(events),
      beacon: (events) => (beacons.push(events), true),
    },
    schedule: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    randomToken: () => 'abcdef0123456789',
    log,
    now: () => clock.now,
    ...overrides,
  };
  const runTimers = async () => {
    for (const t of timers.splice(0)) if (!t.cancelled) t.fn();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { tracker: createEventTracker(deps), local, session, posted, beacons, timers, log, runTimers, deps, clock };
}

describe('visitor id', () => {
  it('is generated once with the v_ prefix, stored, and reused by later pages', () => {
    const { tracker, local, deps } = setup();
    const id = tracker.visitorId();
    expect(id).toBe('v_abcdef0123456789');
    expect(local.data.get(VISITOR_ID_KEY)).toBe(id);
    const nextPage = createEventTracker({ ...deps, randomToken: () => 'zzzzzzzzzzzz' });
    expect(nextPage.visitorId()).toBe(id);
  });

  it('replaces a stored value that the server would reject', () => {
    const local = memoryStorage({ [VISITOR_ID_KEY]: 'not-a-visitor' });
    const { tracker } = setup({ local });
    expect(tracker.visitorId()).toBe('v_abcdef0123456789');
    expect(local.data.get(VISITOR_ID_KEY)).toBe('v_abcdef0123456789');
  });

  it('still produces a valid id when storage is blocked or the random source is odd', () => {
    const throwing: SimpleStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { tracker } = setup({ local: throwing, session: throwing, randomToken: () => '!!' });
    expect(ProductEventSchema.shape.visitorId.safeParse(tracker.visitorId()).success).toBe(true);
    expect(tracker.trackView(ID_A)).toBe(true);
  });
});

describe('view events', () => {
  it('counts a product once per browser session, shared across pages of the session', () => {
    const { tracker, session, deps } = setup();
    expect(tracker.trackView(ID_A)).toBe(true);
    expect(tracker.trackView(ID_A)).toBe(false);
    expect(JSON.parse(session.data.get(VIEWED_KEY)!)).toEqual([ID_A]);
    const nextPage = createEventTracker(deps);
    expect(nextPage.hasViewed(ID_A)).toBe(true);
    expect(nextPage.trackView(ID_A)).toBe(false);
    expect(nextPage.trackView(ID_B)).toBe(true);
  });

  it('ignores ids the server would reject instead of poisoning the batch', () => {
    const { tracker } = setup();
    expect(tracker.trackView('not-an-id')).toBe(false);
    tracker.trackClick('also bad');
    expect(tracker.pending()).toEqual([]);
  });

  it('survives unreadable session data', () => {
    const { tracker } = setup({ session: memoryStorage({ [VIEWED_KEY]: '{oops' }) });
    expect(tracker.trackView(ID_A)).toBe(true);
  });
});

describe('queue', () => {
  it('counts every click and sends views and clicks together after about 2 seconds', async () => {
    const { tracker, posted, timers, runTimers } = setup();
    tracker.trackView(ID_A);
    tracker.trackClick(ID_A);
    tracker.trackClick(ID_A);
    expect(posted).toEqual([]);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(FLUSH_INTERVAL_MS);
    await runTimers();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.map((e) => e.type)).toEqual(['view', 'click', 'click']);
    expect(tracker.pending()).toEqual([]);
  });

  it('sends events the server accepts: productId, type, userId null and visitorId', async () => {
    const { tracker, posted, runTimers } = setup();
    tracker.trackView(ID_A);
    tracker.trackClick(ID_B);
    await runTimers();
    const batch = posted[0]!;
    expect(batch[0]).toEqual({ productId: ID_A, type: 'view', userId: null, visitorId: 'v_abcdef0123456789' });
    expect(EventCountBodySchema.safeParse({ events: batch }).success).toBe(true);
  });

  it('never sends more than the server allows in one request', async () => {
    expect(EVENTS_PER_REQUEST).toBe(MAX_EVENTS_PER_BATCH);
    const { tracker, posted } = setup();
    for (let i = 0; i < EVENTS_PER_REQUEST + 3; i++) tracker.trackClick(ID_A);
    await Promise.resolve();
    // The 20th event triggers an immediate send; the rest wait for the timer.
    expect(posted).toHaveLength(1);
    expect(posted[0]).toHaveLength(EVENTS_PER_REQUEST);
    expect(tracker.pending()).toHaveLength(3);
    expect(chunkEvents(new Array(50).fill(posted[0]![0])).map((b) => b.length)).toEqual([20, 20, 10]);
  });

  it('logs and drops a failed send without throwing', async () => {
    const { tracker, log, deps } = setup();
    deps.transport.post = () => Promise.reject(new Error('offline'));
    tracker.trackClick(ID_A);
    await expect(tracker.flush()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
    expect(tracker.pending()).toEqual([]);
  });

  it('after a 429 rests quietly until the wait is over: nothing logged, what comes meanwhile dropped, then sending again', async () => {
    const { tracker, log, posted, beacons, deps, clock } = setup();
    const ok = deps.transport.post;
    deps.transport.post = () => Promise.reject(new RateLimitedError(60_000));
    tracker.trackClick(ID_A);
    await tracker.flush();
    expect(log).not.toHaveBeenCalled();
    deps.transport.post = ok;
    clock.now += 59_000;
    tracker.trackClick(ID_A);
    await tracker.flush();
    tracker.trackClick(ID_B);
    tracker.flushOnExit();
    expect(posted).toEqual([]);
    expect(beacons).toEqual([]);
    expect(tracker.pending()).toEqual([]);
    clock.now += 1_000;
    tracker.trackClick(ID_B);
    await tracker.flush();
    expect(posted.map((b) => b.map((e) => e.productId))).toEqual([[ID_B]]);
    expect(log).not.toHaveBeenCalled();
  });

  it('uses a beacon on page exit and falls back to a request when the browser refuses it', async () => {
    const { tracker, posted, beacons, timers, deps } = setup();
    tracker.trackView(ID_A);
    tracker.flushOnExit();
    expect(beacons).toHaveLength(1);
    expect(timers[0]!.cancelled).toBe(true);
    deps.transport.beacon = () => false;
    tracker.trackClick(ID_B);
    tracker.flushOnExit();
    await Promise.resolve();
    expect(posted).toHaveLength(1);
    expect(posted[0]![0]!.productId).toBe(ID_B);
    tracker.flushOnExit(); // nothing queued: nothing sent
    expect(beacons).toHaveLength(1);
  });
});
