/**
 * The shopper's view of an order's refunds: each refund's amount, where it stands and when, and its credit
 * note. Nothing renders for an order without refunds or credit notes.
 */
import type { Order } from '@shared/api/orders';
import { creditNotePath } from '@shared/credit-note-path';
import { formatINR } from '@shared/money';
import { formatDay } from './order-state';

/** A refund's status as the shopper reads it. */
const statusText = (status: 'requested' | 'processed' | 'failed'): string =>
  status === 'processed' ? 'Refunded' : status === 'failed' ? 'Not completed: we will contact you' : 'On its way';

/** The Refunds part of the order page. */
export function OrderRefunds({ order }: { order: Order }) {
  const refunds = order.refunds ?? [];
  const cancellation = (order.creditNotes ?? []).filter((n) => n.kind === 'cancellation');
  if (!refunds.length && !cancellation.length) return null;
  return (
    <>
      <h2>Refunds</h2>
      <ul className="order-success__refunds">
        {refunds.map((r) => (
          <li key={r.key}>
            <strong>{formatINR(r.amount)}</strong> · {statusText(r.status)} · {formatDay(r.at)}
            {r.creditNote && (
              <>
                {' '}
                · Credit note <a href={creditNotePath(`${order._id}-${r.key}`)}>{r.creditNote}</a>
              </>
            )}
          </li>
        ))}
        {cancellation.map((n) => (
          <li key={n.id}>
            Order cancelled · Credit note <a href={creditNotePath(n.id)}>{n.number}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
