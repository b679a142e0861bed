import { sizeText } from '@shared/sizes';
import type { Invoice } from '@shared/api/orders';
import { amountInWords, computeInvoice, invoiceNumber, JEWELLERY_HSN, stateCode, supplyKind, type ChargeInput } from '@shared/invoice/gst';
import { lineDiscountShares } from '@shared/discounts';
import { COD_FEE_LABEL } from '@shared/pricing';
import { orderNumber } from '@shared/orders';
import type { SellerDetails } from '@shared/types';
import type { OrderDoc, UserDoc } from '../collections';
import { AppError, conflict, notFound } from '../errors';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { ordersRepository, toOrderCreditNote, toOrderDiscount } from '../repositories/orders.repository';
import { issueNumber } from './document-numbers';

/**
 * Gives the order its invoice number, once (the claim pattern of document-numbers.ts); waiting stops if
 * the order is cancelled meanwhile.
 */
function issueInvoiceNumber(order: OrderDoc): Promise<OrderDoc> {
  return issueNumber<OrderDoc>({
    series: 'invoice',
    format: invoiceNumber,
    claim: (claimId, at, staleBefore) => ordersRepository.claimInvoice(order._id, claimId, at, staleBefore),
    write: (claimId, number, at) => ordersRepository.setInvoiceNumber(order._id, claimId, number, at),
    reread: () => ordersRepository.findById(order._id.toHexString()),
    numbered: (doc) => Boolean(doc.invoiceNumber),
    hopeless: (doc) => !doc || doc.status === 'cancelled',
    busy: 'The invoice is being prepared. Please try again in a moment.',
  });
}

/**
 * Each line's share of the order's discount in paise: the shares stored at checkout, or (for an order whose
 * lines lack them) the discount shared again by the same rule, so the lines always add up to what was charged.
 */
function lineDiscounts(order: OrderDoc): number[] {
  return lineDiscountShares(order.products, order.discount?.amountPaise ?? 0);
}

/**
 * The invoice's charges: each line as ordered, taxed on its value after its share of the discount, and
 * shipping (the COD fee) taxed with them as a composite supply at the goods' rate; the discount is on the
 * items only, so the fee never carries a share.
 */
function chargesOf(order: OrderDoc): ChargeInput[] {
  const discounts = lineDiscounts(order);
  const charges: ChargeInput[] = order.products.map((l, i) => ({
    // The size is part of what was sold: 'Box Chain (Length: 18 in)'.
    description: l.size ? `${l.name} (${sizeText(l)})` : l.name,
    hsn: JEWELLERY_HSN,
    quantity: l.quantity,
    unitPricePaise: l.pricePaise,
    ...(discounts[i] ? { discountPaise: discounts[i] } : {}),
  }));
  if (order.shippingPaise > 0) {
    charges.push({
      // The charge is named as on every page the shopper saw it (checkout, order pages): one name for one fee.
      description: order.paymentMethod === 'cod' ? COD_FEE_LABEL : 'Shipping and handling',
      hsn: JEWELLERY_HSN,
      quantity: 1,
      unitPricePaise: order.shippingPaise,
    });
  }
  return charges;
}

/** The invoice of an order that has its number. */
export function buildInvoice(order: OrderDoc, seller: SellerDetails): Invoice {
  const kind = supplyKind(seller.state, order.shippingInfo.state);
  const { lines, totals } = computeInvoice(chargesOf(order), kind);
  return {
    orderId: order._id.toHexString(),
    orderNumber: orderNumber(order._id.toHexString()),
    invoiceNumber: order.invoiceNumber!,
    invoiceDate: (order.invoiceDate ?? order.createdAt).toISOString(),
    orderDate: order.createdAt.toISOString(),
    status: order.status,
    seller: { ...seller, stateCode: stateCode(seller.state) },
    buyer: order.billingInfo,
    shipTo: order.shippingInfo,
    placeOfSupply: { state: order.shippingInfo.state, code: stateCode(order.shippingInfo.state) },
    supply: kind,
    lines,
    totals,
    discount: order.discount ? toOrderDiscount(order.discount) : null,
    amountInWords: amountInWords(totals.gross),
    payment:
      order.paymentMethod === 'cod' ? 'Cash on delivery' : `Razorpay ${order.razorpayPaymentId ?? order.razorpayOrderId ?? ''}`.trim(),
    creditNotes: (order.creditNotes ?? []).map(toOrderCreditNote),
  };
}

/** GST tax invoices of orders, for their owners and for admins. */
export const invoiceService = {
  /**
   * The order with its invoice number, issuing it now if it has none (once, however many callers race): a
   * refund must credit an issued invoice, so its credit note is never skipped because nobody opened the invoice.
   */
  async ensureNumbered(order: OrderDoc): Promise<OrderDoc> {
    return order.invoiceNumber ? order : issueInvoiceNumber(order);
  },

  /**
   * The invoice of an order, issuing its number the first time. Its owner or an admin only (anyone else
   * gets the same 404 as for a missing order). Not for orders still awaiting payment, nor for orders
   * cancelled before an invoice was issued.
   */
  async getForReader(orderId: string, reader: UserDoc): Promise<Invoice> {
    const order =
      reader.role === 'admin' ? await ordersRepository.findById(orderId) : await ordersRepository.findOwned(orderId, reader._id);
    if (!order) throw notFound('Order');
    if (order.status === 'pending_payment')
      throw conflict('This order is still awaiting payment. Its tax invoice is issued once the order is confirmed.');
    if (order.status === 'cancelled' && !order.invoiceNumber)
      throw conflict('This order was cancelled before it was invoiced, so it has no tax invoice.');
    const seller = (await catalogueRepository.settings())?.seller;
    if (!seller) throw new AppError(503, 'Tax invoices are not available yet: the shop has not set its GST details.');
    return buildInvoice(order.invoiceNumber ? order : await issueInvoiceNumber(order), seller);
  },
};
