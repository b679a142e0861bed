/**
 * The product form's Description: a text box with Bold and List buttons that write the formatting the shop's pages
 * read (src/shared/rich-text.ts), and a preview of how it reads on the product page, drawn by the page's own
 * RichText. What is stored is the text itself, so nothing a browser could run is ever saved.
 */
import { useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { PRODUCT_LABELS } from '@shared/schemas/product';
import { withBold, withList } from '@shared/rich-text';
import { RichText } from '../product/RichText';
import { $productErrors, $productForm, setField } from './product-editor.store';

/** The description's box, its buttons and its preview. */
export function DescriptionField() {
  const value = useStore($productForm).description;
  const error = useStore($productErrors)['description'];
  const box = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  /** Applies a button's change to the selection, then puts the selection back on the words changed. */
  const apply = (change: typeof withBold) => {
    const el = box.current;
    if (!el) return;
    const next = change(el.value, el.selectionStart, el.selectionEnd);
    setField('description', next.text);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div className="catalogue__field catalogue__description">
      <label htmlFor={`${ids}-box`}>
        {PRODUCT_LABELS.description}
        <span className="catalogue__optional"> (optional)</span>
      </label>
      <p id={`${ids}-hint`} className="catalogue__hint">
        A blank line starts a new paragraph; a line starting with “- ” is a list item; **words** between two pairs of stars are bold.
      </p>
      <span className="catalogue__row-actions" role="toolbar" aria-label="Description formatting">
        <button type="button" className="btn btn--outline btn--sm" onClick={() => apply(withBold)}>
          Bold
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => apply(withList)}>
          List
        </button>
      </span>
      <textarea
        ref={box}
        id={`${ids}-box`}
        name="description"
        rows={6}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${ids}-hint`, error ? `${ids}-error` : ''].filter(Boolean).join(' ')}
        onChange={(e) => setField('description', e.target.value)}
      />
      {error && (
        <p id={`${ids}-error`} className="catalogue__error">
          {error}
        </p>
      )}
      {value.trim() && (
        <div className="catalogue__description-preview" aria-label="How the description reads" role="group">
          <RichText text={value} className="pd-info__text" />
        </div>
      )}
    </div>
  );
}
