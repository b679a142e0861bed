/**
 * One checkout attempt placed at most once: an Idempotency-Key names the order id, so a replay or a twin request
 * answers the stored order instead of placing another.
 */
import { createHash, randomInt } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { type OrderDoc, type UserDoc } from '../../collections';
import { AppError, conflict } from '../../errors';
import { ordersRepository } from '../../repositories/orders.repository';
import { type Attempt, InsertOutcomeUnknown, TwinHoldsStock, TwinStoredOrder, giveBackTry } from './holds';
import { sleep } from '../../sleep';

/**
 * A promise started ahead of its use that may end up unused (the attempt's order turned out to exist): its
 * rejection is then nobody's to handle, so it is marked handled here; awaiting it still throws.
 */
export function started<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** How long a request waits for a twin of its attempt that holds the stock it needs. */
const TWIN_WAIT_MS = 10_000;

/** Stable hash of a parsed request, so one Idempotency-Key cannot be reused for a different order. */
function requestFingerprint(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('base64url');
}

/**
 * The order id a checkout attempt stands for: every request with the same key names the same order, so the
 * order's insert is the attempt's claim (no separate claim to write, and none left behind by a request
 * that died).
 */
function orderIdForKey(keyId: string): ObjectId {
  return new ObjectId(createHash('sha256').update(keyId).digest().subarray(0, 12));
}

/** The order an attempt placed, answered again, or a 422 when the key was used for a different order. */
function sameAttempt(order: OrderDoc, fingerprint: string): OrderDoc {
  if (order.idempotencyFingerprint && order.idempotencyFingerprint !== fingerprint)
    throw new AppError(422, 'This Idempotency-Key was already used for a different order. Start a new checkout attempt.');
  return order;
}

/** An attempt's order, and whether this request is the one that stored it (and so sends its messages). */
export interface Placed {
  order: OrderDoc;
  placedHere: boolean;
}

/**
 * Runs `place` at most once per (user, key): the attempt's order is looked up first, so a replay (a reload,
 * a retry after a lost answer) answers it without touching stock; otherwise this request tries to store it,
 * and a twin sent at the same time answers the order the first of them stored (a twin that took stock first
 * gives it back). A request that fails leaves nothing behind, so a retry after (say) a stock refusal tries
 * again. Without a key, every request is a new attempt.
 */
export async function placeOnce(
  user: UserDoc,
  scope: string,
  key: string | null,
  payload: unknown,
  place: (attempt: Attempt) => Promise<OrderDoc>,
): Promise<Placed> {
  const request = new ObjectId().toHexString();
  if (!key) {
    const orderId = new ObjectId();
    const prefix = `${orderId.toHexString()}:${request}.`;
    return { order: await place({ orderId, mark: `${prefix}0`, requestPrefix: prefix }), placedHere: true };
  }
  const id = `${user._id.toHexString()}:${scope}:${key}`;
  const fingerprint = requestFingerprint(payload);
  const orderId = orderIdForKey(id);
  const requestPrefix = `${orderId.toHexString()}:${request}.`;
  const deadline = Date.now() + TWIN_WAIT_MS;
  /** The attempt's order if it is stored; `legacy` also looks for one stored before ids came from keys. */
  const stored = async (legacy: boolean): Promise<OrderDoc | null> =>
    (await ordersRepository.findById(orderId.toHexString())) ?? (legacy ? await ordersRepository.findByIdempotencyKey(id) : null);
  const answer = (order: OrderDoc): Placed => ({
    order: sameAttempt(order, fingerprint),
    placedHere: order.attemptId?.startsWith(requestPrefix) ?? false,
  });

  const before = await stored(false);
  if (before) return answer(before);
  for (let tries = 0; ; tries++) {
    try {
      // Each try marks its takes apart, so a lost reply is never mistaken for an earlier try's take.
      return answer(await place({ orderId, mark: `${requestPrefix}${tries}`, requestPrefix, key: { id, fingerprint } }));
    } catch (err) {
      // Stored by a twin, or by this request with its answer lost; or refused by what changed since an order
      // of this key was stored before ids came from keys (its stock, a price): either way, that order answers.
      const existing = await stored(!(err instanceof TwinHoldsStock)).catch(() => null);
      if (existing) {
        // A twin's order, while this try's insert ended unanswered: this try's pieces go back.
        if (err instanceof InsertOutcomeUnknown && existing.attemptId !== err.mark) await giveBackTry(err.held, err.mark);
        return answer(existing);
      }
      if (err instanceof InsertOutcomeUnknown) throw err.reason;
      if (err instanceof TwinStoredOrder) throw conflict(STILL_PLACING);
      if (!(err instanceof TwinHoldsStock)) throw err;
      // A twin still holds the pieces past the wait: it is slow, not refused; the shopper is told so.
      if (Date.now() >= deadline) throw conflict(STILL_PLACING);
      // Jittered, so twins polling together do not keep refusing each other in step.
      await sleep(50 + randomInt(100));
    }
  }
}

/** What a request answers while a twin of its attempt is still placing the order. */
export const STILL_PLACING = 'This order is still being placed. Please wait a moment and check your orders.';
