/**
 * Recovery of what a process that died mid-way left half-done. Checkout tries that died between taking and storing: a process killed (or a Netlify instance
 * recycled, or a function past its time limit) after a try took stock or a code's use and before its order was
 * stored leaves pieces off the shelf and a use counted that no order holds. Every take carries its try's mark
 * ('<order id>:<request id>.<try>', the request id an ObjectId, so the mark says when it was made), and an
 * order take stays recorded as open on its unit until its order is stored: this finds the ones older than any
 * live try could be and decides each by the order its mark names. A replacement's take that a dead click left
 * pending is kept if the shipped request names it, else given back. Then orders whose cancel or late payment
 * stopped between their status and their stock (stock-moves.ts), and cancelled paid orders whose refund was
 * never asked for, are finished; invoice and credit-note numbers taken and never used are recorded void.
 */
import { ObjectId } from 'mongodb';
import { attentionFields } from '@shared/attention';
import { unitParts } from '../collections';
import { catalogueDraftsRepository } from '../repositories/catalogue-drafts.repository';
import { discountsRepository } from '../repositories/discounts.repository';
import { inventoryRepository, type OpenTake, type StoredTake } from '../repositories/inventory.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { returnsRepository } from '../repositories/returns.repository';
import { stockChangesRepository } from '../repositories/stock-changes.repository';
import { refundCancelled } from './order-status.service';
import { finishStockMove, MOVE_RECORD_KEEP_MS } from './stock-moves';
import { putReturnBack } from './returns.service';
import { recordUnusedNumbers } from './document-number-gaps';
import { discountsService } from './discounts.service';

/**
 * How old an open take must be before the scheduled job treats its try as dead: far past the longest step a
 * live try takes between its take and its insert (a function runs at most a minute on Netlify; creating the
 * Razorpay order is the slowest step, a few seconds).
 */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * What `npm run reconcile -- --settle-now` treats as abandoned: anything older than this. For an operator after an
 * outage: longer than a live checkout holds a take before storing its order (its slowest step, the Razorpay call,
 * gives up after RAZORPAY_TIMEOUT_MS), though not than a request stuck on the database could (Netlify lets a
 * function run 60 seconds), so it is for when the shop was down.
 */
export const SETTLE_NOW_AFTER_MS = 15_000;

/** Pieces given back for a try whose order was never stored. */
export interface RecoveredStock {
  unit: string;
  name: string;
  quantity: number;
  /** The unit's stock once they were back. */
  stock: number;
  mark: string;
}

/** What one recovery run did. */
export interface AbandonedTakesReport {
  stockGivenBack: RecoveredStock[];
  /** Code uses given back, as 'CODE (mark)'. */
  usesGivenBack: string[];
  /** Return requests received as sellable whose pieces the recovery put back (their click died in between). */
  returnsRestocked: string[];
  /** Open takes whose order was stored (the process died before closing them): closed, stock untouched. */
  takesClosed: number;
  /** Orders stored after their try's pieces were given back (a try slower than the age): taken again. */
  takesRetaken: string[];
  /** Orders whose cancel (stock back) or late payment (stock taken again) stopped half-way: finished. */
  movesFinished: string[];
  /** Cancelled orders paid online whose refund was never asked for: asked now. */
  refundsStarted: string[];
  /** Invoice and credit-note numbers taken and never written on a document: recorded void. */
  numbersVoided: string[];
}

/** When a checkout mark was made (its request id's time), or null for a mark of another kind. */
function markTime(mark: string): Date | null {
  const match = /^[0-9a-f]{24}:([0-9a-f]{24})\.\d+$/.exec(mark);
  return match ? new ObjectId(match[1]).getTimestamp() : null;
}

/** The order id a checkout mark starts with. */
const orderIdOfMark = (mark: string): string => mark.slice(0, 24);

/**
 * Which of these marks' orders were stored by that very try (then the order holds what the try took): their
 * orders read in one query, so a recovery after an outage with many tries open does not read them one by one.
 */
async function storedByTries(marks: string[]): Promise<Set<string>> {
  const attempts = await ordersRepository.attemptIds([...new Set(marks.map(orderIdOfMark))]);
  return new Set(marks.filter((mark) => attempts.get(orderIdOfMark(mark)) === mark));
}

/** Gives one dead try's pieces back and records it in the unit's stock history (null: nothing was left to give). */
async function giveBack(take: OpenTake, now: Date): Promise<RecoveredStock | null> {
  const stock = await inventoryRepository.giveBackOpen(take, now);
  if (stock === null) return null;
  const note = `Checkout ${orderIdOfMark(take.mark)} stopped before its order was stored: ${pieces(take.quantity)} back on sale.`;
  return recordGiveBack(take, stock, note, now);
}

/** '1 piece', '3 pieces'. */
const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/** Records pieces the recovery gave back in the admin's Recent changes (by 'system'), and reports them. */
async function recordGiveBack(take: OpenTake, stock: number, note: string, now: Date): Promise<RecoveredStock> {
  const { productId, size } = unitParts(take.unit);
  const name = (await catalogueDraftsRepository.product(productId))?.name ?? `Product ${productId.toHexString()}`;
  await stockChangesRepository.record({
    unit: take.unit,
    productId,
    size,
    name,
    from: stock - take.quantity,
    to: stock,
    reason: 'recovered',
    note,
    by: 'system',
    at: now,
  });
  return { unit: take.unit, name, quantity: take.quantity, stock, mark: take.mark };
}

/**
 * A stored order whose take the recovery job gave back (its try was alive, only slower than the age the job went
 * by): its pieces are taken again whatever the stock, and its code's use counted again (both once, by their
 * marks); an order that leaves the stock below zero is flagged for a person. Called by the try itself when it
 * cannot close its take, and by the recovery job for a try that died after storing. Returns the order's number
 * when it took anything again.
 */
export async function retakeForStoredOrder(take: StoredTake): Promise<string | null> {
  const stock = await inventoryRepository.retakeRecovered(take);
  if (stock === null) return null;
  const order = await ordersRepository.findById(take.orderId);
  if (order) {
    await discountsService.takeAgain(order);
    if (stock < 0) await ordersRepository.flagForAttention(order._id, attentionFields({ code: 'stock_given_back' }));
  }
  const number = order?.orderNumber ?? take.orderId;
  console.warn(
    `[recovery] ${number}: ${take.quantity} × ${take.unit} had been given back while it was placed; taken again, stock now ${stock}`,
  );
  return number;
}

/** A report of a run that did nothing (yet). */
export const nothingRecovered = (): AbandonedTakesReport => ({
  stockGivenBack: [],
  usesGivenBack: [],
  returnsRestocked: [],
  takesClosed: 0,
  takesRetaken: [],
  movesFinished: [],
  refundsStarted: [],
  numbersVoided: [],
});

/** How a run treats what it finds. */
interface RecoveryOptions {
  /** An operator after an outage (or a start with nothing else running): document numbers are checked at once. */
  settleNow?: boolean;
  /** Whether refunds a dead cancel owed are asked for now (not before the payment provider can be reached). */
  askRefunds?: boolean;
}

/**
 * Finds every take (stock, a code's use) made by a checkout try more than `abandonedAfterMs` ago that is still
 * open, and decides it by its order: stored by that try, the take is closed and kept (the order holds it);
 * not stored, or stored by a twin try of the same attempt, the pieces and the use go back. Each decision is one
 * update conditional on the take still being open, so two runs at once, or a run and the try's own give-back,
 * never give anything back twice. The age is the only thing telling a dead try from a live one: a try still
 * running after `abandonedAfterMs` (10 minutes for the scheduled job; a Netlify function stops long before)
 * would store an order whose pieces went back, so settle-now's few seconds are for after an outage only.
 */
export async function recoverAbandonedTakes(
  now = new Date(),
  abandonedAfterMs = ABANDONED_AFTER_MS,
  { settleNow = false, askRefunds = true }: RecoveryOptions = {},
): Promise<AbandonedTakesReport> {
  const report = nothingRecovered();
  const isAbandoned = (mark: string) => {
    const at = markTime(mark);
    return at !== null && now.getTime() - at.getTime() >= abandonedAfterMs;
  };
  const abandoned = (await inventoryRepository.openTakes()).filter((t) => isAbandoned(t.mark));
  const storedMarks = await storedByTries(abandoned.map((t) => t.mark));
  for (const take of abandoned) {
    if (take.quantity > 0 && storedMarks.has(take.mark)) {
      await inventoryRepository.settleOpen(take.unit, [{ ...take, orderId: orderIdOfMark(take.mark) }]);
      report.takesClosed += 1;
      continue;
    }
    const recovered = await giveBack(take, now);
    if (recovered) report.stockGivenBack.push(recovered);
  }
  // Replacements whose click died between its take and its step: the take the shipped replacement names is kept,
  // any other (the click never shipped, or a twin click shipped with its own take) goes back.
  for (const take of (await inventoryRepository.pendingTakes()).filter((t) => now.getTime() - t.at.getTime() >= abandonedAfterMs)) {
    const request = await returnsRepository.findById(take.ref);
    if (request?.replacementTakeId === take.takeId) {
      await inventoryRepository.closePending(take.unit, take.takeId);
      report.takesClosed += 1;
      continue;
    }
    const stock = await inventoryRepository.giveBackPending(take, 'replacement', now);
    if (stock === null) continue;
    const note = `A replacement for return ${take.ref} stopped before it was sent: ${pieces(take.quantity)} back on sale.`;
    report.stockGivenBack.push(
      await recordGiveBack({ unit: take.unit, mark: `return:${take.ref}`, quantity: take.quantity }, stock, note, now),
    );
  }
  // Replacement takes given back whose click shipped the replacement after all (and died before taking them again).
  for (const given of await inventoryRepository.givenBackPendingTakes()) {
    const request = await returnsRepository.findById(given.ref);
    if (request?.replacementTakeId === given.takeId) {
      const stock = await inventoryRepository.retakeGivenBack(given.unit, given.takeId);
      if (stock !== null) {
        report.takesRetaken.push(`return ${given.ref}`);
        console.warn(
          `[recovery] return ${given.ref}: its replacement shipped after its pieces were given back; taken again, stock now ${stock}`,
        );
      }
    } else if (now.getTime() - given.at.getTime() >= MOVE_RECORD_KEEP_MS) {
      await inventoryRepository.forgetGivenBack(given.unit, given.takeId);
    }
  }
  // Give-backs of earlier runs whose try stored its order after all (and died before taking them again itself).
  const givenBack = await inventoryRepository.recoveredTakes();
  const storedGivenBack = await storedByTries(givenBack.map((g) => g.mark));
  for (const given of givenBack) {
    if (storedGivenBack.has(given.mark)) {
      const retaken = await retakeForStoredOrder({ ...given, orderId: orderIdOfMark(given.mark) });
      if (retaken) report.takesRetaken.push(retaken);
    } else if (now.getTime() - given.at.getTime() >= MOVE_RECORD_KEEP_MS) {
      await inventoryRepository.forgetRecovered(given.unit, given.mark);
    }
  }
  const heldUses = (await discountsRepository.heldMarks()).filter((h) => isAbandoned(h.mark));
  const storedUses = await storedByTries(heldUses.map((h) => h.mark));
  for (const held of heldUses) {
    if (storedUses.has(held.mark)) continue;
    if (await discountsRepository.giveBack(held.code, held.userId, held.mark)) report.usesGivenBack.push(`${held.code} (${held.mark})`);
  }
  const before = new Date(now.getTime() - abandonedAfterMs);
  // Returns received as sellable whose pieces were never recorded back: put back once (see putReturnBack).
  for (const r of await returnsRepository.stockBackDue(before)) {
    await putReturnBack(r);
    report.returnsRestocked.push(r._id);
  }
  // Records of returns put back, kept a day after (a click that read the request before could still be about to
  // put them back: the record stops it), once the request records them.
  for (const back of await inventoryRepository.returnsBack()) {
    if (now.getTime() - back.at.getTime() < MOVE_RECORD_KEEP_MS) continue;
    const r = await returnsRepository.findById(back.returnId);
    if (!r || r.stockBack !== 'due') await inventoryRepository.forgetReturnBack(back.unit, back.returnId);
  }
  for (const order of await ordersRepository.withStockMoving(before)) {
    const done = await finishStockMove(order);
    if (done.stock.state !== order.stock.state) report.movesFinished.push(order.orderNumber);
  }
  for (const order of askRefunds ? await ordersRepository.cancelledPaidUnrefunded(before) : []) {
    if (await refundCancelled(order, 'cancelled (its refund asked by the recovery job)')) report.refundsStarted.push(order.orderNumber);
  }
  // Records of moves finished a day ago and more: nobody can be finishing them any more.
  const moveIsOld = (moveId: string) => now.getTime() - new ObjectId(moveId).getTimestamp().getTime() >= MOVE_RECORD_KEEP_MS;
  for (const record of (await inventoryRepository.moveRecords()).filter((r) => ObjectId.isValid(r.moveId) && moveIsOld(r.moveId))) {
    const order = await ordersRepository.findById(record.orderId);
    if (order?.stock.moveId !== record.moveId) await inventoryRepository.clearMove([record.unit], record.moveId);
  }
  report.numbersVoided = await recordUnusedNumbers(now, abandonedAfterMs, settleNow);
  for (const n of report.numbersVoided) console.warn(`[recovery] ${n} was taken and never used: recorded void`);
  for (const id of report.returnsRestocked) console.warn(`[recovery] return ${id}: its sellable pieces put back in stock`);
  for (const n of report.movesFinished) console.warn(`[recovery] ${n}: its stock move (a cancel, or a payment after its hold) finished`);
  for (const n of report.refundsStarted) console.warn(`[recovery] ${n}: cancelled and paid, its refund asked for`);
  for (const r of report.stockGivenBack)
    console.warn(
      `[recovery] ${r.quantity} × ${r.name} given back (checkout ${r.mark} stopped before its order was stored); stock now ${r.stock}`,
    );
  for (const u of report.usesGivenBack) console.warn(`[recovery] a use of ${u} given back: its order was never stored`);
  return report;
}
