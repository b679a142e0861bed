import type { OrderRefundEntry } from '@shared/api/orders';
import type { RefundEntryDoc, OrderDoc } from '../collections';
import { toRupees } from '@shared/money';

/** A ledger entry as the pages show it. */
export function toRefundEntry(e: RefundEntryDoc): OrderRefundEntry {
  return {
    key: e.key,
    lines: e.lines.map(({ index, quantity }) => ({ index, quantity })),
    whole: e.whole,
    amount: toRupees(e.paise),
    method: e.method,
    reference: e.reference,
    razorpayRefundId: e.razorpayRefundId,
    status: e.status,
    at: e.at.toISOString(),
    creditNote: e.creditNote,
  };
}

/** An order's refunds, oldest first. */
export const refundEntries = (order: OrderDoc): RefundEntryDoc[] =>
  Object.values(order.refunds ?? {}).sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
