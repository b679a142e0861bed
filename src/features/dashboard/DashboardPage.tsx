/**
 * /admin: the owner's dashboard. A range of India days (today, 7 days, 30 days, this month, or two dates) and, for
 * it and the same-length range before: revenue (charged less refunds), orders, the average order, online against
 * cash on delivery, discount codes and what they cost, refunds, returns and refusals at the door; then sales per
 * day, the pieces that sell, the pieces looked at and not bought, and stock that runs out. Every chart has its
 * numbers as a table (for screen readers, and shown on request) and a CSV download; every figure leads to the
 * orders or pieces it counts. An editor is shown the catalogue pages instead. The server decides who is an admin.
 */
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import type { DashboardPiece, DashboardResponse, DashboardStockLine } from '@shared/api/dashboard';
import { formatPaiseAsINR, wholePercent } from '@shared/money';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { changeOf, changeText, conversionText, daysBetween, ordersHref, rateText, RANGE_PRESETS, type DashboardRange } from './dashboard';
import {
  $customRange,
  $dashboard,
  $dashboardLoading,
  $dashboardRange,
  applyCustomRange,
  downloadTable,
  pickPreset,
  setCustomDate,
  startDashboard,
} from './dashboard.store';
import { formatListDay } from '../admin/admin-orders';
// The back office's shared form and refusal styles (the custom range's fields, an editor's 'Admins only').
import '../admin/admin.css';
import './dashboard.css';

const SalesChart = lazy(() => import('./SalesChart'));

type Data = Omit<DashboardResponse, 'success'>;

/** A day as people read it: '7 Dec 2026'. */
const dayText = formatListDay;

/** A count and its noun: '1 order', '2 orders'. */
const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A range as people read it. */
const rangeText = (from: string, to: string) => (from === to ? dayText(from) : `${dayText(from)} – ${dayText(to)}`);

/** The change against the range before, as an arrow and a per cent (the words for screen readers). */
function Change({ now, before, days, lowerIsBetter = false }: { now: number; before: number; days: number; lowerIsBetter?: boolean }) {
  const change = changeOf(now, before);
  const good = change === null || change === 0 ? 'flat' : change > 0 !== lowerIsBetter ? 'good' : 'bad';
  return (
    <span className={`dashboard__change dashboard__change--${good}`}>
      <span aria-hidden="true">
        {change === null ? (now ? 'new' : '') : `${change > 0 ? '▲' : change < 0 ? '▼' : '='} ${Math.abs(change)}%`}
      </span>
      <span className="visually-hidden">{changeText(now, before, days)}</span>
    </span>
  );
}

/** One headline figure: its name, value, change and where it leads. */
function Figure(props: {
  label: string;
  value: string;
  href?: string;
  note?: ReactNode;
  now: number;
  before: number;
  days: number;
  lowerIsBetter?: boolean;
}) {
  const value = props.href ? (
    <a href={props.href} className="dashboard__value">
      {props.value}
    </a>
  ) : (
    <span className="dashboard__value">{props.value}</span>
  );
  return (
    <div className="dashboard__figure">
      <dt>{props.label}</dt>
      <dd>
        {value}
        <Change now={props.now} before={props.before} days={props.days} lowerIsBetter={props.lowerIsBetter} />
        {props.note && <span className="dashboard__note">{props.note}</span>}
      </dd>
    </div>
  );
}

/** A titled section with its CSV download. */
function Panel({ title, csv, children, wide = false }: { title: string; csv?: () => void; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={`dashboard__panel${wide ? ' dashboard__panel--wide' : ''}`} aria-labelledby={id}>
      <div className="dashboard__panel-head">
        <h2 id={id}>{title}</h2>
        {csv && (
          <button type="button" className="btn btn--sm btn--outline" onClick={csv}>
            Download CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

/** A ranking of pieces: a table whose bars show each piece against the first. */
function PieceRanking({ pieces, by, caption }: { pieces: DashboardPiece[]; by: 'revenuePaise' | 'units' | 'views'; caption: string }) {
  if (!pieces.length) return <p className="dashboard__empty">Nothing in this range yet.</p>;
  const top = Math.max(...pieces.map((p) => p[by]), 1);
  return (
    <table className="dashboard__table dashboard__ranking">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Piece</th>
          <th scope="col">{by === 'views' ? 'Views' : by === 'units' ? 'Units' : 'Revenue'}</th>
          <th scope="col">{by === 'views' ? 'Orders' : by === 'units' ? 'Revenue' : 'Units'}</th>
          {by === 'views' && <th scope="col">Views → orders</th>}
        </tr>
      </thead>
      <tbody>
        {pieces.map((p) => (
          <tr key={p.productId} className={by === 'views' && p.orders === 0 ? 'dashboard__unbought' : undefined}>
            <th scope="row">
              <a href={catalogueRoutes.product(p.productId)}>{p.name}</a>
              <span className="dashboard__bar" aria-hidden="true" style={{ inlineSize: `${Math.max(2, wholePercent(p[by], top))}%` }} />
            </th>
            <td>{by === 'revenuePaise' ? formatPaiseAsINR(p.revenuePaise) : String(p[by])}</td>
            <td>{by === 'views' ? String(p.orders) : by === 'units' ? formatPaiseAsINR(p.revenuePaise) : String(p.units)}</td>
            {by === 'views' && <td>{conversionText(p)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Stock lines: a piece (and size), its stock now, what sold in the range and the days left at that pace. */
function StockTable({ lines, caption, empty }: { lines: DashboardStockLine[]; caption: string; empty: string }) {
  if (!lines.length) return <p className="dashboard__empty">{empty}</p>;
  return (
    <table className="dashboard__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Piece</th>
          <th scope="col">Stock</th>
          <th scope="col">Sold</th>
          <th scope="col">Days left</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.productId}:${l.size ?? ''}`}>
            <th scope="row">
              <a href={catalogueRoutes.product(l.productId)}>{l.name}</a>
              {l.size && <span className="dashboard__size"> size {l.size}</span>}
            </th>
            <td>{l.stock}</td>
            <td>{l.unitsSold}</td>
            <td>{l.daysLeft ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sales per day: the chart, and its numbers as a table (always there for screen readers; shown on request). */
function SalesPerDay({ data }: { data: Data }) {
  const range = data;
  const [showTable, setShowTable] = useState(false);
  return (
    <Panel title="Sales per day" csv={() => downloadTable('sales-per-day')} wide>
      <Suspense fallback={<div className="dashboard__chart" aria-hidden="true" />}>
        <SalesChart days={data.days} />
      </Suspense>
      <button
        type="button"
        className="btn btn--sm btn--outline dashboard__toggle"
        aria-expanded={showTable}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? 'Hide the numbers' : 'Show the numbers'}
      </button>
      <div className={showTable ? 'dashboard__scroll' : 'visually-hidden'}>
        <table className="dashboard__table">
          <caption className="visually-hidden">Orders, sales and revenue per day, {rangeText(range.from, range.to)}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Sales</th>
              <th scope="col">Revenue</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <a href={ordersHref({ from: d.day, to: d.day })} tabIndex={showTable ? undefined : -1}>
                    {dayText(d.day)}
                  </a>
                </th>
                <td>{d.orders}</td>
                <td>{formatPaiseAsINR(d.salesPaise)}</td>
                <td>{formatPaiseAsINR(d.revenuePaise)}</td>
                <td>{d.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

/** The figures of a range, loaded. */
function Figures({ data }: { data: Data }) {
  // Links and captions name the range of the figures shown (a new range's load may still be on its way).
  const range = data;
  const t = data.totals;
  const p = data.previous;
  const days = daysBetween(data.from, data.to);
  const split = t.salesPaise ? wholePercent(t.online.paise, t.salesPaise) : 0;
  return (
    <>
      <dl className="dashboard__figures">
        <Figure
          label="Revenue"
          value={formatPaiseAsINR(t.revenuePaise)}
          href={ordersHref(range)}
          now={t.revenuePaise}
          before={p.revenuePaise}
          days={days}
          note={`${formatPaiseAsINR(t.chargedPaise)} charged, ${formatPaiseAsINR(t.refundedPaise)} refunded`}
        />
        <Figure
          label="Orders"
          value={String(t.orders)}
          href={ordersHref(range)}
          now={t.orders}
          before={p.orders}
          days={days}
          note={`${formatPaiseAsINR(t.salesPaise)} in sales`}
        />
        <Figure
          label="Average order"
          value={formatPaiseAsINR(t.averageOrderPaise)}
          now={t.averageOrderPaise}
          before={p.averageOrderPaise}
          days={days}
        />
        <Figure
          label="Product views"
          value={String(t.views)}
          now={t.views}
          before={p.views}
          days={days}
          note={`${rateText(t.orders, t.views)} of views became orders`}
        />
      </dl>

      <div className="dashboard__grid">
        <Panel title="Online and cash on delivery">
          <div className="dashboard__split" aria-hidden="true">
            <span style={{ inlineSize: `${split}%` }} />
          </div>
          <dl className="dashboard__pairs">
            <div>
              <dt>
                <a href={ordersHref(range, { payment: 'online' })}>Paid online</a>
              </dt>
              <dd>
                {countOf(t.online.orders, 'order')}, {formatPaiseAsINR(t.online.paise)}
              </dd>
            </div>
            <div>
              <dt>
                <a href={ordersHref(range, { payment: 'cod' })}>Cash on delivery</a>
              </dt>
              <dd>
                {countOf(t.cod.orders, 'order')}, {formatPaiseAsINR(t.cod.paise)}; {formatPaiseAsINR(t.cod.collectedPaise)} collected (
                {t.cod.collectedOrders})
              </dd>
            </div>
            <div>
              <dt>
                <a href={ordersHref(range, { payment: 'cod', status: 'cancelled' })}>Refused at the door</a>
              </dt>
              <dd>
                {t.cod.refused} ({rateText(t.cod.refused, t.cod.orders)} of cash orders), {formatPaiseAsINR(t.cod.refusedPaise)}{' '}
                <Change now={t.cod.refused} before={p.cod.refused} days={days} lowerIsBetter />
              </dd>
            </div>
          </dl>
        </Panel>

        <Panel title="Refunds, returns and cancellations">
          <dl className="dashboard__pairs">
            <div>
              <dt>Refunds</dt>
              <dd>
                {t.refunds.count}, {formatPaiseAsINR(t.refunds.paise)} ({rateText(t.refunds.count, t.orders)} of orders){' '}
                <Change now={t.refunds.paise} before={p.refunds.paise} days={days} lowerIsBetter />
              </dd>
            </div>
            <div>
              <dt>
                <a href="/admin/returns">Returns and replacements asked</a>
              </dt>
              <dd>
                {t.returns.count} ({countOf(t.returns.units, 'piece')}, {rateText(t.returns.count, t.orders)} of orders){' '}
                <Change now={t.returns.count} before={p.returns.count} days={days} lowerIsBetter />
              </dd>
            </div>
            <div>
              <dt>
                <a href={ordersHref(range, { status: 'cancelled' })}>Cancelled</a>
              </dt>
              <dd>
                {t.cancelled} ({rateText(t.cancelled, t.orders)} of orders)
              </dd>
            </div>
          </dl>
        </Panel>

        <Panel title="Discount codes" csv={t.discounts.codes.length ? () => downloadTable('discount-codes') : undefined}>
          <p>
            {countOf(t.discounts.orders, 'order')} used a code ({rateText(t.discounts.orders, t.orders)}), costing{' '}
            {formatPaiseAsINR(t.discounts.paise)}.
          </p>
          {t.discounts.codes.length > 0 && (
            <table className="dashboard__table">
              <caption className="visually-hidden">Discount codes used, {rangeText(range.from, range.to)}</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Cost</th>
                </tr>
              </thead>
              <tbody>
                {t.discounts.codes.map((c) => (
                  <tr key={c.code}>
                    <th scope="row">
                      <a href="/admin/discounts">{c.code}</a>
                    </th>
                    <td>{c.uses}</td>
                    <td>{formatPaiseAsINR(c.paise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
      </div>

      <SalesPerDay data={data} />

      <div className="dashboard__grid">
        <Panel title="Top pieces by revenue" csv={() => downloadTable('top-pieces-by-revenue')}>
          <PieceRanking pieces={data.topByRevenue} by="revenuePaise" caption="Top pieces by revenue" />
        </Panel>
        <Panel title="Top pieces by units" csv={() => downloadTable('top-pieces-by-units')}>
          <PieceRanking pieces={data.topByUnits} by="units" caption="Top pieces by units sold" />
        </Panel>
        <Panel title="Most viewed, and how many bought" csv={() => downloadTable('most-viewed')}>
          <PieceRanking pieces={data.mostViewed} by="views" caption="Most viewed pieces with their orders" />
        </Panel>
        <Panel title="Sold out" csv={data.soldOut.length ? () => downloadTable('sold-out') : undefined}>
          <StockTable lines={data.soldOut} caption="Sizes with no stock left, most sold first" empty="Nothing is sold out." />
        </Panel>
        <Panel
          title={`Low stock selling fast (${data.lowStockThreshold} or fewer)`}
          csv={data.lowStockSellingFast.length ? () => downloadTable('low-stock') : undefined}
        >
          <StockTable
            lines={data.lowStockSellingFast}
            caption="Low stock that sold in this range, fewest days left first"
            empty="No low stock sold in this range."
          />
        </Panel>
      </div>
    </>
  );
}

/** The range picker: the presets, and two dates for a custom range. */
function RangePicker({ range }: { range: DashboardRange }) {
  const custom = useStore($customRange);
  return (
    <div className="dashboard__range">
      <div className="dashboard__presets" role="group" aria-label="Range">
        {RANGE_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            className="dashboard__preset"
            aria-pressed={range.preset === p.id}
            onClick={() => void pickPreset(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {range.preset === 'custom' && (
        <form
          className="admin-orders__tools"
          onSubmit={(e) => {
            e.preventDefault();
            void applyCustomRange();
          }}
        >
          <label className="admin-orders__field">
            <span>From</span>
            <input type="date" value={custom.from} onChange={(e) => setCustomDate('from', e.target.value)} />
          </label>
          <label className="admin-orders__field">
            <span>To</span>
            <input type="date" value={custom.to} onChange={(e) => setCustomDate('to', e.target.value)} />
          </label>
          <button type="submit" className="btn btn--sm">
            Show
          </button>
          {custom.error && <Notice kind="error" text={custom.error} />}
        </form>
      )}
    </div>
  );
}

/** Where the page is (to come back to after signing in). */
const here = () => `${location.pathname}${location.search}`;

/** Loads the range the address asks for. */
const loadFromAddress = () => startDashboard(location.search);

function DashboardInner() {
  const state = useStore($dashboard);
  const range = useStore($dashboardRange);
  const loading = useStore($dashboardLoading);
  useAdminPage(here, loadFromAddress, state.status);
  // Back and Forward between ranges show the range their address holds.
  useEffect(() => {
    const back = () => void loadFromAddress();
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  if (state.status === 'forbidden') return <AdminsOnly what="sales figures" />;
  return (
    <div className="dashboard" aria-busy={loading}>
      <h1>Dashboard</h1>
      <RangePicker range={range} />
      {state.status === 'ready' && (
        <p className="dashboard__period" aria-live="polite">
          {rangeText(state.data.from, state.data.to)}, in India’s days, compared with{' '}
          {rangeText(state.data.previousFrom, state.data.previousTo)}.
        </p>
      )}
      {state.status === 'loading' && <p className="dashboard__period">Loading the figures…</p>}
      {state.status === 'error' && <Notice kind="error" text={state.message} />}
      {state.status === 'ready' && <Figures data={state.data} />}
    </div>
  );
}

/** The /admin island. */
export default function DashboardPage() {
  return (
    <ErrorBoundary>
      <DashboardInner />
    </ErrorBoundary>
  );
}
