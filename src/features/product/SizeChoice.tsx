/**
 * The size buttons of a piece sold in sizes: a radio group (arrow keys move between sizes, sold-out ones are
 * shown, disabled and marked), the way into the size guide, and the 'Choose a ring size' refusal.
 */
import { useId } from 'react';
import type { RefObject } from 'react';
import type { ProductSize } from '@shared/sizes';

/** Props of SizeChoice. */
export interface SizeChoiceProps {
  /** The option's name: 'Ring size', 'Bangle size', 'Length'. */
  name: string;
  sizes: readonly ProductSize[];
  chosen: string | null;
  error: string | null;
  onChoose(value: string): void;
  /** Opens the size guide; absent when the piece has no guide. */
  onGuide?: () => void;
  /** Loads the guide's code ahead of the click (hover, focus). */
  onGuideIntent?: () => void;
  guideButtonRef: RefObject<HTMLButtonElement | null>;
  groupRef: RefObject<HTMLDivElement | null>;
}

/** Renders the sizes; the store decides what is chosen and what is refused. */
export function SizeChoice({ name, sizes, chosen, error, onChoose, onGuide, onGuideIntent, guideButtonRef, groupRef }: SizeChoiceProps) {
  const id = useId();
  return (
    <div className="pd-sizes">
      <div className="pd-sizes__head">
        <span id={`${id}-label`} className="pd-sizes__label">
          {name}
          {/* The checked radio already tells screen readers; this is for the eye. */}
          {chosen && <span aria-hidden="true">: {chosen}</span>}
        </span>
        {onGuide && (
          <button
            ref={guideButtonRef}
            type="button"
            className="pd-sizes__guide"
            aria-haspopup="dialog"
            onClick={onGuide}
            onPointerEnter={onGuideIntent}
            onFocus={onGuideIntent}
          >
            Size guide
          </button>
        )}
      </div>
      <div
        ref={groupRef}
        className="pd-sizes__options"
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      >
        {sizes.map((size) => {
          const soldOut = size.stock <= 0;
          return (
            <label key={size.value} className={soldOut ? 'pd-size pd-size--out' : 'pd-size'}>
              <input
                type="radio"
                className="pd-size__input"
                name={`${id}-size`}
                value={size.value}
                checked={chosen === size.value}
                disabled={soldOut}
                onChange={() => onChoose(size.value)}
              />
              <span className="pd-size__value">{size.value}</span>
              {soldOut && <span className="pd-size__note"> sold out</span>}
            </label>
          );
        })}
      </div>
      <p id={`${id}-error`} className="pd-sizes__error" role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
