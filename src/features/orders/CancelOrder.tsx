/**
 * Cancel for one order, asked twice: 'Cancel order', then 'Cancel this order?' with Yes, cancel and Keep
 * order. Shared by the account's order cards and the history table, so both behave alike; what Yes does
 * (cancelMyOrder) and the message after it are the caller's.
 */
import { useState } from 'react';

/** The order it cancels (for the button's name) and what Yes does. */
export interface CancelOrderProps {
  /** The number the shopper reads (six characters), so each button says which order it cancels. */
  orderNumber: string;
  onCancel: () => void;
}

/** The Cancel button and its confirmation. */
export function CancelOrder({ orderNumber, onCancel }: CancelOrderProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button
        type="button"
        className="btn btn--outline btn--sm"
        aria-label={`Cancel order ${orderNumber}`}
        onClick={() => setConfirming(true)}
      >
        Cancel order
      </button>
    );
  }
  return (
    <span className="order-cancel-confirm" role="group" aria-label="Cancel this order?">
      <span>Cancel this order?</span>
      <button
        type="button"
        className="btn btn--sm"
        onClick={() => {
          setConfirming(false);
          onCancel();
        }}
      >
        Yes, cancel
      </button>
      <button type="button" className="btn btn--outline btn--sm" onClick={() => setConfirming(false)}>
        Keep order
      </button>
    </span>
  );
}
