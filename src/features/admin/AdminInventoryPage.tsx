/**
 * /admin/inventory: every product and size with its stock, those at or under the low-stock threshold first.
 * An admin sets a new count (saved only if no order moved the stock meanwhile) or adds or takes pieces, with
 * a reason; the change says what will happen before it is saved, and the latest changes show who made them.
 * A unit's history lists every movement of its stock (orders, cancels, returns, replacements, admins, imports)
 * with the stock after each, and says when the stock is not what its movements add up to.
 * A table on desktop, stacked cards on phones. The server decides who is an admin.
 */
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { isLowStock, STOCK_REASONS, stockChangeReasonLabel, type InventoryUnit, type StockReason } from '@shared/inventory';
import { formatPhone } from '@shared/phone';
import { adminRoutes } from '../back-office/admin-routes';
import { formatDateTime } from './admin-orders';
import {
  $inventory,
  $inventoryFilter,
  $inventoryNotice,
  $lowCount,
  $stockChanges,
  $stockEdit,
  $unitHistory,
  $visibleUnits,
  cancelEdit,
  closeHistory,
  editUnit,
  loadInventory,
  saveEdit,
  saveThreshold,
  setEdit,
  setInventoryFilter,
  stockAfter,
  toggleHistory,
  unexplainedPieces,
  type StockEdit,
} from './admin-inventory.store';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import './admin.css';

/** A unit as a person reads it: 'Lotus Ring, ring size 12'. */
const unitName = (u: { name: string; size: string | null; sizeName?: string | null }) =>
  u.size ? `${u.name}, ${(u.sizeName ?? 'size').toLowerCase()} ${u.size}` : u.name;

/** Who made a change: 'admin:9876543210' → '+91 98765 43210'; an editor's from the product form is marked so. */
const byWhom = (by: string) =>
  by.startsWith('admin:')
    ? formatPhone(by.slice('admin:'.length))
    : by.startsWith('editor:')
      ? `${formatPhone(by.slice('editor:'.length))} (editor)`
      : by;

/** The change being made to one unit: a count or pieces added/taken, the reason, and what will happen. */
function EditRow({ unit, edit }: { unit: InventoryUnit; edit: StockEdit }) {
  const id = useId();
  const after = stockAfter(edit);
  return (
    <form
      className="admin-stock-edit"
      noValidate
      aria-label={`Change the stock of ${unitName(unit)}`}
      onSubmit={(e) => {
        e.preventDefault();
        void saveEdit();
      }}
    >
      <fieldset className="admin-stock-edit__mode">
        <legend className="visually-hidden">How to change it</legend>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={edit.mode === 'set'}
            onChange={() => setEdit({ mode: 'set', value: String(edit.expected) })}
          />{' '}
          New count
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={edit.mode === 'adjust'}
            onChange={() => setEdit({ mode: 'adjust', value: '' })}
          />{' '}
          Add or take pieces
        </label>
      </fieldset>
      <label className="admin-orders__field">
        <span>{edit.mode === 'set' ? 'Pieces available to sell' : 'Pieces to add (negative to take)'}</span>
        <input type="text" inputMode="numeric" autoComplete="off" value={edit.value} onChange={(e) => setEdit({ value: e.target.value })} />
      </label>
      <label className="admin-orders__field">
        <span>Reason</span>
        <select value={edit.reason} onChange={(e) => setEdit({ reason: e.target.value as StockReason | '' })}>
          <option value="">Choose a reason</option>
          {Object.entries(STOCK_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-orders__field admin-stock-edit__note">
        <span>Note (optional)</span>
        <input type="text" maxLength={200} value={edit.note} onChange={(e) => setEdit({ note: e.target.value })} />
      </label>
      <p className="admin-stock-edit__preview" role="status">
        {after === null ? 'Enter a whole number of pieces.' : `Stock goes from ${edit.expected} to ${after}; shoppers see it at once.`}
        {edit.mode === 'set' && ' Count only pieces free to sell: leave out those packed for orders not yet shipped.'}
      </p>
      {edit.error && <Notice kind="error" text={edit.error} />}
      <div className="admin-stock-edit__buttons">
        <button type="submit" className="btn btn--sm" disabled={edit.saving}>
          Save stock
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={cancelEdit}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The threshold that decides which units are listed as low. */
function ThresholdForm({ threshold }: { threshold: number }) {
  const [value, setValue] = useState(String(threshold));
  return (
    <form
      className="admin-orders__tools"
      onSubmit={(e) => {
        e.preventDefault();
        void saveThreshold(value);
      }}
    >
      <label className="admin-orders__field">
        <span>Low stock at or below</span>
        <input type="text" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} size={4} />
      </label>
      <button type="submit" className="btn btn--outline btn--sm">
        Save threshold
      </button>
    </form>
  );
}

function InventoryTable({ threshold }: { threshold: number }) {
  const units = useStore($visibleUnits);
  const edit = useStore($stockEdit);
  const history = useStore($unitHistory);
  if (units.length === 0) return <p className="admin-orders__empty">No product or size matches.</p>;
  return (
    <table className="admin-table admin-inventory__table">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">SKU</th>
          <th scope="col">Stock</th>
          <th scope="col">
            <span className="visually-hidden">Change</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {units.map((u) => {
          const low = isLowStock(u.stock, threshold);
          const editing = edit?.unit === u.unit;
          const historyOpen = history?.unit === u.unit;
          return (
            <Fragment key={u.unit}>
              <tr className={low ? 'admin-table__attention' : undefined}>
                <th scope="row" data-label="Product">
                  <span>
                    {u.name}
                    {u.size && <span className="admin-table__sub">{`${u.sizeName ?? 'Size'}: ${u.size}`}</span>}
                  </span>
                </th>
                <td data-label="SKU">
                  <span>{u.sku ?? '—'}</span>
                </td>
                <td data-label="Stock">
                  <span>
                    {u.stock}
                    {low && <span className="admin-flag">{u.stock <= 0 ? 'Sold out' : 'Low'}</span>}
                  </span>
                </td>
                <td className="admin-table__open">
                  {editing ? (
                    <EditRow unit={u} edit={edit} />
                  ) : (
                    <span className="admin-inventory__actions">
                      <button
                        type="button"
                        className="btn btn--outline btn--sm"
                        onClick={() => editUnit(u)}
                        aria-label={`Change stock of ${unitName(u)}`}
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className="btn btn--outline btn--sm"
                        onClick={() => void toggleHistory(u.unit)}
                        aria-expanded={historyOpen}
                        aria-label={`History of ${unitName(u)}`}
                      >
                        History
                      </button>
                    </span>
                  )}
                </td>
              </tr>
              {historyOpen && (
                <tr className="admin-inventory__history-row">
                  <td colSpan={4} className="admin-table__open">
                    <UnitHistory unit={u} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** A change of stock as a signed number: '+3', '−2'. */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** One unit's movements, newest first, with the stock after each and whether they explain the stock. */
function UnitHistory({ unit }: { unit: InventoryUnit }) {
  const history = useStore($unitHistory);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // The history opens under its row: focus goes to its heading, so a screen reader reads it next.
  useEffect(() => heading.current?.focus(), []);
  const state = history?.unit === unit.unit ? history.state : null;
  return (
    <section className="admin-inventory__history" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Stock history of {unitName(unit)}
      </h2>
      {(!state || state.status === 'loading') && <p role="status">Loading…</p>}
      {state && state.status !== 'loading' && state.status !== 'ready' && (
        <Notice
          kind="error"
          text={
            state.status === 'error'
              ? state.message
              : state.status === 'forbidden'
                ? 'Only admins can read the stock history.'
                : 'Sign in again to read the history.'
          }
        />
      )}
      {state?.status === 'ready' && (
        <>
          <LedgerSummary stock={state.stock} inFlight={state.inFlight} ledgerTotal={state.ledgerTotal} />
          <table className="admin-table admin-inventory__movements">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Change</th>
                <th scope="col">Why</th>
                <th scope="col">Stock after</th>
              </tr>
            </thead>
            <tbody>
              {state.movements.map((m, i) => (
                <tr key={`${m.at}-${i}`}>
                  <td data-label="When">
                    <span>{formatDateTime(m.at)}</span>
                  </td>
                  <td data-label="Change">
                    <span className={m.change < 0 ? 'admin-inventory__out' : 'admin-inventory__in'}>{signed(m.change)}</span>
                  </td>
                  <th scope="row" data-label="Why">
                    <span>
                      {m.label}
                      {m.orderId && (
                        <>
                          {' '}
                          <a href={adminRoutes.order(m.orderId)}>Order</a>
                        </>
                      )}
                      {m.returnId && (
                        <>
                          {' '}
                          <a href={adminRoutes.returns}>Returns</a>
                        </>
                      )}
                      {m.by && <span className="admin-table__sub">by {byWhom(m.by)}</span>}
                    </span>
                  </th>
                  <td data-label="Stock after">
                    <span>{m.stockAfter}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {state.more && <p className="admin-table__sub">Older movements are kept but not listed here.</p>}
        </>
      )}
      <button type="button" className="btn btn--outline btn--sm" onClick={closeHistory}>
        Close history
      </button>
    </section>
  );
}

/** Whether the stock is what its movements add up to, in words (and what to do when it is not). */
function LedgerSummary(figures: { stock: number; inFlight: number; ledgerTotal: number }) {
  const gap = unexplainedPieces(figures);
  const taking = figures.inFlight > 0 ? ` ${figures.inFlight} more ${figures.inFlight === 1 ? 'is' : 'are'} being ordered right now.` : '';
  if (gap === 0) return <p>{`In stock: ${figures.stock}, exactly what its movements add up to.${taking}`}</p>;
  return (
    <Notice
      kind="error"
      text={`In stock: ${figures.stock}, but its movements add up to ${figures.ledgerTotal - figures.inFlight}: ${Math.abs(gap)} ${gap > 0 ? 'more' : 'fewer'} than they explain. Count it and save the count with a reason.${taking}`}
    />
  );
}

function RecentChanges() {
  const changes = useStore($stockChanges);
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="stock-changes-title" className="admin-inventory__changes">
      <h2 id="stock-changes-title">Recent changes</h2>
      <ul>
        {changes.slice(0, 20).map((c, i) => (
          <li key={`${c.unit}-${c.at}-${i}`}>
            <strong>{unitName(c)}</strong>: {c.from} → {c.to}, {stockChangeReasonLabel(c.reason).toLowerCase()}
            {c.note ? ` (${c.note})` : ''}{' '}
            <span className="admin-table__sub">
              by {byWhom(c.by)} · {formatDateTime(c.at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdminInventoryInner() {
  const state = useStore($inventory);
  const filter = useStore($inventoryFilter);
  const notice = useStore($inventoryNotice);
  const low = useStore($lowCount);

  useAdminPage(adminRoutes.inventory, loadInventory, state.status);

  if (state.status === 'signed-out') return <p>Loading…</p>;
  if (state.status === 'forbidden') return <AdminsOnly what="stock" />;
  return (
    <div className="admin-orders admin-inventory">
      <h1>Inventory</h1>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <Notice kind="error" text={state.message} />}
      {state.status === 'ready' && (
        <>
          <ThresholdForm key={state.threshold} threshold={state.threshold} />
          <form className="admin-orders__tools" role="search" onSubmit={(e) => e.preventDefault()}>
            <label className="admin-orders__field admin-orders__search">
              <span className="visually-hidden">Search products, sizes or SKUs</span>
              <input
                type="search"
                placeholder="Search products, sizes or SKUs..."
                value={filter}
                onChange={(e) => setInventoryFilter(e.target.value)}
              />
            </label>
          </form>
          <p className="admin-orders__count" role="status">
            {state.units.length} products and sizes; {low} at or below {state.threshold}.
          </p>
          {notice && <Notice kind={notice.kind} text={notice.text} />}
          <InventoryTable threshold={state.threshold} />
          <RecentChanges />
        </>
      )}
    </div>
  );
}

/** The /admin/inventory island. */
export default function AdminInventoryPage() {
  return (
    <ErrorBoundary>
      <AdminInventoryInner />
    </ErrorBoundary>
  );
}
