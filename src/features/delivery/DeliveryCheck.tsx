/**
 * 'Check delivery': a PIN code box that answers when a parcel would arrive ('Delivery between Mon, 30 Nov and
 * Fri, 4 Dec'), remembering the PIN for the next page. The answer line keeps its room from the first paint,
 * so it never pushes the page down.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { $deliveryAnswer, $deliveryPin, adoptEarlyPin, checkDelivery, cleanPin, pinEdited } from './delivery.store';
import './delivery-check.css';

/** Props of DeliveryCheck: a compact look for the cart drawer. */
export interface DeliveryCheckProps {
  compact?: boolean;
}

/** The PIN box, its button and the answer. */
export function DeliveryCheck({ compact = false }: DeliveryCheckProps) {
  const remembered = useStore($deliveryPin);
  const answer = useStore($deliveryAnswer);
  const [typed, setTyped] = useState<string | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = typed ?? remembered;
  // Hydrating keeps what the box holds: if that is not what this render shows, the shopper typed it meanwhile.
  useEffect(() => {
    const early = adoptEarlyPin(input.current?.value ?? '', shown);
    if (early !== null) setTyped(early);
    // Once, as the box appears: later differences are the shopper typing, which onChange follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void checkDelivery(shown);
  };
  return (
    // method="dialog": pressed before the island hydrates, Check does nothing (no reload that loses the PIN);
    // once hydrated, onSubmit checks the PIN, and what was typed meanwhile is kept (adoptEarlyPin).
    <form className={compact ? 'delivery-check delivery-check--compact' : 'delivery-check'} method="dialog" onSubmit={onSubmit} noValidate>
      <label className="delivery-check__label" htmlFor={`${id}-pin`}>
        Check delivery
      </label>
      <div className="delivery-check__row">
        <input
          ref={input}
          id={`${id}-pin`}
          className="input delivery-check__input"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="PIN code"
          maxLength={6}
          value={shown}
          aria-describedby={`${id}-answer`}
          onChange={(event) => {
            setTyped(cleanPin(event.target.value));
            pinEdited(event.target.value);
          }}
        />
        <button type="submit" className="btn btn--outline delivery-check__button" disabled={answer.kind === 'checking'}>
          Check
        </button>
      </div>
      <p
        id={`${id}-answer`}
        className={answer.kind === 'problem' ? 'delivery-check__answer is-problem' : 'delivery-check__answer'}
        aria-live="polite"
      >
        {answer.kind === 'dates' ? (
          <>
            <strong>{answer.text}</strong> to {answer.place}
          </>
        ) : answer.kind === 'problem' ? (
          answer.text
        ) : answer.kind === 'checking' ? (
          'Checking…'
        ) : (
          'Enter your PIN code to see when it arrives.'
        )}
      </p>
    </form>
  );
}

/** The island: 'Check delivery' inside its own error panel. */
export default function DeliveryCheckIsland(props: DeliveryCheckProps) {
  return (
    <ErrorBoundary compact>
      <DeliveryCheck {...props} />
    </ErrorBoundary>
  );
}
