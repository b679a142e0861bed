/**
 * What a checkout try holds before its order is stored (the lines' stock, the code's use, under the try's
 * mark), how it stores the order, and how it gives everything back when the order is not stored.
 */
import type { ObjectId } from 'mongodb';
import { stockLimitMessage } from '@shared/stock-messages';
import { unitId, type OrderDoc, type OrderLineDoc, type UserDoc } from '../../collections';
import { AppError, conflict } from '../../errors';
import { inventoryRepository, orderMovement, type StoredTake } from '../../repositories/inventory.repository';
import { stockLedgerRepository } from '../../repositories/stock-ledger.repository';
import { ordersRepository } from '../../repositories/orders.repository';
import { isConnectivityError } from '../../db';
import { afterResponse } from '../../after-response';
import { failPoint } from '../../failpoints';
import { retakeForStoredOrder } from '../abandoned-takes.service';
import { DiscountHeldByTwin, DiscountRefused, discountsService } from '../discounts.service';
import { discountsRepository } from '../../repositories/discounts.repository';
import { type PricedOrder } from './pricing';
import { sleep } from '../../sleep';

/** What a try holds until its order is stored: the lines' stock and the code's use, all under the try's mark. */
export type Held = Pick<OrderDoc, 'products' | 'discount' | 'userId' | 'orderNumber'>;

/** The inventory unit an order line takes its stock from: the product, or the product in its size. */
export const unitOf = (line: Pick<OrderLineDoc, 'productId' | 'size'>): string => unitId(line.productId, line.size);

/** A line's product as a stock message names it: 'Lotus Ring' or 'Lotus Ring (ring size 12)'. */
const lineName = (line: Pick<OrderLineDoc, 'name' | 'size' | 'sizeName'>): string =>
  line.size ? `${line.name} (${(line.sizeName ?? 'size').toLowerCase()} ${line.size})` : line.name;

/**
 * A checkout's takes are recorded as open on their units until the order is stored (see settleStoredTakes), so
 * a process that dies between a take and the insert leaves something the recovery job can give back.
 */
const ORDER_TAKE = { open: true } as const;

/** What a shopper reads when stock could not be reserved for a reason other than stock. */
const STOCK_UNAVAILABLE =
  'We could not reserve your items just now (a temporary problem on our side). Nothing was charged. Please try again in a moment.';

/**
 * One request's try at placing an order: the order's id (the same for every request of a checkout attempt,
 * see placeOnce), the mark its stock takes carry, and the attempt's key when it has one.
 */
export interface Attempt {
  orderId: ObjectId;
  /** Unique to this request and try ('<order id>:<request>.<try>'): written with each take and onto the order. */
  mark: string;
  /** Every try of this request starts its mark with this, so none of them is taken for a twin's. */
  requestPrefix: string;
  key?: { id: string; fingerprint: string };
}

/** Thrown by a try whose insert lost to a twin request (same key) that stored the order first. */
export class TwinStoredOrder extends Error {}

/** Thrown by a try refused for stock that a twin request of the same attempt holds: the twin's order is awaited. */
export class TwinHoldsStock extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/**
 * Thrown when an insert's outcome stayed unknown (no reply, twice): the stock stays taken, as the order may
 * exist. If the order turns out to be a twin's, this try's pieces are given back (see placeOnce).
 */
export class InsertOutcomeUnknown extends Error {
  constructor(
    readonly reason: unknown,
    readonly held: Held,
    readonly mark: string,
  ) {
    super('the order insert ended without an answer');
  }
}

/** Live marks of this order id from another request belong to a twin of the same attempt still placing it. */
export const twinOf = (attempt: Attempt) =>
  attempt.key ? { prefix: `${attempt.orderId.toHexString()}:`, except: attempt.requestPrefix } : undefined;

/**
 * Takes the stock of every line (one conditional update each, marked with the try's mark). If any line is
 * short, or any take ends without an answer (a timeout, a lost reply), every piece that was taken is given
 * back (each take is checked by its mark, so a take whose reply was lost is neither kept nor given back
 * twice) and the shopper is told what happened: which product is short and how many are left, or that the
 * problem was ours.
 */
async function takeStock(lines: OrderLineDoc[], attempt: Attempt): Promise<void> {
  const at = new Date();
  const outcomes = await Promise.all(lines.map((l) => inventoryRepository.take(unitOf(l), l.quantity, attempt.mark, at, ORDER_TAKE)));
  if (outcomes.every((o) => o === 'taken')) return;
  await Promise.all(
    lines.map(async (l, i) => {
      if (outcomes[i] === 'short') return;
      try {
        await inventoryRepository.settleUnknownTake(unitOf(l), l.quantity, attempt.mark, at, ORDER_TAKE);
      } catch (err) {
        console.error(`[checkout] could not give back ${l.quantity} × ${l.slug} of attempt ${attempt.mark}; check its stock:`, err);
      }
    }),
  );
  const unknown = outcomes.find((o): o is { unknown: unknown } => typeof o === 'object');
  if (unknown) {
    console.error(`[checkout] a stock take of attempt ${attempt.mark} ended without an answer:`, unknown.unknown);
    throw new AppError(503, STOCK_UNAVAILABLE);
  }
  const short = lines[outcomes.indexOf('short')]!;
  const { stock, heldByTwin } = await inventoryRepository.unitStock(unitOf(short), twinOf(attempt));
  const refusal = conflict(stockLimitMessage(lineName(short), Math.max(0, stock)));
  throw heldByTwin ? new TwinHoldsStock(refusal) : refusal;
}

/**
 * Gives back what a try took, when its order was not stored (or a twin's was): its stock (each give-back voids
 * the try's mark, so no later request reads it as a twin still holding the pieces) and its code's use. Never
 * throws: a piece that could not be given back is logged for a person, and the shopper's answer stays the
 * one it was.
 */
export async function giveBackTry(held: Held, mark: string): Promise<void> {
  await Promise.all([discountsService.giveBack(held, mark), giveBackStock(held.products, mark)]);
}

/** Gives back the stock of a try's lines, voiding its mark (see giveBackTry). */
export async function giveBackStock(lines: OrderLineDoc[], mark: string): Promise<void> {
  await Promise.all(
    lines.map((l) =>
      inventoryRepository
        .giveBack(unitOf(l), l.quantity, { ...ORDER_TAKE, mark })
        .catch((err: unknown) =>
          console.error(`[checkout] could not give back ${l.quantity} × ${l.slug} of attempt ${mark}; check its stock:`, err),
        ),
    ),
  );
}

/**
 * Takes what a try needs before its order is stored: the lines' stock, then the code's use. A code refused
 * at this point (its last use went meanwhile) gives the stock back; one whose use a twin request holds is
 * waited for like stock.
 */
export async function takeHolds(user: UserDoc, priced: PricedOrder, attempt: Attempt): Promise<void> {
  await takeStock(priced.lines, attempt);
  failPoint('checkout.after-stock');
  if (!priced.discount) return;
  try {
    await discountsService.take(user, priced.discount, attempt.mark, twinOf(attempt));
    failPoint('checkout.after-discount');
  } catch (err) {
    await giveBackStock(priced.lines, attempt.mark);
    throw err instanceof DiscountHeldByTwin ? new TwinHoldsStock(err.refusal) : err;
  }
}

/**
 * The order's pricing, awaited by a try. A code refused because a twin request of the same attempt holds the
 * use (or the shopper's use) is waited for like stock: that twin's order answers.
 */
export async function pricedFor(pricing: Promise<PricedOrder>, attempt: Attempt, code: string | undefined): Promise<PricedOrder> {
  try {
    return await pricing;
  } catch (err) {
    const twin = twinOf(attempt);
    if (err instanceof DiscountRefused && code && twin && (await discountsRepository.heldByTwin(code, twin))) throw new TwinHoldsStock(err);
    throw err;
  }
}

/** Stored orders' takes waiting to be closed, by unit and mark: closed together (see settleStoredTakes). */
const toSettle = new Map<string, Map<string, StoredTake>>();
let settling: Promise<void> | null = null;

/** How long closes wait to be written together: under load, one update per unit closes many orders' takes. */
const SETTLE_BATCH_MS = 25;

/** A stored order's takes, one per unit: the pieces its lines of that unit took under `mark`. */
function storedTakes(order: Pick<OrderDoc, '_id' | 'products'>, mark: string): StoredTake[] {
  const byUnit = new Map<string, number>();
  for (const line of order.products) byUnit.set(unitOf(line), (byUnit.get(unitOf(line)) ?? 0) + line.quantity);
  return [...byUnit].map(([unit, quantity]) => ({ unit, mark, quantity, orderId: order._id.toHexString() }));
}

/** Writes every close waiting: one update per unit. */
async function settleWaiting(): Promise<void> {
  const batch = [...toSettle];
  toSettle.clear();
  settling = null;
  const at = new Date();
  // The orders' movements go into the ledger first, in one insert; then each unit's takes close in one update.
  const takes = batch.flatMap(([, byMark]) => [...byMark.values()]);
  await stockLedgerRepository.recordOrderTakes(
    takes.map((t) => ({ unit: t.unit, key: orderMovement(t).key, d: -t.quantity, ref: t.orderId })),
    at,
  );
  const unclosed = (
    await Promise.all(batch.map(([unit, byMark]) => inventoryRepository.settleOpen(unit, [...byMark.values()], at, { recorded: true })))
  ).flat();
  // A take that was not open any more was closed by the recovery job (nothing to do) or given back by it, when
  // this try ran slower than the age the job went by: then its pieces are taken again.
  for (const take of unclosed) await retakeForStoredOrder(take);
}

/**
 * Closes the open records of a stored order's takes (the order holds the pieces now), after the shopper's
 * answer, together with other orders' closes of the same moment: one update per unit, not per order. One left
 * open (the process died first) is closed by the recovery job, which finds the order.
 */
async function settleStoredTakes(order: OrderDoc): Promise<void> {
  const mark = order.attemptId!;
  await afterResponse('checkout', async () => {
    for (const take of storedTakes(order, mark)) toSettle.set(take.unit, (toSettle.get(take.unit) ?? new Map()).set(mark, take));
    settling ??= sleep(SETTLE_BATCH_MS).then(settleWaiting);
    await settling;
  });
}

/** Whether a write was refused by a unique index (MongoDB's duplicate key error). */
const isDuplicateKey = (err: unknown): boolean => (err as { code?: number }).code === 11000;

/**
 * Stores a new order whose stock is taken. A reply lost on the way is retried once: the order's _id makes the
 * insert idempotent (a duplicate key with this try's mark on the stored order means the first try was
 * stored). A duplicate key from a twin request of the same attempt gives this try's stock back, as does any
 * refusal the database did answer; an order that may exist never loses its stock.
 */
export async function storeOrder(order: OrderDoc): Promise<void> {
  const mark = order.attemptId!;
  for (let attempt = 0; ; attempt++) {
    try {
      await ordersRepository.insert(order);
      failPoint('checkout.after-insert');
      await settleStoredTakes(order);
      return;
    } catch (err) {
      if (isDuplicateKey(err)) {
        if (attempt > 0 && (await ordersRepository.findById(order._id.toHexString()))?.attemptId === mark) {
          await settleStoredTakes(order);
          return;
        }
        await giveBackTry(order, mark);
        throw new TwinStoredOrder();
      }
      if (isConnectivityError(err)) {
        if (attempt === 0) continue;
        throw new InsertOutcomeUnknown(err, order, mark);
      }
      await giveBackTry(order, mark);
      throw err;
    }
  }
}
