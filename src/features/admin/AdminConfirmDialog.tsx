/**
 * The admin pages' confirmation: a modal dialog that says what a step will do before it is done. Focus moves
 * inside and stays there, Escape or the backdrop closes it, and focus returns to the button that opened it.
 */
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useFocusTrap } from '../../components/ui/useFocusTrap';

/** One confirmation; rendered only while asked. */
export function AdminConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
  returnFocusTo,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useFocusTrap(ref, true, onClose, returnFocusTo);
  return (
    <div className="admin-dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="admin-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
      >
        <h2 id={`${id}-title`} className="admin-dialog__title">
          {title}
        </h2>
        <div id={`${id}-text`} className="admin-dialog__text">
          {children}
        </div>
        <div className="admin-dialog__actions">
          <button type="button" className="btn btn--outline btn--sm" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn btn--sm ${danger ? 'admin-detail__danger' : ''}`} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
