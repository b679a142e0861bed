/** − / value / + for a quantity within bounds; a typed value is committed on Enter or when the field loses focus. */
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';

/** Props of QuantityStepper. */
export interface QuantityStepperProps {
  /** The field's label, e.g. 'Quantity'; the buttons say 'Decrease quantity' / 'Increase quantity'. */
  label: string;
  value: number;
  max: number;
  disabled?: boolean;
  /** Receives the wanted quantity (the owner clamps it and may ignore a non-number). */
  onChange(quantity: number): void;
  className?: string;
}

/** A small quantity control; the bounds live with the owner's store, this only shows and asks. */
export function QuantityStepper({ label, value, max, disabled = false, onChange, className = 'qty' }: QuantityStepperProps) {
  const id = useId();
  // null while not editing: the field shows the owner's value, so a clamp shows at once.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    onChange(draft.trim() === '' ? Number.NaN : Number(draft));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') setDraft(null);
  };
  const lower = label.toLowerCase();
  return (
    <div className={className}>
      <label className={`${className}__label`} htmlFor={id}>
        {label}
      </label>
      <div className={`${className}__control`}>
        <button
          type="button"
          className={`${className}__button`}
          aria-label={`Decrease ${lower}`}
          disabled={disabled || value <= 1}
          onClick={() => onChange(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className={`${className}__input`}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={`${className}__button`}
          aria-label={`Increase ${lower}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
