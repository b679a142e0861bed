/**
 * /invoice/{orderId}: the GST tax invoice of one order, printable on one A4 page. Seller with GSTIN, invoice
 * number and date, bill-to and ship-to, place of supply, each line's HSN, value, discount share (when the
 * order used a code), taxable value and GST (CGST + SGST within the seller's state, IGST otherwise), totals
 * with the discount row, the amount in words and how it was paid. The
 * server computes every amount (integer paise); this island only lays them out.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { formatPaise } from '../../shared/invoice/gst';
import { discountLabel } from '../../shared/discounts';
import { STATUS_LABELS } from '../../shared/orders';
import { formatPhone } from '../../shared/phone';
import { routes } from '../../shared/routes';
import type { Invoice } from '../../shared/api/orders';
import type { BillingAddress, ShippingAddress } from '../../shared/schemas/address';
import { loginPathReturningTo } from '../auth/return-to';
import { orderIdFromPath } from '../orders/order-detail.store';
import { $invoice, loadInvoice } from './invoice.store';
import { creditNotePath } from '../../shared/credit-note-path';
import { formatINR } from '../../shared/money';
import './invoice.css';

const date = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Paise with the rupee sign. */
const rs = (paise: number) => `₹${formatPaise(paise)}`;

/** Paise taken off, with a true minus sign as the order pages show it: '−₹229.80'. */
const minusRs = (paise: number) => `\u2212₹${formatPaise(paise)}`;

function Party({ address }: { address: ShippingAddress | BillingAddress }) {
  return (
    <address>
      <strong>
        {address.firstName} {address.lastName}
      </strong>
      <br />
      {address.address}
      {address.apartment ? `, ${address.apartment}` : ''}
      <br />
      {address.city}, {address.state} {address.pincode}
      {'country' in address ? `, ${address.country}` : ', India'}
      {address.phone ? (
        <>
          <br />
          Phone {formatPhone(address.phone)}
        </>
      ) : null}
    </address>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const intra = invoice.supply === 'intra';
  const s = invoice.seller;
  // The value and discount columns only when the order used a code: an invoice without one reads as before.
  const discounted = (invoice.totals.discount ?? 0) > 0;
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <header className="invoice__head">
        <div>
          <h1 id="invoice-title">Tax Invoice</h1>
          <p className="invoice__seller-name">{s.name}</p>
          <p>
            {s.address}
            <br />
            {s.city}, {s.state} {s.pincode}
            {s.phone ? (
              <>
                <br />
                {s.phone}
              </>
            ) : null}
            {s.email ? ` · ${s.email}` : ''}
          </p>
          <p>
            <strong>GSTIN:</strong> <span className="invoice__gstin">{s.gstin}</span> · State code {s.stateCode}
          </p>
        </div>
        <dl className="invoice__meta">
          <div>
            <dt>Invoice number</dt>
            <dd>{invoice.invoiceNumber}</dd>
          </div>
          <div>
            <dt>Invoice date</dt>
            <dd>{date.format(new Date(invoice.invoiceDate))}</dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>
              {invoice.orderNumber} · {date.format(new Date(invoice.orderDate))}
            </dd>
          </div>
          <div>
            <dt>Place of supply</dt>
            <dd>
              {invoice.placeOfSupply.state}
              {invoice.placeOfSupply.code ? ` (${invoice.placeOfSupply.code})` : ''}
            </dd>
          </div>
        </dl>
      </header>

      {invoice.status === 'cancelled' && <p className="invoice__cancelled">This order was cancelled after this invoice was issued.</p>}

      <div className="invoice__parties">
        <section aria-labelledby="invoice-bill-to">
          <h2 id="invoice-bill-to">Bill to</h2>
          <Party address={invoice.buyer} />
        </section>
        <section aria-labelledby="invoice-ship-to">
          <h2 id="invoice-ship-to">Ship to</h2>
          <Party address={invoice.shipTo} />
        </section>
      </div>

      {/* Focusable so keyboard users can scroll the table sideways on a narrow phone. */}
      <div className="invoice__table-wrap" role="region" aria-label="Invoice lines" tabIndex={0}>
        <table className="invoice__table">
          <caption className="visually-hidden">Items, taxable value and GST (prices include 3% GST)</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Description</th>
              <th scope="col">HSN</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Rate (incl. GST)
              </th>
              {discounted && (
                <>
                  <th scope="col" className="num">
                    Value
                  </th>
                  <th scope="col" className="num">
                    Discount
                  </th>
                </>
              )}
              <th scope="col" className="num">
                Taxable value
              </th>
              {intra ? (
                <>
                  <th scope="col" className="num">
                    CGST 1.5%
                  </th>
                  <th scope="col" className="num">
                    SGST 1.5%
                  </th>
                </>
              ) : (
                <th scope="col" className="num">
                  IGST 3%
                </th>
              )}
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{l.description}</td>
                <td>{l.hsn}</td>
                <td className="num">{l.quantity}</td>
                <td className="num">{formatPaise(l.unitPricePaise)}</td>
                {discounted && (
                  <>
                    <td className="num">{formatPaise(l.value)}</td>
                    <td className="num">{l.discount ? `\u2212${formatPaise(l.discount)}` : '—'}</td>
                  </>
                )}
                <td className="num">{formatPaise(l.taxable)}</td>
                {intra ? (
                  <>
                    <td className="num">{formatPaise(l.cgst)}</td>
                    <td className="num">{formatPaise(l.sgst)}</td>
                  </>
                ) : (
                  <td className="num">{formatPaise(l.igst)}</td>
                )}
                <td className="num">{formatPaise(l.gross)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              {discounted && (
                <>
                  <td className="num">{formatPaise(invoice.totals.value)}</td>
                  <td className="num">{`\u2212${formatPaise(invoice.totals.discount)}`}</td>
                </>
              )}
              <td className="num">{formatPaise(invoice.totals.taxable)}</td>
              {intra ? (
                <>
                  <td className="num">{formatPaise(invoice.totals.cgst)}</td>
                  <td className="num">{formatPaise(invoice.totals.sgst)}</td>
                </>
              ) : (
                <td className="num">{formatPaise(invoice.totals.igst)}</td>
              )}
              <td className="num">{formatPaise(invoice.totals.gross)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="invoice__summary">
        <dl className="invoice__totals">
          {discounted && (
            <>
              <div>
                <dt>Value (GST included)</dt>
                <dd>{rs(invoice.totals.value)}</dd>
              </div>
              <div className="invoice__discount">
                <dt>{invoice.discount ? discountLabel(invoice.discount.code) : 'Discount'}</dt>
                <dd>{minusRs(invoice.totals.discount)}</dd>
              </div>
            </>
          )}
          <div>
            <dt>Taxable value</dt>
            <dd>{rs(invoice.totals.taxable)}</dd>
          </div>
          {intra ? (
            <>
              <div>
                <dt>CGST @ 1.5%</dt>
                <dd>{rs(invoice.totals.cgst)}</dd>
              </div>
              <div>
                <dt>SGST @ 1.5%</dt>
                <dd>{rs(invoice.totals.sgst)}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>IGST @ 3%</dt>
              <dd>{rs(invoice.totals.igst)}</dd>
            </div>
          )}
          <div className="invoice__grand">
            <dt>Total (GST included)</dt>
            <dd>{rs(invoice.totals.gross)}</dd>
          </div>
        </dl>
        <p className="invoice__words">
          <strong>Amount in words:</strong> {invoice.amountInWords}
        </p>
        <p>
          <strong>Payment:</strong> {invoice.payment}
        </p>
        {invoice.creditNotes?.length ? (
          <div className="invoice__credit-notes">
            <strong>Credit notes against this invoice:</strong>
            <ul>
              {invoice.creditNotes.map((n) => (
                <li key={n.id}>
                  <a href={creditNotePath(n.id)}>{n.number}</a> · {date.format(new Date(n.at))} · {formatINR(n.amount)} (
                  {n.kind === 'cancellation' ? 'order cancelled' : 'refund'})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="invoice__note">
          Prices include GST.{discounted ? ' GST is charged on each line’s value after its share of the discount.' : ''} HSN 7113: articles
          of jewellery of precious metal (92.5 sterling silver). Tax is not payable on reverse charge. Order status:{' '}
          {STATUS_LABELS[invoice.status]}.
        </p>
      </div>
      <footer className="invoice__foot">
        <p>For {s.name}</p>
        <p className="invoice__muted">This is a computer-generated invoice and needs no signature.</p>
      </footer>
    </article>
  );
}

function InvoiceInner() {
  const state = useStore($invoice);

  useEffect(() => {
    void loadInvoice(orderIdFromPath(location.pathname));
  }, []);

  useEffect(() => {
    if (state.status === 'signed-out') location.replace(loginPathReturningTo(routes.login, location.pathname));
  }, [state.status]);

  if (state.status === 'loading' || state.status === 'signed-out') return <p role="status">Loading…</p>;
  if (state.status === 'error') {
    return (
      <div className="invoice-page__error">
        <h1>Tax invoice</h1>
        <Notice kind="error" text={state.message} />
        <a className="btn" href={routes.account}>
          View My Orders
        </a>
      </div>
    );
  }
  return (
    <div className="invoice-page">
      <div className="invoice-page__toolbar">
        <a className="btn btn--outline btn--sm" href={routes.account}>
          ← My orders
        </a>
        <button type="button" className="btn btn--sm" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <InvoiceDocument invoice={state.invoice} />
    </div>
  );
}

/** The /invoice island. */
export default function InvoicePage() {
  return (
    <ErrorBoundary>
      <InvoiceInner />
    </ErrorBoundary>
  );
}
