import { stringify } from 'csv-stringify/sync';
import { GST_RATE_BP, JEWELLERY_HSN, stateCode } from '../../../src/shared/invoice/gst';
import type { AccountsQuery } from '../../../src/shared/schemas/accounts';
import { AppError } from '../errors';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { buildInvoice } from './invoice.service';

const IST_OFFSET_MS = 330 * 60_000;

/** The first instant of an Indian date. */
const istStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);

/** An instant as India's date. */
const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Paise as rupees with two decimals and no grouping, as spreadsheets and GST utilities read them. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The export's columns, in order. */
const COLUMNS = [
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
] as const;

/** The shop's accounts for its accountant: what GST returns are filed from. */
export const accountsService = {
  /**
   * Every tax invoice issued in the range (India's dates, both days included) as CSV, one row per invoice with
   * its taxable value, CGST, SGST and IGST to the paisa (the sums of its printed lines), the place of supply and
   * HSN 7113. Cancelled orders keep their invoice's row and say so in the status.
   */
  async invoicesCsv(query: AccountsQuery): Promise<{ csv: string; filename: string; count: number }> {
    const seller = (await catalogueRepository.settings())?.seller;
    if (!seller) throw new AppError(503, 'Accounts are not available yet: the shop has not set its GST details.');
    const end = new Date(istStart(query.to).getTime() + 86_400_000);
    const orders = await ordersRepository.invoicedBetween(istStart(query.from), end);
    const rows = orders.map((order) => {
      const invoice = buildInvoice(order, seller);
      const t = invoice.totals;
      return [
        invoice.invoiceNumber,
        istDay(new Date(invoice.invoiceDate)),
        invoice.orderNumber,
        order.status,
        `${order.billingInfo.firstName} ${order.billingInfo.lastName}`.trim(),
        invoice.placeOfSupply.state,
        invoice.placeOfSupply.code || stateCode(invoice.placeOfSupply.state),
        invoice.supply === 'intra' ? 'Intra-state' : 'Inter-state',
        JEWELLERY_HSN,
        String(GST_RATE_BP / 100),
        rupees(t.value),
        rupees(t.discount),
        rupees(t.taxable),
        rupees(t.cgst),
        rupees(t.sgst),
        rupees(t.igst),
        rupees(t.tax),
        rupees(t.gross),
        invoice.payment,
      ];
    });
    return {
      csv: stringify([[...COLUMNS], ...rows]),
      filename: `gst-invoices-${query.from}-to-${query.to}.csv`,
      count: rows.length,
    };
  },
};
