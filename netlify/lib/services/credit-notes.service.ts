/**
 * GST credit notes: every refund of an invoiced order, and the cancellation of one, gets a credit note with
 * its own number series (CN/<FY>/000001), referencing the invoice it adjusts. One per source (its id is the
 * source), numbered once by the claim pattern of document-numbers.ts, so concurrent requests never give a source two
 * notes nor a number to two notes.
 */
import { lineValuePaise } from '@shared/discounts';
import type { CreditNote } from '@shared/api/refunds';
import { amountInWords, computeInvoice, JEWELLERY_HSN, stateCode, supplyKind, type ChargeInput } from '@shared/invoice/gst';
import { orderNumber } from '@shared/orders';
import { COD_FEE_LABEL } from '@shared/pricing';
import { sizeText } from '@shared/sizes';
import type { CreditNoteDoc, OrderDoc, RefundEntryDoc, UserDoc } from '../collections';
import { AppError, notFound } from '../errors';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { creditNotesRepository } from '../repositories/credit-notes.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { refundEntries } from '../repositories/refund-entries';
import { issueNumber } from './document-numbers';

/** A credit note number: 'CN/2026-27/000001'. */
export function creditNoteNumber(fy: string, sequence: number): string {
  return `CN/${fy}/${String(sequence).padStart(6, '0')}`;
}

/** The id of a source's credit note: the order and the refund's key, or 'cancel'. */
const creditNoteId = (order: OrderDoc, refundKey: string | null): string => `${order._id.toHexString()}-${refundKey ?? 'cancel'}`;

/** An order line as a credit note charge worth exactly `paise` (its discount share is what makes up the difference). */
function lineCharge(order: OrderDoc, index: number, quantity: number, paise: number): ChargeInput {
  const l = order.products[index]!;
  const value = l.pricePaise * quantity;
  return {
    description: l.size ? `${l.name} (${sizeText(l)})` : l.name,
    hsn: JEWELLERY_HSN,
    quantity,
    unitPricePaise: l.pricePaise,
    ...(value > paise ? { discountPaise: value - paise } : {}),
  };
}

/** What is left after the lines (shipping or the COD fee), as a charge; none when nothing is left. */
function feeCharge(order: OrderDoc, paise: number): ChargeInput[] {
  if (paise <= 0) return [];
  return [
    {
      description: order.paymentMethod === 'cod' ? COD_FEE_LABEL : 'Shipping and handling',
      hsn: JEWELLERY_HSN,
      quantity: 1,
      unitPricePaise: paise,
    },
  ];
}

/** A refund's charges: its lines at what they refunded, then whatever else it refunded (shipping, the COD fee). */
function refundCharges(order: OrderDoc, entry: RefundEntryDoc): ChargeInput[] {
  const lines = entry.lines.map((l) => lineCharge(order, l.index, l.quantity, l.paise));
  return [...lines, ...feeCharge(order, entry.paise - entry.lines.reduce((n, l) => n + l.paise, 0))];
}

/** A cancellation's charges: what refunds have not already credited (units left of each line, then the fees). */
function cancellationCharges(order: OrderDoc): ChargeInput[] {
  const refunded = order.refundedQty ?? {};
  const charges: ChargeInput[] = [];
  let linesPaise = 0;
  order.products.forEach((l, index) => {
    const before = refunded[String(index)] ?? 0;
    if (l.quantity <= before) return;
    // The units refunds left, at what refunding them would come to (the rule refunds use).
    const paise = lineValuePaise(order, index, l.quantity) - lineValuePaise(order, index, before);
    linesPaise += paise;
    charges.push(lineCharge(order, index, l.quantity - before, paise));
  });
  return [...charges, ...feeCharge(order, order.totalPaise - (order.refundedPaise ?? 0) - linesPaise)];
}

/** Numbers a stored note once (claim, counter, write) and lists it on its order; the numbered note. */
async function issue(doc: CreditNoteDoc): Promise<CreditNoteDoc> {
  let note = await creditNotesRepository.createOnce(doc);
  if (!note.number) {
    const id = note._id;
    note = await issueNumber<CreditNoteDoc>({
      series: 'credit-note',
      format: creditNoteNumber,
      claim: (claimId, at, staleBefore) => creditNotesRepository.claim(id, claimId, at, staleBefore),
      write: (claimId, number, at) => creditNotesRepository.setNumber(id, claimId, number, at),
      reread: () => creditNotesRepository.findById(id),
      numbered: (doc) => Boolean(doc.number),
      busy: 'The credit note is being prepared. Please try again in a moment.',
    });
  }
  await creditNotesRepository.listOnOrder(
    note.orderId,
    { id: note._id, number: note.number!, at: note.issuedAt!, amountPaise: note.amountPaise, kind: note.kind },
    note.refundKey,
  );
  return note;
}

/** How a refund went back, for the note. */
function settlementOf(order: OrderDoc, note: CreditNoteDoc): string {
  const entry = note.refundKey ? order.refunds?.[note.refundKey] : undefined;
  if (entry?.method === 'razorpay') return `Refunded through Razorpay${entry.razorpayRefundId ? ` (${entry.razorpayRefundId})` : ''}`;
  if (entry)
    return `Refunded by ${entry.method === 'upi' ? 'UPI' : 'bank transfer'}${entry.reference ? ` (reference ${entry.reference})` : ''}`;
  if (order.refund) return `Refunded through Razorpay${order.refund.id ? ` (${order.refund.id})` : ''}`;
  return order.paymentMethod === 'cod' && order.paymentStatus !== 'paid' ? 'Not charged (cash on delivery)' : 'Refund as per the order';
}

/** Credit notes: issuing them for refunds and cancellations of invoiced orders, and reading them. */
export const creditNotesService = {
  /** Issues the credit note of a processed refund of an invoiced order (once); null for an order without an invoice. */
  async issueForRefund(order: OrderDoc, entry: RefundEntryDoc): Promise<CreditNoteDoc | null> {
    if (!order.invoiceNumber || entry.status !== 'processed') return null;
    return issue({
      _id: creditNoteId(order, entry.key),
      orderId: order._id,
      kind: 'refund',
      refundKey: entry.key,
      reason: entry.whole ? 'Refund of everything left on the order' : 'Refund of returned or cancelled items',
      charges: refundCharges(order, entry),
      amountPaise: entry.paise,
      invoiceNumber: order.invoiceNumber,
      invoiceDate: order.invoiceDate ?? order.createdAt,
      createdAt: new Date(),
    });
  },

  /** Issues the credit note of an invoiced order's cancellation (once); null without an invoice or nothing left to credit. */
  async issueForCancellation(order: OrderDoc): Promise<CreditNoteDoc | null> {
    if (!order.invoiceNumber || order.status !== 'cancelled') return null;
    const charges = cancellationCharges(order);
    const amountPaise = charges.reduce((n, c) => n + c.unitPricePaise * c.quantity - (c.discountPaise ?? 0), 0);
    if (amountPaise <= 0) return null;
    const by = order.cancelledBy === 'customer' ? 'the shopper' : 'the shop';
    return issue({
      _id: creditNoteId(order, null),
      orderId: order._id,
      kind: 'cancellation',
      refundKey: null,
      reason: `Order cancelled by ${by} after it was invoiced`,
      charges,
      amountPaise,
      invoiceNumber: order.invoiceNumber,
      invoiceDate: order.invoiceDate ?? order.createdAt,
      createdAt: new Date(),
    });
  },

  /**
   * Issues the credit notes owed by orders changed in the last `days` days (a request that died, or failed,
   * after its refund or cancellation): for the reconciliation job. Returns how many notes it issued or finished.
   */
  async issueMissing(now = new Date(), days = 7): Promise<{ issued: number }> {
    let issued = 0;
    for (const order of await ordersRepository.invoicedWithCreditsSince(new Date(now.getTime() - days * 86_400_000))) {
      const has = new Set((order.creditNotes ?? []).map((n) => n.id));
      for (const entry of refundEntries(order)) {
        if (entry.status !== 'processed' || has.has(creditNoteId(order, entry.key))) continue;
        if (await creditNotesService.issueForRefund(order, entry)) issued++;
      }
      if (order.status === 'cancelled' && !has.has(creditNoteId(order, null))) {
        if (await creditNotesService.issueForCancellation(order)) issued++;
      }
    }
    return { issued };
  },

  /** Issues without failing the caller: a refund or cancellation stands even if its note must be issued later. */
  async issueQuietly(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (err) {
      console.error(`[credit notes] not issued yet: ${err instanceof Error ? err.message : String(err)}`);
    }
  },

  /** One credit note for its order's owner or an admin (anyone else gets the 404 of a missing note); finishes numbering it if needed. */
  async getForReader(id: string, reader: UserDoc): Promise<CreditNote> {
    let note = await creditNotesRepository.findById(id);
    const order = note ? await ordersRepository.findById(note.orderId.toHexString()) : null;
    if (!note || !order || (reader.role !== 'admin' && !order.userId.equals(reader._id))) throw notFound('Credit note');
    if (!note.number) note = await issue(note);
    const seller = (await catalogueRepository.settings())?.seller;
    if (!seller) throw new AppError(503, 'Credit notes are not available yet: the shop has not set its GST details.');
    const kind = supplyKind(seller.state, order.shippingInfo.state);
    const { lines, totals } = computeInvoice(note.charges, kind);
    return {
      id: note._id,
      creditNoteNumber: note.number!,
      creditNoteDate: note.issuedAt!.toISOString(),
      kind: note.kind,
      reason: note.reason,
      orderId: order._id.toHexString(),
      orderNumber: orderNumber(order._id.toHexString()),
      invoiceNumber: note.invoiceNumber,
      invoiceDate: note.invoiceDate.toISOString(),
      seller: { ...seller, stateCode: stateCode(seller.state) },
      buyer: order.billingInfo,
      shipTo: order.shippingInfo,
      placeOfSupply: { state: order.shippingInfo.state, code: stateCode(order.shippingInfo.state) },
      supply: kind,
      lines,
      totals,
      amountInWords: amountInWords(totals.gross),
      settlement: settlementOf(order, note),
    };
  },
};
