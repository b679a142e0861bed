import { computeInvoice, GST_RATE_BP, JEWELLERY_HSN, stateCode, supplyKind } from '@shared/invoice/gst';
import { indiaDay, indiaDayStart } from '@shared/india-time';
import { BASIS_POINTS_PER_PERCENT } from '@shared/money';
import { orderNumber } from '@shared/orders';
import type { AccountsQuery } from '@shared/schemas/accounts';
import { toCsv } from '../csv';
import { countersRepository } from '../repositories/counters.repository';
import { AppError } from '../errors';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { creditNotesRepository } from '../repositories/credit-notes.repository';
import { refundEntries } from '../repositories/refund-entries';
import { buildInvoice } from './invoice.service';
import { toRupees } from '@shared/money';

/** Paise as rupees with two decimals and no grouping, as spreadsheets and GST utilities read them. */
const rupees = (paise: number) => toRupees(paise).toFixed(2);

/** The export's columns, in order. */
const COLUMNS = [
  'Document type',
  'Document number',
  'Document date',
  'Invoice number',
  'Invoice date',
  'Order number',
  'Order status',
  'Customer',
  'Place of supply',
  'State code',
  'Supply',
  'HSN',
  'GST rate %',
  'Value before discount',
  'Discount',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total tax',
  'Invoice value',
  'Payment',
  'Refund amount',
  'Refund status',
] as const;

/** A row's cells by column; blanks where a column does not apply. */
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;

/** A row as the CSV's cells, in column order. */
const cells = (row: Row): string[] => COLUMNS.map((c) => row[c] ?? '');

/** The shop's accounts for its accountant: what GST returns are filed from. */
export const accountsService = {
  /**
   * Every tax invoice issued in the range (India's dates, both days included) as CSV, one row per invoice with
   * its taxable value, CGST, SGST and IGST to the paisa (the sums of its printed lines), the place of supply and
   * HSN 7113. Cancelled orders keep their invoice's row and say so in the status. Then the credit notes issued
   * in the range (negative values and taxes, with the invoice each adjusts), and the refunds made in it.
   */
  async invoicesCsv(query: AccountsQuery): Promise<{ csv: string; filename: string; count: number }> {
    const seller = (await catalogueRepository.settings())?.seller;
    if (!seller) throw new AppError(503, 'Accounts are not available yet: the shop has not set its GST details.');
    const end = new Date(indiaDayStart(query.to).getTime() + 86_400_000);
    const orders = await ordersRepository.invoicedBetween(indiaDayStart(query.from), end);
    const from = indiaDayStart(query.from);
    const rows: Row[] = orders.map((order) => {
      const invoice = buildInvoice(order, seller);
      const t = invoice.totals;
      return {
        'Document type': 'Invoice',
        'Document number': invoice.invoiceNumber,
        'Document date': indiaDay(new Date(invoice.invoiceDate)),
        'Invoice number': invoice.invoiceNumber,
        'Invoice date': indiaDay(new Date(invoice.invoiceDate)),
        'Order number': invoice.orderNumber,
        'Order status': order.status,
        Customer: `${order.billingInfo.firstName} ${order.billingInfo.lastName}`.trim(),
        'Place of supply': invoice.placeOfSupply.state,
        'State code': invoice.placeOfSupply.code || stateCode(invoice.placeOfSupply.state),
        Supply: invoice.supply === 'intra' ? 'Intra-state' : 'Inter-state',
        HSN: JEWELLERY_HSN,
        'GST rate %': String(GST_RATE_BP / BASIS_POINTS_PER_PERCENT),
        'Value before discount': rupees(t.value),
        Discount: rupees(t.discount),
        'Taxable value': rupees(t.taxable),
        CGST: rupees(t.cgst),
        SGST: rupees(t.sgst),
        IGST: rupees(t.igst),
        'Total tax': rupees(t.tax),
        'Invoice value': rupees(t.gross),
        Payment: invoice.payment,
      };
    });
    const invoices = rows.length;
    // Credit notes issued in the range: the invoice they adjust, with negative values and taxes.
    for (const note of await creditNotesRepository.issuedBetween(from, end)) {
      const order = await ordersRepository.findById(note.orderId.toHexString());
      if (!order) continue;
      const supply = supplyKind(seller.state, order.shippingInfo.state);
      const t = computeInvoice(note.charges, supply).totals;
      rows.push({
        'Document type': 'Credit note',
        'Document number': note.number!,
        'Document date': indiaDay(note.issuedAt!),
        'Invoice number': note.invoiceNumber,
        'Invoice date': indiaDay(note.invoiceDate),
        'Order number': orderNumber(order._id.toHexString()),
        'Order status': order.status,
        Customer: `${order.billingInfo.firstName} ${order.billingInfo.lastName}`.trim(),
        'Place of supply': order.shippingInfo.state,
        'State code': stateCode(order.shippingInfo.state),
        Supply: supply === 'intra' ? 'Intra-state' : 'Inter-state',
        HSN: JEWELLERY_HSN,
        'GST rate %': String(GST_RATE_BP / BASIS_POINTS_PER_PERCENT),
        'Value before discount': rupees(-t.value),
        Discount: rupees(-t.discount),
        'Taxable value': rupees(-t.taxable),
        CGST: rupees(-t.cgst),
        SGST: rupees(-t.sgst),
        IGST: rupees(-t.igst),
        'Total tax': rupees(-t.tax),
        'Invoice value': rupees(-t.gross),
        Payment: note.reason,
      });
    }
    // Money sent back in the range (no tax of their own: their credit notes carry it), for reconciling payouts.
    for (const order of await ordersRepository.refundedSince(from)) {
      const refunds = [
        ...refundEntries(order).map((e) => ({
          id: e.razorpayRefundId ?? e.reference ?? e.key,
          at: e.at,
          paise: e.paise,
          status: e.status,
          how: e.method === 'razorpay' ? 'Razorpay refund' : e.method === 'upi' ? 'UPI' : 'Bank transfer',
        })),
        ...(order.refund
          ? [
              {
                id: order.refund.id ?? '',
                at: order.refund.at,
                paise: order.refund.amountPaise,
                status: order.refund.status,
                how: 'Razorpay refund (cancelled order)',
              },
            ]
          : []),
      ];
      for (const r of refunds) {
        if (r.at < from || r.at >= end || r.status === 'failed') continue;
        rows.push({
          'Document type': 'Refund',
          'Document number': r.id,
          'Document date': indiaDay(r.at),
          'Invoice number': order.invoiceNumber ?? '',
          'Invoice date': order.invoiceDate ? indiaDay(order.invoiceDate) : '',
          'Order number': orderNumber(order._id.toHexString()),
          'Order status': order.status,
          Customer: `${order.billingInfo.firstName} ${order.billingInfo.lastName}`.trim(),
          'Place of supply': order.shippingInfo.state,
          'State code': stateCode(order.shippingInfo.state),
          // Money paid back, apart from the documents' values: its credit note already reduces the sale, so
          // summing Invoice value counts each refund once.
          Payment: r.how,
          'Refund amount': rupees(r.paise),
          'Refund status': r.status,
        });
      }
    }
    // Numbers of the series no document carries (taken by a request that died): listed, so the series has no
    // unexplained gap.
    for (const v of await countersRepository.voidBetween(from, end)) {
      rows.push({ 'Document type': 'Void number', 'Document number': v._id, 'Document date': indiaDay(v.at), Payment: v.reason });
    }
    return {
      // Names and references are typed by shoppers and admins: toCsv keeps them from running as formulas.
      csv: toCsv([[...COLUMNS], ...rows.map(cells)]),
      filename: `gst-invoices-${query.from}-to-${query.to}.csv`,
      count: invoices,
    };
  },
};
