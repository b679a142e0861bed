import { ObjectId, type UpdateFilter } from 'mongodb';
import {
  collections,
  ledgerStart,
  movementSet,
  ON_SALE,
  unitId,
  unitParts,
  type InventoryDoc,
  type MovementNote,
  type ProductDoc,
} from '../collections';
import { getDb } from '../db';
import { MAX_UNIT_STOCK } from '@shared/inventory';

/** The facts an order is priced from, read live from the products collection (stock is the inventory's). */
export type SellableProduct = Pick<ProductDoc, '_id' | 'name' | 'slug' | 'price' | 'discountPrice' | 'thumbnail' | 'image' | 'sizes'>;

/** How a stock take ended: taken, refused for want of stock, or unknown (the database did not answer). */
type TakeOutcome = 'taken' | 'short' | { unknown: unknown };

/** The stock of one product: its total, and per size for a product sold in sizes. */
export interface ProductStock {
  total: number;
  bySize: Map<string, number> | null;
}

/** The three buckets that hold take marks; the one a take writes depends on the minute. */
type HoldBucket = 'holds0' | 'holds1' | 'holds2';
const bucketOf = (at: Date): HoldBucket => `holds${Math.floor(at.getTime() / 60_000) % 3}` as HoldBucket;
const nextBucketOf = (at: Date): HoldBucket => bucketOf(new Date(at.getTime() + 60_000));

/** The movement of a take that is not an order's, and of its undoing. */
const takeMovement = (note: TakeNote): MovementNote => ({ key: `take-${note.takeId}`, cause: note.cause, ref: note.ref });
const untakeMovement = (note: TakeNote): MovementNote => ({
  key: `untake-${note.takeId}`,
  cause: note.cause === 'replacement' ? 'replacement-undone' : note.cause,
  ref: note.ref,
});

/** What a void mark looks like: written by settleUnknownTake, it stops a delayed take of the same key from ever applying. */
const voidMark = (key: string) => `void:${key}`;

/**
 * The field of a unit's document that records an order take still open (taken, its order not yet known to
 * hold it): `open.<mark>` with the pieces taken. Field names cannot hold '.', which a checkout mark has one of.
 */
const openField = (mark: string) => `open.${mark.replaceAll('.', '_')}`;

/** The field recording an order take the recovery job gave back (see giveBackOpen): keyed like `open`. */
const recoveredField = (mark: string) => `recovered.${mark.replaceAll('.', '_')}`;

/** The field recording a take that is not an order's (see TakeNote) until its step keeps it or it goes back. */
const pendingField = (takeId: string) => `pending.${takeId}`;

/** The field recording a pending take the recovery job gave back (see giveBackPending). */
const givenBackField = (takeId: string) => `pendingGivenBack.${takeId}`;

/** The movement of a replacement take taken again after the recovery job gave it back (see retakeGivenBack). */
const retakeMovement = (take: PendingTake): MovementNote => ({ key: `retake-${take.takeId}`, cause: 'replacement', ref: take.ref });

/** A take that is not an order's, still pending on its unit (or, from pendingGivenBack, given back by the recovery). */
export interface PendingTake {
  unit: string;
  takeId: string;
  quantity: number;
  /** The return request it is for. */
  ref: string;
  at: Date;
}

/** The mark an `open` field's key stands for (see openField). */
const markOfOpenKey = (key: string) => key.replaceAll('_', '.');

/** An order take still open on a unit: its mark and the pieces it holds. */
export interface OpenTake {
  unit: string;
  mark: string;
  quantity: number;
}

/** An order take whose order is stored: the order holds its pieces from now on (see settleOpen). */
export interface StoredTake extends OpenTake {
  orderId: string;
}

/** The movement a stored order's take is recorded as (its key is what stockLedgerRepository.recordOrderTakes writes too). */
export const orderMovement = (take: StoredTake): MovementNote => ({ key: `order-${take.mark}`, cause: 'order', ref: take.orderId });

/** How a take that is not an order's (a replacement) is described: the movement its take and its undoing record. */
export interface TakeNote {
  cause: MovementNote['cause'];
  ref: string;
  /**
   * Unique to this take: its mark may be shared (twin clicks on one replacement take under one mark, so each
   * can see the other's), and each take and give-back is a movement of its own.
   */
  takeId: string;
}

/** The inventory units of a product: one per size, or the product itself. */
export function unitsOf(product: Pick<ProductDoc, '_id' | 'sizes'>): { unit: string; size: string | null }[] {
  const sizes = product.sizes?.values ?? [];
  return sizes.length
    ? sizes.map((s) => ({ unit: unitId(product._id, s.value), size: s.value }))
    : [{ unit: unitId(product._id), size: null }];
}

/** A product's stock from its units' documents (a unit with no document has none). */
export function stockFrom(product: Pick<ProductDoc, '_id' | 'sizes'>, byUnit: ReadonlyMap<string, number>): ProductStock {
  const units = unitsOf(product);
  const total = units.reduce((sum, u) => sum + Math.max(0, byUnit.get(u.unit) ?? 0), 0);
  if (!product.sizes?.values.length) return { total, bySize: null };
  return { total, bySize: new Map(units.map((u) => [u.size!, byUnit.get(u.unit) ?? 0])) };
}

/**
 * Gives back the pieces of a pending take that is not an order's (see TakeNote), only while it is still pending:
 * the click's own undo and the recovery job's never both give them back. The undoing is the take's movement back
 * in. Returns the unit's stock after, or null when the take was not pending (kept, or given back already).
 */
async function undoPending(
  unit: string,
  quantity: number,
  note: TakeNote,
  also: UpdateFilter<InventoryDoc> = {},
  alsoSet: Record<string, unknown> = {},
): Promise<number | null> {
  const c = collections(await getDb());
  const after = await c.inventory.findOneAndUpdate(
    { _id: unit, [`${pendingField(note.takeId)}.quantity`]: quantity },
    {
      ...also,
      $inc: { stock: quantity },
      $unset: { [pendingField(note.takeId)]: '' },
      $set: { ...movementSet(untakeMovement(note), quantity, new Date()), ...alsoSet },
    },
    { returnDocument: 'after' },
  );
  return after ? after.stock : null;
}

/**
 * Gives back `quantity` pieces of an open order take, only while the take still holds them: the whole take
 * closes its record, a part of it (two lines of one unit) lowers it. `also` rides along in the same update.
 * Returns whether pieces went back.
 */
async function givenBackWhileOpen(unit: string, quantity: number, mark: string, also: UpdateFilter<InventoryDoc> = {}): Promise<boolean> {
  const c = collections(await getDb());
  const field = openField(mark);
  const whole = await c.inventory.updateOne(
    { _id: unit, [field]: quantity },
    { ...also, $inc: { stock: quantity }, $unset: { [field]: '' } },
  );
  if (whole.modifiedCount === 1) return true;
  const part = await c.inventory.updateOne(
    { _id: unit, [field]: { $gt: quantity } },
    { ...also, $inc: { stock: quantity, [field]: -quantity } },
  );
  return part.modifiedCount === 1;
}

/**
 * Stock: one small document per sellable unit, read for pages and carts, taken and given back only by
 * conditional single-document updates, which is what keeps 200 buyers of 5 units to exactly 5 sales.
 */
export const inventoryRepository = {
  /** The products with these ids that are on sale (point reads, one per id, in parallel). */
  async sellable(ids: string[]): Promise<SellableProduct[]> {
    const c = collections(await getDb());
    const projection = { name: 1, slug: 1, price: 1, discountPrice: 1, thumbnail: 1, image: 1, sizes: 1 } as const;
    // Drafts and archived pieces are not sold, whatever a cart still holds.
    const docs = await Promise.all(
      [...new Set(ids)].map((id) => c.products.findOne({ _id: new ObjectId(id), ...ON_SALE }, { projection })),
    );
    return docs.filter((d) => d !== null) as SellableProduct[];
  },

  /**
   * The stock of these products, read unit by unit: point reads by _id (which both databases answer from the
   * _id index), for a product page, a cart's refresh or a handful of listing cards.
   */
  async stockOf(products: readonly Pick<ProductDoc, '_id' | 'sizes'>[]): Promise<Map<string, ProductStock>> {
    const c = collections(await getDb());
    const units = [...new Set(products.flatMap((p) => unitsOf(p).map((u) => u.unit)))];
    const docs = await Promise.all(units.map((_id) => c.inventory.findOne({ _id }, { projection: { stock: 1 } })));
    const byUnit = new Map(docs.filter((d): d is InventoryDoc => d !== null).map((d) => [d._id, d.stock]));
    return new Map(products.map((p) => [p._id.toHexString(), stockFrom(p, byUnit)]));
  },

  /** The units of a product that exist, with their stock (point reads by _id). */
  async unitsOf(product: Pick<ProductDoc, '_id' | 'sizes'>): Promise<Pick<InventoryDoc, '_id' | 'stock'>[]> {
    const c = collections(await getDb());
    const docs = await Promise.all(unitsOf(product).map((u) => c.inventory.findOne({ _id: u.unit }, { projection: { stock: 1 } })));
    return docs.filter((d): d is InventoryDoc => d !== null);
  },

  /** The stock of every unit at once (one read of the whole collection), for listings and the build. */
  async allStock(products: readonly Pick<ProductDoc, '_id' | 'sizes'>[]): Promise<Map<string, ProductStock>> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({}, { projection: { stock: 1 } }).toArray();
    const byUnit = new Map(docs.map((d) => [d._id, d.stock]));
    return new Map(products.map((p) => [p._id.toHexString(), stockFrom(p, byUnit)]));
  },

  /**
   * The stock of one unit (for the message of a refused order), and whether a take of the last minutes that
   * was not given back carries a mark starting with `twin.prefix` but not `twin.except`: another request of the
   * same checkout attempt (a twin sent with the same Idempotency-Key) holds pieces of it.
   */
  async unitStock(unit: string, twin?: { prefix: string; except: string }): Promise<{ stock: number; heldByTwin: boolean }> {
    const c = collections(await getDb());
    const doc = await c.inventory.findOne({ _id: unit }, { projection: { stock: 1, holds0: 1, holds1: 1, holds2: 1 } });
    const marks = [...(doc?.holds0 ?? []), ...(doc?.holds1 ?? []), ...(doc?.holds2 ?? [])];
    const voided = new Set(marks.filter((m) => m.startsWith('void:')).map((m) => m.slice('void:'.length)));
    const heldByTwin = twin !== undefined && marks.some((m) => m.startsWith(twin.prefix) && !m.startsWith(twin.except) && !voided.has(m));
    return { stock: doc?.stock ?? 0, heldByTwin };
  },

  /** Whether a take of the last minutes marked exactly `mark` still holds its pieces (was not given back or voided). */
  async takeHeld(unit: string, mark: string): Promise<boolean> {
    const c = collections(await getDb());
    const doc = await c.inventory.findOne({ _id: unit }, { projection: { holds0: 1, holds1: 1, holds2: 1 } });
    const marks = [...(doc?.holds0 ?? []), ...(doc?.holds1 ?? []), ...(doc?.holds2 ?? [])];
    return marks.includes(mark) && !marks.includes(voidMark(mark));
  },

  /**
   * Takes `quantity` pieces of a unit if at least that many are in stock, in one conditional update that also
   * leaves a mark (`key`) in this minute's bucket and empties next minute's. The mark is what makes a lost reply
   * decidable: settleUnknownTake finds it (the take happened) or voids it (it never will). Marks live one to
   * two minutes, so a unit's document holds only the takes of the last two minutes, with no extra write.
   * An order take (`open`) is also recorded as open, in the same update, until its order is known to hold the
   * pieces (settleOpen) or they are given back: a process that dies in between leaves a take the recovery
   * job can find and decide, however long ago it was.
   */
  async take(unit: string, quantity: number, key: string, at: Date, kind: { open: true } | { note: TakeNote }): Promise<TakeOutcome> {
    const bucket = bucketOf(at);
    try {
      const c = collections(await getDb());
      const r = await c.inventory.updateOne(
        { _id: unit, stock: { $gte: quantity }, [bucket]: { $ne: voidMark(key) } },
        {
          $inc: { stock: -quantity, ...('open' in kind ? { [openField(key)]: quantity } : {}) },
          $push: { [bucket]: key },
          // An order take's movement is written when its order is stored (settleOpen); another take's, now.
          $set: {
            [nextBucketOf(at)]: [],
            ...('note' in kind
              ? {
                  ...movementSet(takeMovement(kind.note), -quantity, at),
                  [pendingField(kind.note.takeId)]: { quantity, ref: kind.note.ref, at },
                }
              : {}),
          },
        },
      );
      return r.modifiedCount === 1 ? 'taken' : 'short';
    } catch (err) {
      return { unknown: err };
    }
  },

  /**
   * Decides a take whose outcome is unknown (its reply was lost): one update voids its key in the bucket the
   * take wrote to, so a take still on its way can no longer apply, and returns the document as it was just
   * before, which shows whether the take had happened. Gives the pieces back if it had (an order take's only
   * while it is still open, so the recovery job and this never both give it back). Returns whether pieces
   * were given back; throws if the database still does not answer.
   */
  async settleUnknownTake(
    unit: string,
    quantity: number,
    key: string,
    at: Date,
    kind: { open: true } | { note: TakeNote },
  ): Promise<boolean> {
    const bucket = bucketOf(at);
    const c = collections(await getDb());
    // No projection: FerretDB v1 does not implement one on findAndModify.
    const before = await c.inventory.findOneAndUpdate({ _id: unit }, { $push: { [bucket]: voidMark(key) } }, { returnDocument: 'before' });
    const taken = Boolean(before?.[bucket]?.includes(key));
    if (!taken) return false;
    if ('note' in kind) return (await undoPending(unit, quantity, kind.note)) !== null;
    return givenBackWhileOpen(unit, quantity, key);
  },

  /**
   * Closes order takes once their orders are stored (the orders hold the pieces from then on), in one update
   * conditional on each take still being open with its pieces; its stock stays as it is. The takes become their
   * orders' movements: written in the same update, unless the caller put them in the ledger already (`recorded`,
   * the checkout's batches, which spares the unit a write). Idempotent: a take closed (or given back) already is
   * left alone. Returns the takes it did not close (closed before, or given back by the recovery job).
   */
  async settleOpen(unit: string, takes: readonly StoredTake[], at = new Date(), { recorded = false } = {}): Promise<StoredTake[]> {
    const c = collections(await getDb());
    const settle = (some: readonly StoredTake[]) =>
      c.inventory.updateOne(
        { _id: unit, ...Object.fromEntries(some.map((t) => [openField(t.mark), t.quantity])) },
        {
          $unset: Object.fromEntries(some.map((t) => [openField(t.mark), ''])),
          ...(recorded ? {} : { $set: Object.assign({}, ...some.map((t) => movementSet(orderMovement(t), -t.quantity, at))) }),
        },
      );
    if ((await settle(takes)).matchedCount === 1) return [];
    if (takes.length === 1) return [...takes];
    // One of them was closed before (or given back): each is closed on its own.
    const closed = await Promise.all(takes.map(async (t) => (await settle([t])).matchedCount === 1));
    return takes.filter((_, i) => !closed[i]);
  },

  /** Every order take still open, across the shop (units with none are skipped by the filter). */
  async openTakes(): Promise<OpenTake[]> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ open: { $exists: true, $ne: {} } }, { projection: { open: 1 } }).toArray();
    return docs.flatMap((d) =>
      Object.entries(d.open ?? {}).map(([key, quantity]) => ({ unit: d._id, mark: markOfOpenKey(key), quantity })),
    );
  },

  /**
   * Gives back an open order take whose order was never stored: its pieces, in one update conditional on the
   * take still being open with exactly those pieces (a twin run of the recovery job, or the request's own late
   * give-back, then does nothing). Returns the unit's stock after, or null when there was nothing to give.
   */
  async giveBackOpen(take: OpenTake, at = new Date()): Promise<number | null> {
    const c = collections(await getDb());
    const field = openField(take.mark);
    if (take.quantity <= 0) {
      await c.inventory.updateOne({ _id: take.unit, [field]: take.quantity }, { $unset: { [field]: '' } });
      return null;
    }
    const after = await c.inventory.findOneAndUpdate(
      { _id: take.unit, [field]: take.quantity },
      // Recorded as given back, in the same update: an order the try stores after all takes them again (retakeRecovered).
      { $inc: { stock: take.quantity }, $unset: { [field]: '' }, $set: { [recoveredField(take.mark)]: { quantity: take.quantity, at } } },
      { returnDocument: 'after' },
    );
    return after ? after.stock : null;
  },

  /**
   * Takes again, whatever the stock, the pieces of a stored order's take that the recovery job gave back (the
   * try was still alive, only slower than the age the job went by): once, since the update also removes the
   * record of the give-back, and written as the order's movement. Returns the stock after, or null when the take
   * was not given back (or was taken again already).
   */
  async retakeRecovered(take: StoredTake, at = new Date()): Promise<number | null> {
    const c = collections(await getDb());
    const field = recoveredField(take.mark);
    const after = await c.inventory.findOneAndUpdate(
      { _id: take.unit, [`${field}.quantity`]: take.quantity },
      { $inc: { stock: -take.quantity }, $unset: { [field]: '' }, $set: movementSet(orderMovement(take), -take.quantity, at) },
      { returnDocument: 'after' },
    );
    return after ? after.stock : null;
  },

  /**
   * Keeps a pending take (its step is recorded: the replacement holds the pieces): its record goes. Idempotent.
   * False when it was no longer pending: kept already, or given back by the recovery job (see retakeGivenBack).
   */
  async closePending(unit: string, takeId: string): Promise<boolean> {
    const c = collections(await getDb());
    const r = await c.inventory.updateOne(
      { _id: unit, [pendingField(takeId)]: { $exists: true } },
      { $unset: { [pendingField(takeId)]: '' } },
    );
    return r.modifiedCount === 1;
  },

  /** Every take that is not an order's still pending, across the shop. */
  async pendingTakes(): Promise<PendingTake[]> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ pending: { $exists: true, $ne: {} } }, { projection: { pending: 1 } }).toArray();
    return docs.flatMap((d) => Object.entries(d.pending ?? {}).map(([takeId, p]) => ({ unit: d._id, takeId, ...p })));
  },

  /**
   * Gives back a pending take whose click died (or stalled) before its step (see undoPending), recording it in the
   * same update: a click that ships after all takes the pieces again (retakeGivenBack). Returns the stock after, or null.
   */
  async giveBackPending(take: PendingTake, cause: TakeNote['cause'], at = new Date()): Promise<number | null> {
    return undoPending(
      take.unit,
      take.quantity,
      { cause, ref: take.ref, takeId: take.takeId },
      {},
      { [givenBackField(take.takeId)]: { quantity: take.quantity, ref: take.ref, at } },
    );
  },

  /** Every pending take the recovery job gave back and still remembers, across the shop. */
  async givenBackPendingTakes(): Promise<PendingTake[]> {
    const c = collections(await getDb());
    const docs = await c.inventory
      .find({ pendingGivenBack: { $exists: true, $ne: {} } }, { projection: { pendingGivenBack: 1 } })
      .toArray();
    return docs.flatMap((d) => Object.entries(d.pendingGivenBack ?? {}).map(([takeId, p]) => ({ unit: d._id, takeId, ...p })));
  },

  /**
   * Takes again, whatever the stock, the pieces of a replacement's take the recovery job gave back, once its step
   * shipped the replacement after all: once, since the update removes the record of the give-back, and written as
   * a movement of its own. Returns the stock after, or null when it was not given back (or is taken again already).
   */
  async retakeGivenBack(unit: string, takeId: string, at = new Date()): Promise<number | null> {
    const c = collections(await getDb());
    const given = await c.inventory.findOne({ _id: unit }, { projection: { [givenBackField(takeId)]: 1 } });
    const record = given?.pendingGivenBack?.[takeId];
    if (!record) return null;
    const after = await c.inventory.findOneAndUpdate(
      { _id: unit, [`${givenBackField(takeId)}.quantity`]: record.quantity },
      {
        $inc: { stock: -record.quantity },
        $unset: { [givenBackField(takeId)]: '' },
        $set: movementSet(retakeMovement({ unit, takeId, ...record }), -record.quantity, at),
      },
      { returnDocument: 'after' },
    );
    return after ? after.stock : null;
  },

  /** Forgets the record of a pending take given back (no click can ship it any more). */
  async forgetGivenBack(unit: string, takeId: string): Promise<void> {
    const c = collections(await getDb());
    await c.inventory.updateOne({ _id: unit }, { $unset: { [givenBackField(takeId)]: '' } });
  },

  /** Every record of a take the recovery job gave back, across the shop. */
  async recoveredTakes(): Promise<(OpenTake & { at: Date })[]> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ recovered: { $exists: true, $ne: {} } }, { projection: { recovered: 1 } }).toArray();
    return docs.flatMap((d) =>
      Object.entries(d.recovered ?? {}).map(([key, r]) => ({ unit: d._id, mark: markOfOpenKey(key), quantity: r.quantity, at: r.at })),
    );
  },

  /** Forgets the record of a give-back (no order can be stored by its try any more). */
  async forgetRecovered(unit: string, mark: string): Promise<void> {
    const c = collections(await getDb());
    await c.inventory.updateOne({ _id: unit }, { $unset: { [recoveredField(mark)]: '' } });
  },

  /**
   * Applies one order's move of a unit (`delta` pieces: back on sale, or taken whatever the stock) at most once
   * per `moveId`: the unit records the move in the same update, so a run after a crash, or the recovery job's,
   * moves nothing twice. A unit whose document is gone gets one again (pieces are never lost).
   */
  async moveOnce(unit: string, delta: number, moveId: string, orderId: ObjectId, cause: 'cancelled' | 'paid-late'): Promise<void> {
    const c = collections(await getDb());
    const field = `moved.${moveId}`;
    const at = new Date();
    try {
      await c.inventory.updateOne(
        { _id: unit, [field]: { $exists: false } },
        {
          $inc: { stock: delta },
          $set: { [field]: orderId.toHexString(), ...movementSet({ key: `move-${moveId}`, cause, ref: orderId.toHexString() }, delta, at) },
          $setOnInsert: { ...unitParts(unit), ledgerSince: at },
        },
        { upsert: true },
      );
    } catch (err) {
      // The unit exists and holds this move already (the upsert then collides with it): applied before.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  },

  /** Forgets a move's records on these units (the recovery job, once the move finished long ago). */
  async clearMove(units: string[], moveId: string): Promise<void> {
    const c = collections(await getDb());
    await c.inventory.updateMany({ _id: { $in: units }, [`moved.${moveId}`]: { $exists: true } }, { $unset: { [`moved.${moveId}`]: '' } });
  },

  /** Every move record still on a unit: its unit, move id and order id (the recovery job clears old ones). */
  async moveRecords(): Promise<{ unit: string; moveId: string; orderId: string }[]> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ moved: { $exists: true, $ne: {} } }, { projection: { moved: 1 } }).toArray();
    return docs.flatMap((d) => Object.entries(d.moved ?? {}).map(([moveId, orderId]) => ({ unit: d._id, moveId, orderId })));
  },

  /** Units with `threshold` pieces or fewer (sold out ones included): their product, size and stock. */
  async lowUnits(threshold: number): Promise<{ productId: string; size: string | null; stock: number }[]> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ stock: { $lte: threshold } }, { projection: { productId: 1, size: 1, stock: 1 } }).toArray();
    return docs.map((d) => ({ productId: d.productId.toHexString(), size: d.size ?? null, stock: d.stock }));
  },

  /** Every unit's stock, by unit id (one read of the whole collection), for the admin's inventory page. */
  async allUnits(): Promise<Map<string, number>> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({}, { projection: { stock: 1 } }).toArray();
    return new Map(docs.map((d) => [d._id, d.stock]));
  },

  /**
   * An admin's count: sets a unit's stock to `stock` only if it is still `expected` (what the admin saw), so
   * an order that took pieces meanwhile is never overwritten. Returns the stock before (=== expected) or, when
   * it had changed, null. A unit with no document yet gets one when `expected` is 0.
   */
  async setIf(
    unit: string,
    productId: ObjectId,
    size: string | null,
    expected: number,
    stock: number,
    note: MovementNote,
    at = new Date(),
  ): Promise<number | null> {
    const c = collections(await getDb());
    const r = await c.inventory.updateOne({ _id: unit, stock: expected }, { $set: { stock, ...movementSet(note, stock - expected, at) } });
    if (r.matchedCount === 1) return expected;
    if (expected !== 0) return null;
    try {
      await c.inventory.insertOne({ _id: unit, productId, size, stock, ...ledgerStart(note, stock, at) });
      return 0;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return null;
      throw err;
    }
  },

  /**
   * An admin's addition or removal: `delta` pieces in one $inc, refused (null) when it would take the stock
   * below zero or above MAX_UNIT_STOCK (the bound is in the update's filter, so additions arriving together
   * cannot pass it between a read and a write). Returns the stock before the change. Orders racing it are
   * never lost: both are increments.
   */
  async adjust(
    unit: string,
    productId: ObjectId,
    size: string | null,
    delta: number,
    note: MovementNote,
    at = new Date(),
  ): Promise<number | null> {
    const c = collections(await getDb());
    if (delta > MAX_UNIT_STOCK) return null;
    let before: InventoryDoc | null;
    try {
      before = await c.inventory.findOneAndUpdate(
        { _id: unit, stock: delta < 0 ? { $gte: -delta } : { $lte: MAX_UNIT_STOCK - delta } },
        { $inc: { stock: delta }, $set: movementSet(note, delta, at), $setOnInsert: { productId, size, ledgerSince: at } },
        { returnDocument: 'before', upsert: delta > 0 },
      );
    } catch (err) {
      // The unit exists but is too full for this addition: the upsert then collides with it.
      if ((err as { code?: number }).code === 11000) return null;
      throw err;
    }
    if (before) return before.stock;
    // Upserted (a unit with no document yet received stock): it had none.
    return delta > 0 ? 0 : null;
  },

  /**
   * Puts a received return's sellable pieces back, once per request: the stock, its movement and the record of it
   * in one update, conditional on the record's absence (a second call, from a retry or the recovery job, changes
   * nothing). A unit whose document is gone (a size the catalogue dropped while an order held it) gets one again:
   * returned pieces are never lost.
   */
  async giveBackReturn(unit: string, quantity: number, returnId: string, at = new Date()): Promise<void> {
    const c = collections(await getDb());
    const field = `returnsBack.${returnId}`;
    try {
      await c.inventory.updateOne(
        { _id: unit, [field]: { $exists: false } },
        {
          $inc: { stock: quantity },
          $set: { ...movementSet({ key: `return-${returnId}`, cause: 'return-received', ref: returnId }, quantity, at), [field]: at },
          $setOnInsert: { ...unitParts(unit), ledgerSince: at },
        },
        { upsert: true },
      );
    } catch (err) {
      // The unit holds the record already: the upsert's insert of an existing _id is refused, and nothing changed.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  },

  /** Every record of a return's pieces put back, across the shop. */
  async returnsBack(): Promise<{ unit: string; returnId: string; at: Date }[]> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ returnsBack: { $exists: true, $ne: {} } }, { projection: { returnsBack: 1 } }).toArray();
    return docs.flatMap((d) => Object.entries(d.returnsBack ?? {}).map(([returnId, at]) => ({ unit: d._id, returnId, at })));
  },

  /** Forgets a return's record once the request itself records its pieces as back. */
  async forgetReturnBack(unit: string, returnId: string): Promise<void> {
    const c = collections(await getDb());
    await c.inventory.updateOne({ _id: unit }, { $unset: { [`returnsBack.${returnId}`]: '' } });
  },

  /**
   * Gives a take's pieces back. A checkout try's own (`open`, under its `mark`) go back only while its take is still
   * open, so the recovery job and the request never both give them back; they were never a movement (the take
   * is one only once its order is stored). A replacement's take (`undoing`) goes back only while it is still
   * pending, for the same reason, as that take's movement back in. Either voids the take's `mark`, so no later
   * request reads it as a twin still holding the pieces. (A returned piece comes back through giveBackReturn.)
   */
  async giveBack(
    unit: string,
    quantity: number,
    how: { open: true; mark: string; at?: Date } | { undoing: TakeNote; mark: string; at?: Date },
  ): Promise<void> {
    const at = how.at ?? new Date();
    if ('open' in how) {
      await givenBackWhileOpen(unit, quantity, how.mark, { $push: { [bucketOf(at)]: voidMark(how.mark) } });
      return;
    }
    await undoPending(unit, quantity, how.undoing, { $push: { [bucketOf(at)]: voidMark(how.mark) } });
  },
};
