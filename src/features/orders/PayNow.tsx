/**
 * Pay now for an online payment the shopper did not complete, with how long its items are held ('Items
 * held until 3:45 pm'), or word that they no longer are. Shared by the order page, the account's cards and
 * the history, so all three offer it alike; the payment itself is pay-now.store.ts's.
 */
import { useStore } from '@nanostores/react';
import type { Order } from '@shared/api/orders';
import { shortOrderId } from '@shared/orders';
import { routes } from '@shared/routes';
import type { PayNowOffer } from './order-state';
import { $payNow, payNow } from './pay-now.store';
import './orders.css';

/** The order, what its hold allows, and what happens once it is paid (e.g. open its page). */
export interface PayNowProps {
  order: Order;
  offer: PayNowOffer;
  onConfirmed: (order: Order) => void;
  /** Said beside Shop again once the hold has lapsed; null where the page already says why (the order page's lead). */
  lapsedText?: string | null;
}

/** Pay now and the hold's end; or that the items are no longer held. Nothing for orders that need no payment. */
export function PayNow({ order, offer, onConfirmed, lapsedText = 'Items no longer held' }: PayNowProps) {
  const busy = useStore($payNow);
  if (offer.kind === 'none') return null;
  if (offer.kind === 'lapsed') {
    return (
      <span className="pay-now">
        {lapsedText && <span className="pay-now__held">{lapsedText}</span>}
        <a className="btn btn--outline btn--sm" href={routes.allProducts}>
          Shop again
        </a>
      </span>
    );
  }
  const mine = busy?.orderId === order._id;
  return (
    <span className="pay-now">
      <button
        type="button"
        className="btn btn--sm"
        aria-label={`Pay now for order ${shortOrderId(order._id)}`}
        aria-busy={mine || undefined}
        disabled={busy !== null}
        onClick={() => void payNow(order, onConfirmed)}
      >
        Pay now
      </button>
      <span className="pay-now__held">
        {mine && busy.step === 'confirming' ? 'Confirming your payment…' : `Items held until ${offer.heldUntil}`}
      </span>
    </span>
  );
}
