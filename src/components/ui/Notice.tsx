/**
 * A message for the shopper in the page (instead of a browser alert): errors are announced at once
 * (role="alert"), confirmations politely (role="status"). Renders nothing without a message. A notice that can
 * be dismissed, or that offers a way on (a link), keeps its close button and link inside its own box, so they
 * read as part of the message they belong to.
 */
import type { ReactNode } from 'react';
import './notice.css';

/** What the notice says and how urgently. */
export interface NoticeProps {
  kind: 'success' | 'error' | 'info';
  text: string | null | undefined;
  id?: string;
  /** A way on after the text, e.g. a link to where the thing went. */
  action?: ReactNode;
  /** Shows a close button inside the box ('Dismiss message') that calls this. */
  onDismiss?: () => void;
  /** False when the owner announces the message another way (a live region it keeps in the page); default true. */
  live?: boolean;
  className?: string;
}

/** One in-page message. */
export function Notice({ kind, text, id, action, onDismiss, live = true, className }: NoticeProps) {
  if (!text) return null;
  const role = live ? (kind === 'error' ? 'alert' : 'status') : undefined;
  const classes = `notice notice--${kind}${className ? ` ${className}` : ''}`;
  if (!action && !onDismiss) {
    return (
      <p id={id} className={classes} role={role}>
        {text}
      </p>
    );
  }
  return (
    <div id={id} className={`${classes} notice--boxed`}>
      <p className="notice__text" role={role}>
        {text}
        {action && <> {action}</>}
      </p>
      {onDismiss && (
        <button type="button" className="notice__close" aria-label="Dismiss message" onClick={onDismiss}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}
