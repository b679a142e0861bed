/**
 * The 'Discount code' field of the order summary: Apply shows what the code saves and the new total, or
 * exactly why it does not apply; an applied code can be removed. Signed-in shoppers only (the server checks
 * a code against the shopper's own uses and orders).
 */
import { useId, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatINR } from '@shared/money';
import { $appliedDiscount, $discountAmount, $discountRefusal, $totals } from './checkout.store';
import { $discountChecking, $discountInput, applyDiscount, removeDiscount, setDiscountInput } from './discount.store';

/** The field, or the applied code with its saving and Remove. */
export function DiscountField() {
  const id = useId();
  const applied = useStore($appliedDiscount);
  const amount = useStore($discountAmount);
  const totals = useStore($totals);
  const refusal = useStore($discountRefusal);
  const checking = useStore($discountChecking);
  const typed = useStore($discountInput);
  const messageId = `${id}-message`;

  if (applied) {
    return (
      <div className="checkout-discount checkout-discount--applied" data-testid="discount-applied">
        <p className="checkout-discount__applied" role="status">
          {checking || amount === 0 ? (
            <>Checking {applied.code} for your order…</>
          ) : (
            <>
              <strong>{applied.code}</strong> applied ({applied.description}): you save {formatINR(amount)}. New total{' '}
              {formatINR(totals.total)}.
            </>
          )}
        </p>
        <button
          type="button"
          className="checkout-discount__remove"
          onClick={removeDiscount}
          aria-label={`Remove discount code ${applied.code}`}
        >
          Remove
        </button>
      </div>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void applyDiscount();
  };
  return (
    <form className="checkout-discount" noValidate onSubmit={onSubmit} aria-busy={checking || undefined}>
      <label className="field__label" htmlFor={id}>
        Discount code
      </label>
      <div className="checkout-discount__row">
        <input
          id={id}
          className="input checkout-discount__input"
          name="discountCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={typed}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? messageId : undefined}
          onChange={(event) => setDiscountInput(event.target.value)}
        />
        <button type="submit" className="btn btn--outline btn--sm checkout-discount__apply" disabled={checking}>
          Apply
        </button>
      </div>
      <p className="field__error checkout-discount__message" id={messageId} role="alert">
        {refusal}
      </p>
    </form>
  );
}
