/** Catches a render error inside an island and shows a 'Something went wrong' panel instead of a blank gap. */
import { Component, useId, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import './error-boundary.css';

/** Props of ErrorBoundary: the island content, and an optional compact look for tight spots (header). */
export interface ErrorBoundaryProps {
  children: ReactNode;
  compact?: boolean;
}

interface State {
  error: Error | null;
}

/** The panel: a short apology, with the error message and stack behind a 'Show Details' toggle. */
function ErrorPanel({ error, compact }: { error: Error; compact: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <div className={compact ? 'error-panel error-panel--compact' : 'error-panel'} role="alert">
      <p className="error-panel__title">Something went wrong</p>
      <button
        type="button"
        className="error-panel__toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide Details' : 'Show Details'}
      </button>
      <div id={detailsId} className="error-panel__details" hidden={!open}>
        <p className="error-panel__message">{error.message}</p>
        {error.stack && <pre className="error-panel__stack">{error.stack}</pre>}
      </div>
    </div>
  );
}

/** Wrap each island's content in this so one failing widget never takes the rest of the page down with it. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Logged so the failure reaches the console (and any error reporting hooked to it).
    console.error('[island] render error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error) return <ErrorPanel error={error} compact={this.props.compact ?? false} />;
    return this.props.children;
  }
}

export default ErrorBoundary;
