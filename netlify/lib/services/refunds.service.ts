/**
 * Refunds of part or all of a paid order, recorded in the order's ledger (order.refunds). Each refund is
 * claimed by one conditional update that also raises order.refundedPaise, so however many admins click at
 * once the sum never passes what was paid; an online refund then goes to Razorpay with an idempotency key
 * derived from the ledger key, so a retried click (or a request that died mid-way) refunds once.
 */
import { createHash } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { attentionFields } from '@shared/attention';
import { failPoint } from '../failpoints';
import { formatPaiseAsINR } from '@shared/money';
import type { RefundRequest } from '@shared/schemas/refunds';
import type { OrderDoc, RefundDoc, RefundEntryDoc, UserDoc } from '../collections';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { ordersRepository } from '../repositories/orders.repository';
import { orderRefundsRepository } from '../repositories/order-refunds.repository';
import { refundEntries, toRefundEntry } from '../repositories/refund-entries';

export { toRefundEntry };
import { definiteRefusal, refundOnce, wholeRazorpayKey } from './payments/refund-call';
import { creditNotesService } from './credit-notes.service';
import { refundNoticeKeys, sendNoticesSoon } from './notices/notices.service';
import { WHOLE_REFUND_KEY } from './notices/order-messages';
import { returnId } from '@shared/returns';
import { returnsService } from './returns.service';
import { invoiceService } from './invoice.service';
import { lineValuePaise } from '@shared/discounts';

/** How many times a refund re-reads the order after another refund changed it first. */
const CLAIM_ATTEMPTS = 40;

/** The amount an order was paid, in paise (its total: lines after discount, shipping and any COD fee). */
const paidPaiseOf = (order: OrderDoc): number => order.totalPaise;

/** The ledger key of a refund: the admin's Idempotency-Key, hashed with the order (safe as a field name). */
const ledgerKey = (orderId: string, idempotencyKey: string): string =>
  `r${createHash('sha256').update(`${orderId}|${idempotencyKey}`).digest('hex').slice(0, 20)}`;

/** What was asked, hashed: the same key with a different body is refused rather than answered wrongly. */
const fingerprintOf = (input: RefundRequest): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        lines: [...(input.lines ?? [])].sort((a, b) => a.index - b.index),
        all: input.all === true,
        method: input.method,
        reference: input.reference ?? null,
      }),
    )
    .digest('hex');

/** The entry to claim for `input` on the order as read, or an error saying why it cannot be refunded. */
function plan(
  order: OrderDoc,
  input: RefundRequest,
  key: string,
  fingerprint: string,
  by: string,
): { entry: RefundEntryDoc; lineQty: Record<string, number>; replacedQty: Record<string, number> } {
  if (order.refund) throw conflict('This order was cancelled and its whole payment refunded already.');
  if (order.paymentStatus !== 'paid') {
    throw conflict(
      order.paymentStatus === 'refunded'
        ? 'Everything paid for this order was refunded already.'
        : 'This order has not been paid, so there is nothing to refund.',
    );
  }
  const online = order.paymentMethod === 'razorpay';
  if (online && input.method !== 'razorpay') throw badRequest('An online payment is refunded through Razorpay.');
  if (!online && input.method === 'razorpay')
    throw badRequest('Cash paid on delivery is refunded by UPI or bank transfer: choose one and enter its reference.');
  if (online && !order.razorpayPaymentId) throw conflict('This order has no Razorpay payment to refund.');
  const refunded = order.refundedQty ?? {};
  // Units a replacement was sent for are the shopper's to keep: never refunded too.
  const replacedOf = (index: number) => order.replacedQty?.[String(index)] ?? 0;
  const refundedPaise = order.refundedPaise ?? 0;
  const lineQty: Record<string, number> = {};
  const replacedQty: Record<string, number> = {};
  const lines: RefundEntryDoc['lines'] = [];
  let paise = 0;
  if (input.all) {
    let replacedPaise = 0;
    order.products.forEach((line, index) => {
      const before = refunded[String(index)] ?? 0;
      const replaced = replacedOf(index);
      lineQty[String(index)] = before;
      replacedQty[String(index)] = replaced;
      const refundable = line.quantity - replaced;
      const value = lineValuePaise(order, index, refundable) - lineValuePaise(order, index, before);
      replacedPaise += lineValuePaise(order, index, line.quantity) - lineValuePaise(order, index, refundable);
      if (refundable > before) lines.push({ index, quantity: refundable - before, paise: value });
    });
    paise = paidPaiseOf(order) - refundedPaise - replacedPaise;
    if (paise <= 0) throw conflict('Everything paid for this order was refunded already.');
  } else {
    for (const { index, quantity } of input.lines ?? []) {
      const line = order.products[index];
      if (!line) throw badRequest(`This order has no line ${index + 1}.`);
      const before = refunded[String(index)] ?? 0;
      const replaced = replacedOf(index);
      if (before + replaced + quantity > line.quantity) {
        const left = line.quantity - before - replaced;
        throw conflict(
          left > 0
            ? `Only ${left} of ${line.name} can still be refunded.`
            : replaced > 0
              ? `${line.name} was replaced already, so it cannot be refunded too.`
              : `${line.name} was refunded already.`,
        );
      }
      lineQty[String(index)] = before;
      replacedQty[String(index)] = replaced;
      const value = lineValuePaise(order, index, before + quantity) - lineValuePaise(order, index, before);
      lines.push({ index, quantity, paise: value });
      paise += value;
    }
    if (refundedPaise + paise > paidPaise(order)) throw conflict('That is more than is left to refund on this order.');
  }
  if (paise <= 0) throw conflict('Nothing is left to refund on the lines chosen.');
  if (online && paise < 100) throw badRequest('Razorpay refunds at least ₹1.');
  const entry: RefundEntryDoc = {
    key,
    fingerprint,
    lines,
    whole: input.all === true,
    paise,
    method: input.method,
    reference: online ? null : (input.reference ?? null),
    razorpayRefundId: null,
    // Cash refunds were paid by hand before they are recorded: final at once.
    status: online ? 'requested' : 'processed',
    by,
    at: new Date(),
    creditNote: null,
  };
  if (!online) entry.settledAt = entry.at;
  return { entry, lineQty, replacedQty };
}

const paidPaise = paidPaiseOf;

/** Razorpay's idempotency key for a ledger entry: the same for every retry of the same click. */
const razorpayKey = (orderId: ObjectId, key: string): string => `${orderId.toHexString()}-${key}`;

/** Asks Razorpay for an entry's refund with its idempotency key. */
const askRazorpay = (order: OrderDoc, entry: RefundEntryDoc): Promise<{ id: string; status: string }> =>
  refundOnce(
    order.razorpayPaymentId!,
    entry.paise,
    { orderId: order._id.toHexString(), refund_key: entry.key },
    razorpayKey(order._id, entry.key),
  );

/** Flags about the failed refund a retry replaces: stale once Razorpay took the retry. */
const FAILED_REFUND_FLAGS = new Set(['refund_failed', 'refund_failed_reported']);

/**
 * Razorpay's idempotency key for an admin's retry of a cancelled order's refund: prefixed, so it can never be the
 * key of a ledger refund (both hash an admin's Idempotency-Key the same way).
 */
const retryRazorpayKey = (orderId: ObjectId, retryKey: string): string => `${orderId.toHexString()}-retry-${retryKey}`;

/** How old a retry still waiting for Razorpay must be before another click asks again for it (its own request may still be talking). */
const RETRY_REDRIVE_AFTER_MS = 10_000;

/**
 * Asks Razorpay for a claimed retry of a cancelled order's refund (again with its stored key, if an earlier
 * request died) and settles it as refundPayment does: processed or pending (the order refunded; the shopper hears
 * it once processed), or failed (the money due again, flagged). An unclear error leaves it requested and flagged
 * (answered: false): asking again with the same key (a later click, the reconciliation job) refunds once.
 */
async function settleRetry(order: OrderDoc, requested: RefundDoc & { retryKey: string }): Promise<{ order: OrderDoc; answered: boolean }> {
  let answer: { id: string; status: string };
  try {
    answer = await refundOnce(
      requested.paymentId,
      requested.amountPaise,
      { orderId: order._id.toHexString(), retry_key: requested.retryKey },
      retryRazorpayKey(order._id, requested.retryKey),
    );
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    console.error(`[refunds] retried refund of ${order.orderNumber} failed: ${detail}`);
    if (definiteRefusal(err)) {
      await ordersRepository.settleRefund(order._id, { ...requested, status: 'failed', failure: 'refused' }, 'paid');
      await ordersRepository.flagForAttention(order._id, attentionFields({ code: 'refund_failed', detail }));
      return { order: await reread(order), answered: true };
    }
    await ordersRepository.flagForAttention(
      order._id,
      attentionFields({ code: 'refund_no_answer', amountPaise: requested.amountPaise, detail, refundKey: requested.retryKey }),
    );
    return { order: await reread(order), answered: false };
  }
  const failed = answer.status === 'failed';
  // The shopper hears of the refund when Razorpay has made it; a pending one is told by its webhook.
  const notices = answer.status === 'processed' ? refundNoticeKeys(requested.retryKey, order) : [];
  const settled = await ordersRepository.settleRefund(
    order._id,
    { ...requested, id: answer.id, status: answer.status, ...(failed ? { failure: 'refused' as const } : {}) },
    failed ? 'paid' : 'refunded',
    notices,
  );
  if (failed) await ordersRepository.flagForAttention(order._id, attentionFields({ code: 'refund_failed', detail: 'Razorpay refused it' }));
  else if (settled?.needsAttention && settled.attention && FAILED_REFUND_FLAGS.has(settled.attention.code))
    await orderRefundsRepository.clearAttention(order._id, settled.needsAttention);
  else await clearNoAnswerFlag(settled ?? order, requested.retryKey);
  await sendNoticesSoon(order._id);
  return { order: await reread(order), answered: true };
}

/**
 * Asks Razorpay again about a cancelled order's refund still waiting for its answer, with the key it was first
 * asked with (stored on the order): an admin's retry, or a first refund whose answer was lost. Razorpay answers the
 * refund it made, or makes it once. A refund stored without a key (before keys) is left for the admin's flag.
 */
async function redriveWhole(order: OrderDoc): Promise<{ order: OrderDoc; answered: boolean }> {
  const refund = order.refund;
  if (refund?.status !== 'requested') return { order, answered: true };
  if (refund.retryKey) return settleRetry(order, { ...refund, retryKey: refund.retryKey });
  if (refund.razorpayKey !== wholeRazorpayKey(order._id, refund.paymentId)) return { order, answered: false };
  let answer: { id: string; status: string };
  try {
    answer = await refundOnce(refund.paymentId, refund.amountPaise, { orderId: order._id.toHexString() }, refund.razorpayKey);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    console.error(`[refunds] asking again about the refund of ${order.orderNumber} failed: ${detail}`);
    if (!definiteRefusal(err)) return { order, answered: false };
    await ordersRepository.settleRefund(order._id, { ...refund, status: 'failed', failure: 'refused' }, 'paid');
    await ordersRepository.flagForAttention(order._id, attentionFields({ code: 'refund_failed', detail }));
    return { order: await reread(order), answered: true };
  }
  const failed = answer.status === 'failed';
  // The shopper was told the refund would follow: told once more when Razorpay has made it (a pending one by its webhook).
  const notices = answer.status === 'processed' ? refundNoticeKeys(WHOLE_REFUND_KEY, order) : [];
  const settled = await ordersRepository.settleRefund(
    order._id,
    { ...refund, id: answer.id, status: answer.status, ...(failed ? { failure: 'refused' as const } : {}) },
    failed ? 'paid' : 'refunded',
    notices,
  );
  if (failed) await ordersRepository.flagForAttention(order._id, attentionFields({ code: 'refund_failed', detail: 'Razorpay refused it' }));
  else await clearNoAnswerFlag(settled ?? order, WHOLE_REFUND_KEY);
  await sendNoticesSoon(order._id);
  return { order: await reread(order), answered: true };
}

/** The 502 for a retry Razorpay did not answer: not "started", so the browser keeps its key and asks the same retry again. */
const noAnswer = (order: OrderDoc): AppError =>
  new AppError(
    502,
    `Razorpay did not answer the retried refund of ${formatPaiseAsINR(order.refund?.amountPaise ?? 0)}. It may still be made: press Retry refund again in a minute (the same retry is asked again, never a second refund).`,
  );

/**
 * Asks Razorpay for a claimed entry's refund (again, with the same key, if an earlier request died) and
 * settles the entry by its key: processed, still pending (Razorpay's id kept; a webhook settles it), or failed
 * (its paise given back once and the order flagged). An unclear error (a timeout) leaves it requested and
 * flagged: the same click retried asks Razorpay again with the same key, which refunds once.
 */
async function settleOnline(order: OrderDoc, entry: RefundEntryDoc): Promise<OrderDoc> {
  let refund: { id: string; status: string };
  try {
    refund = await askRazorpay(order, entry);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    console.error(`[refunds] refund ${entry.key} of ${order.orderNumber} failed: ${detail}`);
    if (definiteRefusal(err)) return (await settleFailed(order._id, entry, detail)) ?? (await reread(order));
    await ordersRepository.flagForAttention(
      order._id,
      attentionFields({ code: 'refund_no_answer', amountPaise: entry.paise, detail, refundKey: entry.key }),
    );
    return reread(order);
  }
  await clearNoAnswerFlag(order, entry.key);
  if (refund.status === 'failed') return (await settleFailed(order._id, entry, 'Razorpay refused it')) ?? (await reread(order));
  if (refund.status === 'processed') return (await settleProcessed(order._id, entry.key, refund.id)) ?? (await reread(order));
  await orderRefundsRepository.setRefundId(order._id, entry.key, refund.id);
  return reread(order);
}

/** Clears the order's 'no answer from Razorpay' flag for refund `key`: that refund has been answered (a newer flag stays). */
async function clearNoAnswerFlag(order: OrderDoc, key: string): Promise<void> {
  if (order.needsAttention && order.attention?.code === 'refund_no_answer' && order.attention.refundKey === key)
    await orderRefundsRepository.clearAttention(order._id, order.needsAttention);
}

const reread = async (order: OrderDoc): Promise<OrderDoc> => (await ordersRepository.findById(order._id.toHexString())) ?? order;

/** Marks an entry processed (once) and the order refunded when nothing is left; null when it was settled already. */
export async function settleProcessed(orderId: ObjectId, key: string, razorpayRefundId: string | null): Promise<OrderDoc | null> {
  const order = await ordersRepository.findById(orderId.toHexString());
  const notices = order ? refundNoticeKeys(key, order) : [];
  const settled = await orderRefundsRepository.markProcessed(orderId, key, razorpayRefundId, notices);
  if (!settled) return null;
  return afterProcessed(settled, key);
}

/** What follows a processed refund: the order refunded if nothing is left, and its credit note (invoiced orders). */
async function afterProcessed(order: OrderDoc, key: string): Promise<OrderDoc> {
  // Razorpay answered (its webhook, or a retry with the same key): a flag saying it had not is stale.
  await clearNoAnswerFlag(order, key);
  const after = (await orderRefundsRepository.markFullyRefunded(order._id, paidPaise(order))) ?? order;
  const entry = after.refunds?.[key];
  if (entry && after.invoiceNumber) await creditNotesService.issueQuietly(() => creditNotesService.issueForRefund(after, entry));
  // A return request received back for this line is settled by this refund (a no-op for any other line).
  if (entry) {
    for (const line of entry.lines) {
      await returnsService.markRefunded(returnId(order._id.toHexString(), line.index), entry.razorpayRefundId ?? entry.key, entry.by);
    }
  }
  // The shopper's text and email about it, queued with the settlement (or the claim, for cash) exactly once.
  await sendNoticesSoon(order._id);
  return reread(after);
}

/** Marks an entry failed (once), giving its paise back and flagging the order; null when it was settled already. */
export async function settleFailed(orderId: ObjectId, entry: RefundEntryDoc, detail: string): Promise<OrderDoc | null> {
  return orderRefundsRepository.markFailed(orderId, entry, detail, {
    code: 'refund_not_done',
    amountPaise: entry.paise,
    detail,
    refundKey: entry.key,
  });
}

/** How long an online refund may wait for Razorpay's answer before the reconciliation job asks again. */
export const STUCK_REFUND_MS = 10 * 60_000;

/**
 * Asks Razorpay again, with each refund's own idempotency key, about online refunds still 'requested' after
 * `olderThanMs` (a request that heard nothing and no webhook since): Razorpay answers the refund it made, or
 * makes it once, and the entry is settled. For the reconciliation job; returns how many it asked about.
 */
export async function settleStuckRefunds(now = new Date(), olderThanMs = STUCK_REFUND_MS): Promise<{ asked: number }> {
  let asked = 0;
  // A cancelled order's refund (or an admin's retry of it) whose answer was lost: asked again with its stored key.
  for (const order of await orderRefundsRepository.withWholeRefundWaitingSince(new Date(now.getTime() - olderThanMs))) {
    asked++;
    const current = await ordersRepository.findById(order._id.toHexString());
    if (current) await redriveWhole(current);
  }
  for (const order of await orderRefundsRepository.withRefundsPending()) {
    for (const entry of refundEntries(order)) {
      if (entry.status !== 'requested' || entry.method !== 'razorpay' || now.getTime() - entry.at.getTime() < olderThanMs) continue;
      asked++;
      const current = await ordersRepository.findById(order._id.toHexString());
      if (current?.refunds?.[entry.key]?.status === 'requested') await settleOnline(current, entry);
    }
  }
  return { asked };
}

/** What an admin's refund did: the entry (new, or the one this key made before) and the order after it. */
interface RefundOutcome {
  entry: RefundEntryDoc;
  order: OrderDoc;
  created: boolean;
}

/** Refunds (admin): the business rules of POST /api/admin/orders/{id}/refunds. */
export const refundsService = {
  /**
   * Refunds the chosen lines (or everything left) of a paid order, once per Idempotency-Key: a retry or a
   * twin with the same key answers the same entry (asking Razorpay again with the same key if the first
   * request never heard back). Refuses with 409 an order that is not paid, a quantity no longer left, or a
   * key already used for a different refund.
   */
  async refund(admin: UserDoc, orderId: string, input: RefundRequest, idempotencyKey: string): Promise<RefundOutcome> {
    const key = ledgerKey(orderId, idempotencyKey);
    const fingerprint = fingerprintOf(input);
    const by = `admin:${admin.phone}`;
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const order = await ordersRepository.findById(orderId);
      if (!order) throw notFound('Order');
      const earlier = order.refunds?.[key];
      if (earlier) {
        if (earlier.fingerprint !== fingerprint)
          throw conflict('This Idempotency-Key was used for a different refund. Reload and try again.');
        const after = earlier.status === 'requested' && earlier.method === 'razorpay' ? await settleOnline(order, earlier) : order;
        return { entry: after.refunds?.[key] ?? earlier, order: after, created: false };
      }
      const { entry, lineQty, replacedQty } = plan(order, input, key, fingerprint, by);
      // A refund credits an issued invoice: the order's number is issued first (once), so its credit note
      // always follows, whether or not anyone had opened the invoice; then the order is read again.
      if (!order.invoiceNumber && order.status !== 'cancelled') {
        // A cancel racing this refund may stop the numbering (503): the order read again decides.
        await invoiceService.ensureNumbered(order).catch(() => undefined);
        continue;
      }
      // A cash refund is final at once: its messages are queued with the claim.
      const notices = entry.status === 'processed' ? refundNoticeKeys(key, order) : [];
      const seen = { refundedPaise: order.refundedPaise ?? 0, lineQty, replacedQty };
      const claimed = await orderRefundsRepository.claim(order._id, entry, seen, paidPaise(order), notices);
      // Someone else changed the order (another refund, a cancel): read it again and re-check.
      if (!claimed) continue;
      failPoint('refund.after-claim');
      console.info(`[refunds] ${by} refunds ${formatPaiseAsINR(entry.paise)} of ${claimed.orderNumber} (${entry.method})`);
      const after = entry.method === 'razorpay' ? await settleOnline(claimed, entry) : await afterProcessed(claimed, key);
      return { entry: after.refunds?.[key] ?? entry, order: after, created: true };
    }
    throw new AppError(409, 'Other refunds of this order were being made at the same time. Please try again.');
  },

  /**
   * Retries a cancelled order's refund that failed (Razorpay refused it, or its webhook reported it failed), once
   * per Idempotency-Key: the same key again answers the same retry (asking Razorpay again with the same key if
   * the first request never heard back); of retries racing with different keys one is made, the others are
   * refused. 409 when there is no failed refund (none, still with Razorpay, or made already).
   */
  async retryFailedRefund(admin: UserDoc, orderId: string, idempotencyKey: string): Promise<{ order: OrderDoc; created: boolean }> {
    const key = ledgerKey(orderId, idempotencyKey);
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const order = await ordersRepository.findById(orderId);
      if (!order) throw notFound('Order');
      const refund = order.refund;
      if (refund?.retryKey === key) {
        if (refund.status !== 'requested') return { order, created: false };
        const again = await redriveWhole(order);
        if (!again.answered) throw noAnswer(again.order);
        return { order: again.order, created: false };
      }
      if (!refund) throw conflict('This order has no failed refund to retry.');
      // Another click's retry still waiting for Razorpay (its answer lost): asked again under its own stored key,
      // so Razorpay answers that refund rather than making a second one; a young one may still be in flight.
      if (refund.status === 'requested' && refund.retryKey) {
        if (Date.now() - refund.at.getTime() < RETRY_REDRIVE_AFTER_MS)
          throw conflict('A retry of this refund is under way with Razorpay: try again in a few seconds.');
        const again = await redriveWhole(order);
        if (!again.answered) throw noAnswer(again.order);
        return { order: again.order, created: false };
      }
      if (refund.status === 'processed' || order.paymentStatus === 'refunded')
        throw conflict(refund.status === 'processed' ? 'This refund went through already.' : 'This refund is under way with Razorpay.');
      if (refund.status !== 'failed') throw conflict('Razorpay has not answered this refund yet: retry it only once it has failed.');
      // Only a definite failure is retried under a new key: after an unclear one Razorpay may have made the refund.
      if (!refund.failure)
        throw conflict(
          "This refund failed without a clear answer from Razorpay, so it may have been made: look it up in Razorpay's dashboard and refund by hand only if it is not there.",
        );
      if (order.paymentStatus !== 'paid') throw conflict('This order has no failed refund to retry.');
      const requested = {
        id: null,
        status: 'requested',
        amountPaise: refund.amountPaise,
        at: new Date(),
        paymentId: refund.paymentId,
        retryKey: key,
      };
      const claimed = await ordersRepository.claimRefundRetry(order._id, refund.at, requested);
      // Another admin's retry (or a late payment's refund) changed it first: read it again.
      if (!claimed) continue;
      console.info(
        `[refunds] admin:${admin.phone} retries the failed refund of ${formatPaiseAsINR(refund.amountPaise)} of ${claimed.orderNumber}`,
      );
      const settled = await settleRetry(claimed, requested);
      if (!settled.answered) throw noAnswer(settled.order);
      return { order: settled.order, created: true };
    }
    throw new AppError(409, 'This order was being changed at the same time. Please try again.');
  },
};
