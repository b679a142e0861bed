/** An order's status as a coloured badge: pending orange, confirmed blue, shipped purple, delivered green, cancelled red. */
import { STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { statusTone } from './order-view';
import './orders.css';

/** The badge of one status. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${statusTone(status)}`}>{STATUS_LABELS[status] ?? status}</span>;
}
