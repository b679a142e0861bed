/**
 * A message for the shopper in the page (instead of a browser alert): errors are announced at once
 * (role="alert"), confirmations politely (role="status"). Renders nothing without a message.
 */
import './notice.css';

/** What the notice says and how urgently. */
export interface NoticeProps {
  kind: 'success' | 'error' | 'info';
  text: string | null | undefined;
  id?: string;
}

/** One in-page message. */
export function Notice({ kind, text, id }: NoticeProps) {
  if (!text) return null;
  return (
    <p id={id} className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
