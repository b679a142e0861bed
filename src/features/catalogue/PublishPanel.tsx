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
import { publishedWhat } from '@shared/labels';
import { $publish, $publishNotice, $publishSending, publishNow, startPublishPanel, stopPublishPanel } from './publish.store';

/** What a publish put live, in a line: "Lotus Ring, Moon Ring and 3 more", "Bridal Edit, and the home page (6 banners)". */
function named(p: CataloguePublish): string {
  const home = p.home ? `the home page (${p.home.banners} banner${p.home.banners === 1 ? '' : 's'})` : null;
  const all = [...p.products, ...p.listings].map((x) => x.name);
  if (!all.length) return home ? home.charAt(0).toUpperCase() + home.slice(1) : (p.reason ?? 'The pages of the last publish');
  const names = all.slice(0, 3);
  const more = all.length - names.length;
  const listed = more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
  return home ? `${listed}, and ${home}` : listed;
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
  const { pending, home, listings, running, log } = view;
  const waitingCount = pending.length + listings.length + (home ? 1 : 0);
  const what = publishedWhat({ products: pending.length, home: home !== null, listings });
  // The newest publish failed: its changes are live in the data, its pages are not; Publish again rebuilds them.
  const lastFailed = log[0]?.state === 'failed' ? log[0] : null;
  return (
    <section className="publish" aria-labelledby="publish-title">
      <h2 id="publish-title" className="publish__title">
        Publish
      </h2>
      {running ? (
        <p className="publish__running" role="status">
          Publishing {publishedWhat({ products: running.products.length, home: running.home !== null, listings: running.listings })} (
          {named(running)}): {PUBLISH_STATE_LABELS[running.state].toLowerCase()}…
          <span className="publish__sub">
            {' '}
            Started by {running.startedBy} at {formatIndiaDateTime(new Date(running.startedAt))}.
            {running.queuedBy ? ` ${running.queuedBy}'s changes go out right after it.` : ''}
          </span>
        </p>
      ) : waitingCount ? (
        <p className="publish__waiting">
          Saved changes not live yet:{' '}
          {pending.map((p, i) => (
            <span key={p.id}>
              {i > 0 ? ', ' : ''}
              {p.name} ({p.change === 'new' ? 'new' : 'changed'})
            </span>
          ))}
          {listings.map((l, i) => (
            <span key={l.id}>
              {i + pending.length > 0 ? ', ' : ''}
              {l.name} ({l.kind})
            </span>
          ))}
          {home &&
            `${pending.length + listings.length ? ', ' : ''}the home page (saved by ${home.updatedBy} at ${formatIndiaDateTime(new Date(home.updatedAt))})`}
          .
        </p>
      ) : lastFailed ? (
        <p className="publish__waiting">The last publish failed: {lastFailed.message}</p>
      ) : (
        <p className="publish__waiting">Everything saved is live.</p>
      )}
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} onDismiss={() => $publishNotice.set(null)} />
      {!running && waitingCount > 0 && (
        <button ref={opener} type="button" className="btn btn--sm" disabled={sending} onClick={() => setConfirming(true)}>
          Publish {what}
        </button>
      )}
      {running && waitingCount > 0 && !running.queuedBy && (
        <button ref={opener} type="button" className="btn btn--outline btn--sm" disabled={sending} onClick={() => void publishNow()}>
          Then publish {what}, saved since
        </button>
      )}
      {!running && waitingCount === 0 && lastFailed && (
        <button ref={opener} type="button" className="btn btn--sm" disabled={sending} onClick={() => void publishNow()}>
          Publish again
        </button>
      )}
      {confirming && (
        <AdminConfirmDialog
          title={`Publish ${what}?`}
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
            {listings.map((l) => (
              <li key={l.id}>
                {l.name} ({l.kind})
              </li>
            ))}
            {home && <li>The home page: {home.banners} banners, the announcement bar and the feature strip</li>}
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
