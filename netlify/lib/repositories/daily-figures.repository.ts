import { MongoServerError, type Collection, type ObjectId } from 'mongodb';
import {
  collections,
  type DailyFiguresDoc,
  type OrderDoc,
  type OrderFiguresDoc,
  type PieceMonthDoc,
  type ReturnDoc,
  type ShopMonthDoc,
} from '../collections';
import { getDb } from '../db';
import { insertOnce } from './insert-once';
import { eventFigures, figuresDelta, orderFigures, returnFigures, type DayIncrements } from './order-figures';
import { sleep } from '../sleep';

/** How long a change being applied may stay unfinished before the catch-up job takes it as its process having died. */
export const PENDING_STALE_MS = 60_000;

/** How often syncOrder reads again after losing a race, before it leaves the order to the catch-up job. */
const SYNC_ATTEMPTS = 20;

/** Figures with each path's `from` character swapped for `to`. */
function renamePaths(f: DayIncrements, from: string, to: string): DayIncrements {
  return Object.fromEntries(
    Object.entries(f).map(([day, paths]) => [day, Object.fromEntries(Object.entries(paths).map(([p, n]) => [p.replaceAll(from, to), n]))]),
  );
}

/** Order figures as stored: '/' in place of the paths' dots (a stored field name must not hold a dot). */
const storedForm = (f: DayIncrements): DayIncrements => renamePaths(f, '.', '/');

/** The dotted form of stored order figures. */
const pathForm = (f: DayIncrements): DayIncrements => renamePaths(f, '/', '.');

/** The key an order's change being counted sits under in a document's `applied`. */
const appliedKey = (orderId: ObjectId): string => `applied.o${orderId.toHexString()}`;

/** The month ('YYYY-MM') of an India day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** Which collection a write goes to: a day, the shop's month (day by day), or the pieces' month (summed). */
export type FiguresTarget = 'day' | 'shopMonth' | 'pieceMonth';

/** The documents a set of day increments touches, each with its own increments. */
type FiguresWrites = { target: FiguresTarget; id: string; inc: Record<string, number> }[];

/**
 * Where increments are kept: each day's document takes its day's paths as they are; its month's shop document takes
 * the shop's and codes' paths under the day (`days.<DD>.shop.orders`); its month's pieces document sums the pieces'.
 * One write per document, however many of its days a change touches (a refund and the sale it refunds).
 */
export function writesOf(f: DayIncrements): FiguresWrites {
  const writes = new Map<string, FiguresWrites[number]>();
  const into = (target: FiguresTarget, id: string, path: string, n: number) => {
    const key = `${target}:${id}`;
    const w = writes.get(key) ?? writes.set(key, { target, id, inc: {} }).get(key)!;
    w.inc[path] = (w.inc[path] ?? 0) + n;
  };
  for (const [day, paths] of Object.entries(f)) {
    for (const [path, n] of Object.entries(paths)) {
      into('day', day, path, n);
      if (path.startsWith('products.')) into('pieceMonth', monthOf(day), path, n);
      else into('shopMonth', monthOf(day), `days.${day.slice(8)}.${path}`, n);
    }
  }
  return [...writes.values()];
}

/** The collection a target lives in. */
async function collectionOf(target: FiguresTarget) {
  const c = collections(await getDb());
  return (target === 'day' ? c.dailyFigures : target === 'shopMonth' ? c.shopMonths : c.pieceMonths) as unknown as Collection<{
    _id: string;
  }>;
}

/** A change of one order being counted: the days' deltas (stored form) and the rev they carry. */
type Pending = NonNullable<OrderFiguresDoc['pending']>;

/** A claimed change of one order. */
type Claimed = { orderId: ObjectId; pending: Pending };

/** Whether a document has taken an order's change `rev` already (its mark holds that rev or a later one). */
const notYetTaken = (orderId: ObjectId, rev: number) => {
  const key = appliedKey(orderId);
  return { $or: [{ [key]: { $exists: false } }, { [key]: { $lt: rev } }] };
};

/**
 * Adds increments to one document, also moving its version `v` (what a check's correction is pinned to); with
 * `once`, only if none of those orders' changes is counted there yet, and marks each. Returns whether it applied.
 * Two first writers of a document race to insert it: the loser's upsert fails on the duplicate _id with nothing
 * applied, and is tried again as a plain update of the winner's document (which, with `once`, skips a document
 * that took one of the changes already).
 */
async function incDoc(target: FiguresTarget, id: string, inc: Record<string, number>, once: Claimed[] = []): Promise<boolean> {
  const col = await collectionOf(target);
  const filter: Record<string, unknown> = { _id: id };
  const update: Record<string, unknown> = { $inc: { ...inc, v: 1 } };
  if (once.length) {
    filter.$and = once.map((c) => notYetTaken(c.orderId, c.pending.rev));
    update.$set = Object.fromEntries(once.map((c) => [appliedKey(c.orderId), c.pending.rev]));
  }
  try {
    const r = await col.updateOne(filter as never, update as never, { upsert: true });
    return r.modifiedCount + r.upsertedCount > 0;
  } catch (err) {
    if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
    // The document exists: either another writer inserted it first, or (with `once`) a change is counted already.
    return (await col.updateOne(filter as never, update as never)).modifiedCount > 0;
  }
}

/** The documents a set of changes touches, each with what every change adds to it. */
function changesByDocument(changes: Claimed[]) {
  const docs = new Map<string, { target: FiguresTarget; id: string; parts: { change: Claimed; inc: Record<string, number> }[] }>();
  for (const change of changes) {
    for (const w of writesOf(pathForm(change.pending.delta))) {
      const key = `${w.target}:${w.id}`;
      const doc = docs.get(key) ?? docs.set(key, { target: w.target, id: w.id, parts: [] }).get(key)!;
      doc.parts.push({ change, inc: w.inc });
    }
  }
  return [...docs.values()];
}

/**
 * Every document takes each change once: one write per document for all the changes, summed. A document that
 * took one of them already (a finisher of a stale change got there first) takes the others one by one instead.
 */
async function applyChanges(changes: Claimed[]): Promise<void> {
  await Promise.all(
    changesByDocument(changes).map(async ({ target, id, parts }) => {
      const sum: Record<string, number> = {};
      for (const { inc } of parts) for (const [path, n] of Object.entries(inc)) sum[path] = (sum[path] ?? 0) + n;
      const together = parts.map((p) => p.change);
      if (parts.length > 1 && (await incDoc(target, id, sum, together))) return;
      await Promise.all(parts.map((p) => incDoc(target, id, p.inc, [p.change])));
    }),
  );
}

/**
 * Takes counted changes' marks off their documents (a newer change's mark stays), so marks never pile up: one write
 * per document when every mark is still the counted change's, else mark by mark.
 */
async function unmark(changes: Claimed[]): Promise<void> {
  await Promise.all(
    changesByDocument(changes).map(async ({ target, id, parts }) => {
      const col = await collectionOf(target);
      const marks = parts.map(({ change }) => ({ key: appliedKey(change.orderId), rev: change.pending.rev }));
      const all = await col.updateOne(
        { _id: id, ...Object.fromEntries(marks.map((m) => [m.key, m.rev])) } as never,
        { $unset: Object.fromEntries(marks.map((m) => [m.key, ''])) } as never,
      );
      if (all.modifiedCount || marks.length === 1) return;
      await Promise.all(marks.map((m) => col.updateOne({ _id: id, [m.key]: m.rev } as never, { $unset: { [m.key]: '' } } as never)));
    }),
  );
}

/** Finishes claimed changes: every document takes each once, the claims are cleared, the cleared ones' marks come off. */
async function finishChanges(changes: Claimed[]): Promise<void> {
  const c = collections(await getDb());
  await applyChanges(changes);
  const cleared = await Promise.all(
    changes.map(async (ch) => {
      const r = await c.orderFigures.updateOne({ _id: ch.orderId, 'pending.rev': ch.pending.rev }, { $set: { pending: null } });
      return r.modifiedCount ? ch : null;
    }),
  );
  await unmark(cleared.filter((ch): ch is Claimed => ch !== null));
}

/** Whether a change has been left unfinished for longer than any live count takes (its process died). */
const isStale = (pending: Pending): boolean => Date.now() - pending.at.getTime() >= PENDING_STALE_MS;

/** Takes over a stale change (one conditional write), so of two callers finding it stale one finishes it. */
async function takeOver(orderId: ObjectId, pending: Pending): Promise<boolean> {
  const c = collections(await getDb());
  const r = await c.orderFigures.updateOne(
    { _id: orderId, 'pending.rev': pending.rev, 'pending.at': pending.at },
    { $set: { 'pending.at': new Date() } },
  );
  return r.modifiedCount === 1;
}

/** What trying to claim an order's next change found. */
type ClaimResult = { kind: 'claimed'; pending: Pending } | { kind: 'nothing' } | { kind: 'busy'; pending: Pending } | { kind: 'lost' };

/**
 * Claims the change that brings an order's counted figures to the order as stored now, on the order's figures
 * document (conditional on the rev read, so of many callers one claims each change). With the order just placed
 * (`placed`, as inserted), its first change is claimed by inserting that document, with no reads; one counted
 * meanwhile (a twin, or a later write's count) is read as any other.
 */
async function claimNext(orderId: ObjectId, placed?: OrderDoc): Promise<ClaimResult> {
  const c = collections(await getDb());
  if (placed) {
    const figures = orderFigures(placed);
    if (!Object.keys(figures).length) return { kind: 'nothing' };
    const pending = { rev: 1, delta: storedForm(figures), at: new Date() };
    const first: OrderFiguresDoc = { _id: orderId, rev: 1, figures: storedForm(figures), pending, updatedAt: pending.at };
    if (await insertOnce(c.orderFigures, first)) return { kind: 'claimed', pending };
  }
  const mine = await c.orderFigures.findOne({ _id: orderId });
  if (mine?.pending) return { kind: 'busy', pending: mine.pending };
  // Read after the figures document: a change claimed from this order is never older than the rev it replaces.
  const order = await c.orders.findOne({ _id: orderId });
  if (!order) return { kind: 'nothing' };
  const figures = orderFigures(order);
  const delta = figuresDelta(pathForm(mine?.figures ?? {}), figures);
  if (!Object.keys(delta).length) return { kind: 'nothing' };
  const rev = (mine?.rev ?? 0) + 1;
  const pending = { rev, delta: storedForm(delta), at: new Date() };
  const next: OrderFiguresDoc = { _id: orderId, rev, figures: storedForm(figures), pending, updatedAt: pending.at };
  const claimed = mine
    ? (await c.orderFigures.updateOne({ _id: orderId, rev: mine.rev, pending: null }, { $set: next })).modifiedCount === 1
    : await insertOnce(c.orderFigures, next);
  return claimed ? { kind: 'claimed', pending } : { kind: 'lost' };
}

/** Adds increments that carry no change of their own (events, a new return request): plain $inc, document by document. */
async function addToDays(f: DayIncrements): Promise<void> {
  await Promise.all(writesOf(f).map((w) => incDoc(w.target, w.id, w.inc)));
}

/** The owner's figures: the only code that touches daily_figures, shop_months, piece_months and order_figures. */
export const dailyFiguresRepository = {
  /**
   * Brings one order's share of the daily figures up to date with the order as stored now. The change is claimed on
   * the order's figures document (conditional on the rev read, so of many callers one claims each change) before the
   * days are touched, and each day takes it once (its `applied` mark), so a replay, a twin request or a process that
   * died half-way (the next caller finishes its change first) count it once. Returns false when it kept losing races
   * (the catch-up job takes it then).
   */
  async syncOrder(orderId: ObjectId): Promise<boolean> {
    for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt++) {
      const found = await claimNext(orderId);
      if (found.kind === 'nothing') return true;
      if (found.kind === 'claimed') {
        await finishChanges([{ orderId, pending: found.pending }]);
        return true;
      }
      if (found.kind === 'lost') continue;
      // Another caller is counting a change of this order: wait for it. One left for longer than any live count
      // takes (its process died) is finished here.
      if (!isStale(found.pending)) {
        await sleep(Math.min(50, 10 * (attempt + 1)));
        continue;
      }
      if (await takeOver(orderId, found.pending)) await finishChanges([{ orderId, pending: found.pending }]);
    }
    return false;
  },

  /**
   * syncOrder for the orders written at one moment, counted together: each order's change is claimed as syncOrder
   * claims it, then every document takes all the claimed changes in one write (each still once, by its mark), so
   * a busy shop writes each day's, month's and pieces' document once per moment, not once per order. An order
   * just placed comes with its stored document (`placed`). Orders another caller is counting, and those whose
   * stale change was finished here, go through syncOrder after. Returns the ids left to the catch-up job.
   */
  async syncOrders(orders: { id: ObjectId; placed?: OrderDoc }[]): Promise<ObjectId[]> {
    const found = await Promise.all(
      orders.map(async (o) => {
        const f = await claimNext(o.id, o.placed);
        // A change whose process died is finished with the others once taken over; the order is read again after.
        if (f.kind === 'busy' && isStale(f.pending) && (await takeOver(o.id, f.pending))) {
          return { id: o.id, found: { kind: 'claimed' as const, pending: f.pending }, again: true };
        }
        return { id: o.id, found: f, again: f.kind === 'busy' || f.kind === 'lost' };
      }),
    );
    const claimed: Claimed[] = [];
    for (const { id, found: f } of found) if (f.kind === 'claimed') claimed.push({ orderId: id, pending: f.pending });
    if (claimed.length) await finishChanges(claimed);
    const others = found.filter((f) => f.again);
    const synced = await Promise.all(others.map(async (f) => ((await this.syncOrder(f.id)) ? null : f.id)));
    return synced.filter((id): id is ObjectId => id !== null);
  },

  /** Counts a new return request (called once, by the request that stored it). */
  async countReturn(request: ReturnDoc): Promise<void> {
    await addToDays(returnFigures(request));
  },

  /** Counts stored product events on their days. */
  async countEvents(events: { productId: string; type: 'view' | 'click'; at: Date }[]): Promise<void> {
    await addToDays(eventFigures(events));
  },

  /** The figures of these days that have any (without their `applied` marks). */
  async days(days: string[]): Promise<DailyFiguresDoc[]> {
    const c = collections(await getDb());
    // One lookup by _id per document: the embedded database plans only _id equality with its index.
    const docs = await Promise.all(days.map((day) => c.dailyFigures.findOne({ _id: day }, { projection: { applied: 0 } })));
    return docs.filter((d): d is DailyFiguresDoc => d !== null);
  },

  /** The shop's figures of these months, day by day ('YYYY-MM'; those with none are left out). */
  async shopMonths(months: string[]): Promise<ShopMonthDoc[]> {
    const c = collections(await getDb());
    const docs = await Promise.all(months.map((m) => c.shopMonths.findOne({ _id: m }, { projection: { applied: 0 } })));
    return docs.filter((d): d is ShopMonthDoc => d !== null);
  },

  /** The pieces' figures of these months, summed. */
  async pieceMonths(months: string[]): Promise<PieceMonthDoc[]> {
    const c = collections(await getDb());
    const docs = await Promise.all(months.map((m) => c.pieceMonths.findOne({ _id: m }, { projection: { applied: 0 } })));
    return docs.filter((d): d is PieceMonthDoc => d !== null);
  },

  /** Every day's stored figures from `fromDay` on (the check's side of the comparison), `applied` left out. */
  async storedSince(fromDay: string | null): Promise<DailyFiguresDoc[]> {
    const c = collections(await getDb());
    return c.dailyFigures.find(fromDay ? { _id: { $gte: fromDay } } : {}, { projection: { applied: 0 } }).toArray();
  },

  /** Every month's stored shop and pieces figures from `fromMonth` on ('YYYY-MM'), `applied` left out. */
  async monthsSince(fromMonth: string | null): Promise<{ shop: ShopMonthDoc[]; pieces: PieceMonthDoc[] }> {
    const c = collections(await getDb());
    const filter = fromMonth ? { _id: { $gte: fromMonth } } : {};
    const [shop, pieces] = await Promise.all([
      c.shopMonths.find(filter, { projection: { applied: 0 } }).toArray(),
      c.pieceMonths.find(filter, { projection: { applied: 0 } }).toArray(),
    ]);
    return { shop, pieces };
  },

  /** Orders changed at or after `since` (all orders without it), one at a time. */
  ordersChangedSince(since: Date | null): AsyncIterable<OrderDoc> {
    return {
      async *[Symbol.asyncIterator]() {
        const c = collections(await getDb());
        yield* c.orders.find(since ? { updatedAt: { $gte: since } } : {}).batchSize(1_000);
      },
    };
  },

  /** Return requests asked at or after `since`, one at a time. */
  returnsSince(since: Date | null): AsyncIterable<ReturnDoc> {
    return {
      async *[Symbol.asyncIterator]() {
        const c = collections(await getDb());
        yield* c.returns.find(since ? { createdAt: { $gte: since } } : {}).batchSize(1_000);
      },
    };
  },

  /** Product events stored at or after `since`, one at a time (only the fields the figures read). */
  eventsSince(since: Date | null): AsyncIterable<{ productId: string; type: 'view' | 'click'; at: Date }> {
    return {
      async *[Symbol.asyncIterator]() {
        const c = collections(await getDb());
        const cursor = c.events
          .find(since ? { at: { $gte: since } } : {}, { projection: { productId: 1, type: 1, at: 1 } })
          .batchSize(10_000);
        for await (const e of cursor) yield { productId: e.productId.toHexString(), type: e.type, at: e.at };
      },
    };
  },

  /** An order's figures as last counted (dotted paths), and whether a change of it is still being applied. */
  async countedFor(orderId: ObjectId): Promise<{ figures: DayIncrements; pending: boolean } | null> {
    const c = collections(await getDb());
    const d = await c.orderFigures.findOne({ _id: orderId }, { projection: { figures: 1, pending: 1 } });
    return d ? { figures: pathForm(d.figures), pending: d.pending !== null && d.pending !== undefined } : null;
  },

  /**
   * Records, for orders never counted (stored before the figures existed, or by a process that died before its
   * first count), what they add, without touching the days: the rebuild's correction adds them there. Returns the
   * ids recorded (one counted meanwhile by its own change is left alone).
   */
  async recordUncounted(orders: { _id: ObjectId; figures: DayIncrements }[]): Promise<ObjectId[]> {
    const c = collections(await getDb());
    const recorded: ObjectId[] = [];
    for (const o of orders) {
      const doc: OrderFiguresDoc = { _id: o._id, rev: 1, figures: storedForm(o.figures), pending: null, updatedAt: new Date() };
      if (await insertOnce(c.orderFigures, doc)) recorded.push(o._id);
    }
    return recorded;
  },

  /** Ids of orders whose change has been pending since before `before` (its process died). */
  async stalePending(before: Date): Promise<ObjectId[]> {
    const c = collections(await getDb());
    const docs = await c.orderFigures.find({ 'pending.at': { $lt: before } }, { projection: { _id: 1 } }).toArray();
    return docs.map((d) => d._id);
  },

  /**
   * Corrects one document (a day, or a month's shop or pieces figures) by `inc`, only if its version is still `v`
   * (nothing counted there since it was compared; null for a missing document). Returns whether it applied.
   */
  async correct(target: FiguresTarget, id: string, v: number | null, inc: Record<string, number>): Promise<boolean> {
    const col = await collectionOf(target);
    if (v === null) {
      // No document yet: the expected figures are written whole, unless a writer created it meanwhile.
      const doc: Record<string, unknown> = { _id: id, v: 1 };
      for (const [path, n] of Object.entries(inc)) setPath(doc, path, n);
      return insertOnce(col, doc as { _id: string });
    }
    // A document from before versions counts as version 0.
    const r = await col.updateOne({ _id: id, v: v === 0 ? { $in: [0, null] } : v } as never, { $inc: { ...inc, v: 1 } } as never);
    return r.modifiedCount === 1;
  },
};

/** Sets a dotted path on a plain object, making the objects on its way. */
function setPath(into: Record<string, unknown>, path: string, value: number): void {
  const parts = path.split('.');
  let at = into;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}
