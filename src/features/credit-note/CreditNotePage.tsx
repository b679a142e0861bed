/**
 * /credit-note?id=…: one GST credit note, printable like the invoice it adjusts (the same layout and styles):
 * seller, note number and date, the invoice it references, bill-to and ship-to, place of supply, the lines
 * credited with taxable value and CGST + SGST or IGST, the amount in words and how the money went back.
 * The server computes every amount (integer paise); this island only lays them out.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { routes } from '@shared/routes';
import type { CreditNote } from '@shared/api/refunds';
import { loginPathReturningTo } from '../auth/return-to';
import { $creditNote, creditNoteIdFromSearch, loadCreditNote } from './credit-note.store';
import {
  PlaceOfSupply,
  SellerLetterhead,
  TaxDocumentFoot,
  TaxDocumentError,
  TaxDocumentParties,
  TaxDocumentToolbar,
  TaxTable,
  TaxTotals,
  taxDate,
} from '../invoice/TaxDocumentParts';
import '../invoice/invoice.css';

function CreditNoteDocument({ note }: { note: CreditNote }) {
  const intra = note.supply === 'intra';
  const s = note.seller;
  const discounted = note.totals.discount > 0;
  return (
    <article className="invoice" aria-labelledby="credit-note-title">
      <header className="invoice__head">
        <SellerLetterhead titleId="credit-note-title" title="Credit Note" seller={s} />
        <dl className="invoice__meta">
          <div>
            <dt>Credit note number</dt>
            <dd>{note.creditNoteNumber}</dd>
          </div>
          <div>
            <dt>Credit note date</dt>
            <dd>{taxDate.format(new Date(note.creditNoteDate))}</dd>
          </div>
          <div>
            <dt>Against invoice</dt>
            <dd>
              <a href={routes.invoice(note.orderId)}>{note.invoiceNumber}</a> · {taxDate.format(new Date(note.invoiceDate))}
            </dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>{note.orderNumber}</dd>
          </div>
          <PlaceOfSupply place={note.placeOfSupply} />
        </dl>
      </header>

      <p className="invoice__cancelled">
        <strong>Reason:</strong> {note.reason}.
      </p>

      <TaxDocumentParties idPrefix="credit-note" buyer={note.buyer} shipTo={note.shipTo} />

      <TaxTable
        label="Credit note lines"
        caption="Items credited, taxable value and GST (amounts include 3% GST)"
        totalLabel="Total credited"
        intra={intra}
        discountColumns={discounted ? 'discount' : 'none'}
        lines={note.lines}
        totals={note.totals}
      />

      <div className="invoice__summary">
        <TaxTotals totals={note.totals} intra={intra} grandLabel="Total credited (GST included)" />
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
      <TaxDocumentFoot sellerName={s.name} documentName="credit note" />
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
    return <TaxDocumentError title="Credit note" message={state.message} />;
  }
  return (
    <div className="invoice-page">
      <TaxDocumentToolbar backHref={routes.invoice(state.creditNote.orderId)} backLabel="← Tax invoice" />
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
