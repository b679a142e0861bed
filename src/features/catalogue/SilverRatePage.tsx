/**
 * /admin/silver-rate (admins): the day's silver rate. The admin types a new rate, sees which prices it changes and
 * by how much, sets it (the new prices are saved as drafts, versioned like any save), and publishes them together
 * from the Publish panel below.
 */
import { useCallback, useId } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { formatIndiaDateTime } from '@shared/india-time';
import { formatINR } from '@shared/money';
import { rateLabel } from '@shared/silver-rate';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { PublishPanel } from './PublishPanel';
import { $rateError, $rateInput, $rateSave, $silverRate, loadSilverRate, setRate, setRateInput, showPrices } from './silver-rate.store';
import './catalogue.css';

/** A price change as the shop writes it: '+₹12' or '−₹8'. */
const difference = (from: number, to: number) => `${to > from ? '+' : '−'}${formatINR(Math.abs(to - from))}`;

/** Nothing to reload when a publish ends: the prices shown are the drafts'. */
const nothing = () => {};

function SilverRateInner() {
  const view = useStore($silverRate);
  const input = useStore($rateInput);
  const inputError = useStore($rateError);
  const save = useStore($rateSave);
  const ids = useId();
  const load = useCallback(() => loadSilverRate(), []);
  useAdminPage(catalogueRoutes.silverRate, load, view.status);
  if (view.status === 'forbidden') return <AdminsOnly what="silver rate" />;
  if (view.status === 'loading' || view.status === 'signed-out') return <p role="status">Loading the silver rate…</p>;
  if (view.status === 'error') return <Notice kind="error" text={view.message} />;
  const { rate, proposed, changes, unchanged } = view;
  const isNew = proposed !== null && proposed !== rate?.rupeesPerGram;
  return (
    <div className="catalogue">
      <h1>Silver rate</h1>
      <p className="catalogue__sub">
        {rate
          ? `Today’s rate: ${rateLabel(rate.rupeesPerGram)} of 92.5 silver, set by ${rate.setBy} at ${formatIndiaDateTime(new Date(rate.setAt))}.`
          : 'No rate is set yet: pieces priced from the silver rate cannot be saved until one is.'}
      </p>
      <form
        className="catalogue__section catalogue__rate-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void showPrices();
        }}
      >
        <div className="catalogue__field">
          <label htmlFor={`${ids}-rate`}>New rate (₹ a gram of 92.5 silver)</label>
          <input
            id={`${ids}-rate`}
            type="text"
            inputMode="decimal"
            value={input}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${ids}-rate-error` : undefined}
            onChange={(e) => setRateInput(e.target.value)}
          />
          {inputError && (
            <p id={`${ids}-rate-error`} className="catalogue__error">
              {inputError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--outline">
          Show the new prices
        </button>
      </form>

      {proposed !== null && (
        <section className="catalogue__section" aria-labelledby={`${ids}-changes`}>
          <h2 id={`${ids}-changes`}>
            {changes.length
              ? `${changes.length} price${changes.length === 1 ? '' : 's'} change at ${rateLabel(proposed)}`
              : `No price changes at ${rateLabel(proposed)}`}
          </h2>
          {changes.length > 0 && (
            <table className="catalogue__table">
              <thead>
                <tr>
                  <th scope="col">Piece</th>
                  <th scope="col">Weight</th>
                  <th scope="col">Price now</th>
                  <th scope="col">New price</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <a href={catalogueRoutes.product(c.id)}>{c.name}</a>
                    </th>
                    <td>{c.weightGrams} g</td>
                    <td>{formatINR(c.from)}</td>
                    <td>{formatINR(c.to)}</td>
                    <td>{difference(c.from, c.to)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {unchanged > 0 && (
            <p className="catalogue__hint">
              {unchanged} other piece{unchanged === 1 ? '' : 's'} priced from the rate keep{unchanged === 1 ? 's' : ''}{' '}
              {unchanged === 1 ? 'its' : 'their'} price.
            </p>
          )}
          {(isNew || changes.length > 0) && (
            <button type="button" className="btn" disabled={save.status === 'saving'} onClick={() => void setRate()}>
              {save.status === 'saving'
                ? 'Saving…'
                : `Set the rate to ${rateLabel(proposed)}${changes.length ? ` and save ${changes.length} new price${changes.length === 1 ? '' : 's'}` : ''}`}
            </button>
          )}
        </section>
      )}
      <Notice
        kind={save.status === 'saved' ? 'success' : 'error'}
        text={save.status === 'saving' || save.status === 'idle' ? null : save.message}
      />
      <PublishPanel onPublished={nothing} />
    </div>
  );
}

/** The page's island. */
export default function SilverRatePage() {
  return (
    <ErrorBoundary>
      <SilverRateInner />
    </ErrorBoundary>
  );
}
