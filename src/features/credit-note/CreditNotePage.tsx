/**
 * /credit-note?id=…: one GST credit note, printable like the invoice it adjusts (the same layout and styles):
 * seller, note number and date, the invoice it references, bill-to and ship-to, place of supply, the lines
 * credited with taxable value and CGST + SGST or IGST, the amount in words and how the money went back.
 * The server computes every amount (integer paise); this island only lays them out.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { formatPaise } from '../../shared/invoice/gst';
import { formatPhone } from '../../shared/phone';
import { routes } from '../../shared/routes';
import type { CreditNote } from '../../shared/api/refunds';
import type { BillingAddress, ShippingAddress } from '../../shared/schemas/address';
import { loginPathReturningTo } from '../auth/return-to';
import { $creditNote, creditNoteIdFromSearch, loadCreditNote } from './credit-note.store';
import '../invoice/invoice.css';

const date = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Paise with the rupee sign. */
const rs = (paise: number) => `₹${formatPaise(paise)}`;

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

function CreditNoteDocument({ note }: { note: CreditNote }) {
  const intra = note.supply === 'intra';
  const s = note.seller;
  const discounted = note.totals.discount > 0;
  return (
    <article className="invoice" aria-labelledby="credit-note-title">
      <header className="invoice__head">
        <div>
          <h1 id="credit-note-title">Credit Note</h1>
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
            <dt>Credit note number</dt>
            <dd>{note.creditNoteNumber}</dd>
          </div>
          <div>
            <dt>Credit note date</dt>
            <dd>{date.format(new Date(note.creditNoteDate))}</dd>
          </div>
          <div>
            <dt>Against invoice</dt>
            <dd>
              <a href={routes.invoice(note.orderId)}>{note.invoiceNumber}</a> · {date.format(new Date(note.invoiceDate))}
            </dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>{note.orderNumber}</dd>
          </div>
          <div>
            <dt>Place of supply</dt>
            <dd>
              {note.placeOfSupply.state}
              {note.placeOfSupply.code ? ` (${note.placeOfSupply.code})` : ''}
            </dd>
          </div>
        </dl>
      </header>

      <p className="invoice__cancelled">
        <strong>Reason:</strong> {note.reason}.
      </p>

      <div className="invoice__parties">
        <section aria-labelledby="credit-note-bill-to">
          <h2 id="credit-note-bill-to">Bill to</h2>
          <Party address={note.buyer} />
        </section>
        <section aria-labelledby="credit-note-ship-to">
          <h2 id="credit-note-ship-to">Ship to</h2>
          <Party address={note.shipTo} />
        </section>
      </div>

      {/* Focusable so keyboard users can scroll the table sideways on a narrow phone. */}
      <div className="invoice__table-wrap" role="region" aria-label="Credit note lines" tabIndex={0}>
        <table className="invoice__table">
          <caption className="visually-hidden">Items credited, taxable value and GST (amounts include 3% GST)</caption>
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
                <th scope="col" className="num">
                  Discount
                </th>
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
            {note.lines.map((l, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{l.description}</td>
                <td>{l.hsn}</td>
                <td className="num">{l.quantity}</td>
                <td className="num">{formatPaise(l.unitPricePaise)}</td>
                {discounted && <td className="num">{l.discount ? `\u2212${formatPaise(l.discount)}` : '—'}</td>}
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
              <th scope="row" colSpan={discounted ? 6 : 5}>
                Total credited
              </th>
              <td className="num">{formatPaise(note.totals.taxable)}</td>
              {intra ? (
                <>
                  <td className="num">{formatPaise(note.totals.cgst)}</td>
                  <td className="num">{formatPaise(note.totals.sgst)}</td>
                </>
              ) : (
                <td className="num">{formatPaise(note.totals.igst)}</td>
              )}
              <td className="num">{formatPaise(note.totals.gross)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="invoice__summary">
        <dl className="invoice__totals">
          <div>
            <dt>Taxable value</dt>
            <dd>{rs(note.totals.taxable)}</dd>
          </div>
          {intra ? (
            <>
              <div>
                <dt>CGST @ 1.5%</dt>
                <dd>{rs(note.totals.cgst)}</dd>
              </div>
              <div>
                <dt>SGST @ 1.5%</dt>
                <dd>{rs(note.totals.sgst)}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>IGST @ 3%</dt>
              <dd>{rs(note.totals.igst)}</dd>
            </div>
          )}
          <div className="invoice__grand">
            <dt>Total credited (GST included)</dt>
            <dd>{rs(note.totals.gross)}</dd>
          </div>
        </dl>
        <p className="invoice__words">
          <strong>Amount in words:</strong> {note.amountInWords}
        </p>
        <p>
          <strong>Settlement:</strong> {note.settlement}
        </p>
        <p className="invoice__note">
          This credit note reduces the value and GST of invoice {note.invoiceNumber}. HSN 7113: articles of jewellery of precious metal
          (92.5 sterling silver). Tax is not payable on reverse charge.
        </p>
      </div>
      <footer className="invoice__foot">
        <p>For {s.name}</p>
        <p className="invoice__muted">This is a computer-generated credit note and needs no signature.</p>
      </footer>
    </article>
  );
}

function CreditNoteInner() {
  const state = useStore($creditNote);

  useEffect(() => {
    void loadCreditNote(creditNoteIdFromSearch(location.search));
  }, []);

  useEffect(() => {
    if (state.status === 'signed-out') location.replace(loginPathReturningTo(routes.login, location.pathname + location.search));
  }, [state.status]);

  if (state.status === 'loading' || state.status === 'signed-out') return <p role="status">Loading…</p>;
  if (state.status === 'error') {
    return (
      <div className="invoice-page__error">
        <h1>Credit note</h1>
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
        <a className="btn btn--outline btn--sm" href={routes.invoice(state.creditNote.orderId)}>
          ← Tax invoice
        </a>
        <button type="button" className="btn btn--sm" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <CreditNoteDocument note={state.creditNote} />
    </div>
  );
}

/** The /credit-note island. */
export default function CreditNotePage() {
  return (
    <ErrorBoundary>
      <CreditNoteInner />
    </ErrorBoundary>
  );
}
