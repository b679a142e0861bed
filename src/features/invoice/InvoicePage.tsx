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
import { formatPaise } from '@shared/invoice/gst';
import { discountLabel } from '@shared/discounts';
import { STATUS_LABELS } from '@shared/orders';
import { routes } from '@shared/routes';
import type { Invoice } from '@shared/api/orders';
import { loginPathReturningTo } from '../auth/return-to';
import { orderIdFromPath } from '../orders/order-detail.store';
import { $invoice, loadInvoice } from './invoice.store';
import { creditNotePath } from '@shared/credit-note-path';
import { formatINR } from '@shared/money';
import {
  PlaceOfSupply,
  rs,
  SellerLetterhead,
  TaxDocumentFoot,
  TaxDocumentError,
  TaxDocumentParties,
  TaxDocumentToolbar,
  TaxTable,
  TaxTotals,
  taxDate,
} from './TaxDocumentParts';
import './invoice.css';

/** Paise taken off, with a true minus sign as the order pages show it: '−₹229.80'. */
const minusRs = (paise: number) => `\u2212₹${formatPaise(paise)}`;

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const intra = invoice.supply === 'intra';
  const s = invoice.seller;
  // The value and discount columns only when the order used a code: an invoice without one reads as before.
  const discounted = (invoice.totals.discount ?? 0) > 0;
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <header className="invoice__head">
        <SellerLetterhead titleId="invoice-title" title="Tax Invoice" seller={s} />
        <dl className="invoice__meta">
          <div>
            <dt>Invoice number</dt>
            <dd>{invoice.invoiceNumber}</dd>
          </div>
          <div>
            <dt>Invoice date</dt>
            <dd>{taxDate.format(new Date(invoice.invoiceDate))}</dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>
              {invoice.orderNumber} · {taxDate.format(new Date(invoice.orderDate))}
            </dd>
          </div>
          <PlaceOfSupply place={invoice.placeOfSupply} />
        </dl>
      </header>

      {invoice.status === 'cancelled' && <p className="invoice__cancelled">This order was cancelled after this invoice was issued.</p>}

      <TaxDocumentParties idPrefix="invoice" buyer={invoice.buyer} shipTo={invoice.shipTo} />

      <TaxTable
        label="Invoice lines"
        caption="Items, taxable value and GST (prices include 3% GST)"
        totalLabel="Total"
        intra={intra}
        discountColumns={discounted ? 'value-and-discount' : 'none'}
        lines={invoice.lines}
        totals={invoice.totals}
      />

      <div className="invoice__summary">
        <TaxTotals totals={invoice.totals} intra={intra} grandLabel="Total (GST included)">
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
        </TaxTotals>
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
                  <a href={creditNotePath(n.id)}>{n.number}</a> · {taxDate.format(new Date(n.at))} · {formatINR(n.amount)} (
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
      <TaxDocumentFoot sellerName={s.name} documentName="invoice" />
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
    return <TaxDocumentError title="Tax invoice" message={state.message} />;
  }
  return (
    <div className="invoice-page">
      <TaxDocumentToolbar backHref={routes.account} backLabel="← My orders" />
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
