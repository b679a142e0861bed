/**
 * The Publish panel above the product list: what is waiting to go live (by name), Publish with a confirmation that
 * says what it will publish, the publish under way as it moves (announced politely), and the log of publishes.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import { PUBLISH_STATE_LABELS, type CataloguePublish } from '@shared/api/catalogue-admin';
import { formatIndiaDateTime } from '@shared/india-time';
import { AdminConfirmDialog } from '../admin/AdminConfirmDialog';
import '../admin/admin.css';
import { productCount } from '@shared/labels';
import { $publish, $publishNotice, $publishSending, publishNow, startPublishPanel, stopPublishPanel } from './publish.store';

/** What a publish put live, in a line: "Lotus Ring, Moon Ring and 3 more". */
function named(p: CataloguePublish): string {
  if (!p.products.length) return 'The pages of the last publish';
  const names = p.products.slice(0, 3).map((x) => x.name);
  const more = p.products.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

/** The panel; `onPublished` reloads the list when a publish ends. */
export function PublishPanel({ onPublished }: { onPublished: () => void }) {
  const view = useStore($publish);
  const notice = useStore($publishNotice);
  const sending = useStore($publishSending);
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void startPublishPanel(onPublished);
    return stopPublishPanel;
  }, [onPublished]);
  if (view.status !== 'ready') return view.status === 'error' ? <Notice kind="error" text={view.message} /> : null;
  const { pending, running, log } = view;
  // The newest publish failed: its changes are live in the data, its pages are not; Publish again rebuilds them.
  const lastFailed = log[0]?.state === 'failed' ? log[0] : null;
  return (
    <section className="publish" aria-labelledby="publish-title">
      <h2 id="publish-title" className="publish__title">
        Publish
      </h2>
      {running ? (
        <p className="publish__running" role="status">
          Publishing {productCount(running.products.length)} ({named(running)}): {PUBLISH_STATE_LABELS[running.state].toLowerCase()}…
          <span className="publish__sub">
            {' '}
            Started by {running.startedBy} at {formatIndiaDateTime(new Date(running.startedAt))}.
            {running.queuedBy ? ` ${running.queuedBy}'s changes go out right after it.` : ''}
          </span>
        </p>
      ) : pending.length ? (
        <p className="publish__waiting">
          {productCount(pending.length)} {pending.length === 1 ? 'has' : 'have'} saved changes that are not live yet:{' '}
          {pending.map((p, i) => (
            <span key={p.id}>
              {i > 0 ? ', ' : ''}
              {p.name} ({p.change === 'new' ? 'new' : 'changed'})
            </span>
          ))}
          .
        </p>
      ) : lastFailed ? (
        <p className="publish__waiting">The last publish failed: {lastFailed.message}</p>
      ) : (
        <p className="publish__waiting">Everything saved is live.</p>
      )}
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} onDismiss={() => $publishNotice.set(null)} />
      {!running && pending.length > 0 && (
        <button ref={opener} type="button" className="btn btn--sm" disabled={sending} onClick={() => setConfirming(true)}>
          Publish {productCount(pending.length)}
        </button>
      )}
      {running && pending.length > 0 && !running.queuedBy && (
        <button ref={opener} type="button" className="btn btn--outline btn--sm" disabled={sending} onClick={() => void publishNow()}>
          Then publish the {productCount(pending.length)} saved since
        </button>
      )}
      {!running && pending.length === 0 && lastFailed && (
        <button ref={opener} type="button" className="btn btn--sm" disabled={sending} onClick={() => void publishNow()}>
          Publish again
        </button>
      )}
      {confirming && (
        <AdminConfirmDialog
          title={`Publish ${productCount(pending.length)}?`}
          confirmLabel="Publish"
          cancelLabel="Not now"
          busy={sending}
          returnFocusTo={opener}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void publishNow();
          }}
        >
          <p>These go live in the shop, and its pages are rebuilt (a few minutes):</p>
          <ul>
            {pending.map((p) => (
              <li key={p.id}>
                {p.name} ({p.change === 'new' ? 'new' : 'changed'})
              </li>
            ))}
          </ul>
        </AdminConfirmDialog>
      )}
      {log.length > 0 && (
        <details className="publish__log">
          <summary>Publish log</summary>
          <table>
            <caption className="visually-hidden">Publishes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {log.map((p) => (
                <tr key={p.id}>
                  <td>{formatIndiaDateTime(new Date(p.startedAt))}</td>
                  <td>{p.startedBy}</td>
                  <td>{named(p)}</td>
                  <td>
                    {PUBLISH_STATE_LABELS[p.state]}
                    {p.message ? <span className="publish__sub"> {p.message}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
