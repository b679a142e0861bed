/**
 * The parts a tax invoice and a credit note print alike: the seller's letterhead, bill-to and ship-to, place of supply, the lines with taxable value and GST, the tax
 * totals and the signature line, and the page's toolbar and error around it. Each document adds its own title, numbers and notes around them.
 */
import type { ReactNode } from 'react';
import { Notice } from '../../components/ui/Notice';
import { PostalAddress } from '../../components/ui/PostalAddress';
import { formatPaise, type InvoiceLine, type InvoiceTotals } from '@shared/invoice/gst';
import { formatPhone } from '@shared/phone';
import { routes } from '@shared/routes';
import type { SellerDetails } from '@shared/types';
import type { BillingAddress, ShippingAddress } from '@shared/schemas/address';
import { SHOP_TIME_ZONE } from '@shared/india-time';

/** Dates on tax documents: '05 Jan 2026', in India's time zone whatever the reader's. */
export const taxDate = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** Paise with the rupee sign. */
export const rs = (paise: number) => `₹${formatPaise(paise)}`;

/** A paise amount taken off, with a true minus sign. */
const minus = (paise: number) => `\u2212${formatPaise(paise)}`;

/** The document's title over the seller's name, address, contact and GSTIN. */
export function SellerLetterhead({
  titleId,
  title,
  seller,
}: {
  titleId: string;
  title: string;
  seller: SellerDetails & { stateCode: string };
}) {
  return (
    <div>
      <h1 id={titleId}>{title}</h1>
      <p className="invoice__seller-name">{seller.name}</p>
      <PostalAddress address={seller} name="none" as="p">
        {seller.phone ? (
          <>
            <br />
            {seller.phone}
          </>
        ) : null}
        {seller.email ? ` · ${seller.email}` : ''}
      </PostalAddress>
      <p>
        <strong>GSTIN:</strong> <span className="invoice__gstin">{seller.gstin}</span> · State code {seller.stateCode}
      </p>
    </div>
  );
}

/** The place of supply row of the document's particulars: the state, and its GST code when known. */
export function PlaceOfSupply({ place }: { place: { state: string; code: string } }) {
  return (
    <div>
      <dt>Place of supply</dt>
      <dd>
        {place.state}
        {place.code ? ` (${place.code})` : ''}
      </dd>
    </div>
  );
}

/** One party's address; a billing address abroad names its country, an Indian one says India. */
function Party({ address }: { address: ShippingAddress | BillingAddress }) {
  return (
    <PostalAddress address={address} name="strong">
      {'country' in address ? `, ${address.country}` : ', India'}
      {address.phone ? (
        <>
          <br />
          Phone {formatPhone(address.phone)}
        </>
      ) : null}
    </PostalAddress>
  );
}

/** Bill to and ship to side by side; `idPrefix` keeps the headings' ids unique to the document. */
export function TaxDocumentParties({ idPrefix, buyer, shipTo }: { idPrefix: string; buyer: BillingAddress; shipTo: ShippingAddress }) {
  return (
    <div className="invoice__parties">
      <section aria-labelledby={`${idPrefix}-bill-to`}>
        <h2 id={`${idPrefix}-bill-to`}>Bill to</h2>
        <Party address={buyer} />
      </section>
      <section aria-labelledby={`${idPrefix}-ship-to`}>
        <h2 id={`${idPrefix}-ship-to`}>Ship to</h2>
        <Party address={shipTo} />
      </section>
    </div>
  );
}

/** What a tax table prints and how it is labelled. */
export interface TaxTableProps {
  /** The scrollable region's name for screen readers. */
  label: string;
  caption: string;
  totalLabel: string;
  intra: boolean;
  /**
   * The discount columns: an invoice shows each line's value and discount share with their totals; a credit
   * note shows only the share, its total row spanning the column; neither column without a discount.
   */
  discountColumns: 'none' | 'discount' | 'value-and-discount';
  lines: readonly InvoiceLine[];
  totals: InvoiceTotals;
}

/** The lines with HSN, quantity, rate, taxable value and GST, and a total row. */
export function TaxTable({ label, caption, totalLabel, intra, discountColumns, lines, totals }: TaxTableProps) {
  const withValue = discountColumns === 'value-and-discount';
  const withDiscount = discountColumns !== 'none';
  return (
    // Focusable so keyboard users can scroll the table sideways on a narrow phone.
    <div className="invoice__table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="invoice__table">
        <caption className="visually-hidden">{caption}</caption>
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
            {withValue && (
              <th scope="col" className="num">
                Value
              </th>
            )}
            {withDiscount && (
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
          {lines.map((l, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>{l.description}</td>
              <td>{l.hsn}</td>
              <td className="num">{l.quantity}</td>
              <td className="num">{formatPaise(l.unitPricePaise)}</td>
              {withValue && <td className="num">{formatPaise(l.value)}</td>}
              {withDiscount && <td className="num">{l.discount ? minus(l.discount) : '—'}</td>}
              <td className="num">{formatPaise(l.taxable)}</td>
              <GstCells amounts={l} intra={intra} />
              <td className="num">{formatPaise(l.gross)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={discountColumns === 'discount' ? 6 : 5}>
              {totalLabel}
            </th>
            {withValue && (
              <>
                <td className="num">{formatPaise(totals.value)}</td>
                <td className="num">{minus(totals.discount)}</td>
              </>
            )}
            <td className="num">{formatPaise(totals.taxable)}</td>
            <GstCells amounts={totals} intra={intra} />
            <td className="num">{formatPaise(totals.gross)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** CGST and SGST cells within the seller's state, one IGST cell across states. */
function GstCells({ amounts, intra }: { amounts: { cgst: number; sgst: number; igst: number }; intra: boolean }) {
  return intra ? (
    <>
      <td className="num">{formatPaise(amounts.cgst)}</td>
      <td className="num">{formatPaise(amounts.sgst)}</td>
    </>
  ) : (
    <td className="num">{formatPaise(amounts.igst)}</td>
  );
}

/** The totals list: the caller's rows first (an invoice's value and discount), then taxable value, GST and the grand total. */
export function TaxTotals({
  totals,
  intra,
  grandLabel,
  children,
}: {
  totals: InvoiceTotals;
  intra: boolean;
  grandLabel: string;
  children?: ReactNode;
}) {
  return (
    <dl className="invoice__totals">
      {children}
      <div>
        <dt>Taxable value</dt>
        <dd>{rs(totals.taxable)}</dd>
      </div>
      {intra ? (
        <>
          <div>
            <dt>CGST @ 1.5%</dt>
            <dd>{rs(totals.cgst)}</dd>
          </div>
          <div>
            <dt>SGST @ 1.5%</dt>
            <dd>{rs(totals.sgst)}</dd>
          </div>
        </>
      ) : (
        <div>
          <dt>IGST @ 3%</dt>
          <dd>{rs(totals.igst)}</dd>
        </div>
      )}
      <div className="invoice__grand">
        <dt>{grandLabel}</dt>
        <dd>{rs(totals.gross)}</dd>
      </div>
    </dl>
  );
}

/** The signature line: for the seller, and why none is needed. */
export function TaxDocumentFoot({ sellerName, documentName }: { sellerName: string; documentName: string }) {
  return (
    <footer className="invoice__foot">
      <p>For {sellerName}</p>
      <p className="invoice__muted">This is a computer-generated {documentName} and needs no signature.</p>
    </footer>
  );
}

/** The page when the document cannot be shown: its name, why, and the way to the shopper's orders. */
export function TaxDocumentError({ title, message }: { title: string; message: string }) {
  return (
    <div className="invoice-page__error">
      <h1>{title}</h1>
      <Notice kind="error" text={message} />
      <a className="btn" href={routes.account}>
        View My Orders
      </a>
    </div>
  );
}

/** Above the document: the way back and Print. */
export function TaxDocumentToolbar({ backHref, backLabel }: { backHref: string; backLabel: string }) {
  return (
    <div className="invoice-page__toolbar">
      <a className="btn btn--outline btn--sm" href={backHref}>
        {backLabel}
      </a>
      <button type="button" className="btn btn--sm" onClick={() => window.print()}>
        Print
      </button>
    </div>
  );
}
