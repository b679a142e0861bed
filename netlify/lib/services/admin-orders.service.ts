import { ObjectId, type Filter } from 'mongodb';
import type { AdminOrder } from '@shared/api/orders';
import type { AdminOrdersQuery } from '@shared/schemas/admin';
import { normalisePhone } from '@shared/phone';
import { indiaDayStart, shiftDay } from '@shared/india-time';
import type { OrderDoc, UserDoc } from '../collections';
import { notFound } from '../errors';
import { ordersRepository, toAdminHistory, toOrder } from '../repositories/orders.repository';
import { usersRepository } from '../repositories/users.repository';
import { escapeRegExp } from '@shared/regexp';

/** The filter for an admin's status choice, search text, days placed, payment and sales-only choice. */
function filterOf(query: AdminOrdersQuery): Filter<OrderDoc> {
  const filter: Filter<OrderDoc> = {};
  if (query.status === 'needs_attention') filter.needsAttention = { $type: 'string' };
  else if (query.status !== 'all') filter.status = query.status;
  // Days are India's, as the dashboard counts them: from the start of `from` to before the start of the day after `to`.
  if (query.from || query.to)
    filter.createdAt = {
      ...(query.from ? { $gte: indiaDayStart(query.from) } : {}),
      ...(query.to ? { $lt: indiaDayStart(shiftDay(query.to, 1)) } : {}),
    };
  if (query.payment !== 'all') filter.paymentMethod = query.payment === 'online' ? 'razorpay' : 'cod';
  // A sale is an order that was ever confirmed (placed cash on delivery, or paid online), as the dashboard counts it.
  if (query.sale === 'yes') filter['statusHistory.status'] = 'confirmed';
  const q = query.search;
  if (q) {
    const contains = { $regex: escapeRegExp(q), $options: 'i' };
    const or: Filter<OrderDoc>[] = [
      { 'shippingInfo.firstName': contains },
      { 'shippingInfo.lastName': contains },
      { 'shippingInfo.city': contains },
      { 'products.name': contains },
      { status: contains },
      { paymentMethod: contains },
    ];
    const number = /^(?:HRM-)?([0-9a-f]{6})$/i.exec(q);
    if (number) or.push({ orderNumber: `HRM-${number[1]!.toUpperCase()}` });
    if (/^[0-9a-f]{24}$/i.test(q)) or.push({ _id: new ObjectId(q) });
    // A phone typed as the page shows it ("+91 98765 01234", "98765 01234") or as digits: the stored 10 digits.
    const phone = normalisePhone(q);
    if (phone) or.push({ 'shippingInfo.phone': phone });
    if (/^(order|pay)_\w+$/.test(q)) or.push({ razorpayOrderId: q }, { razorpayPaymentId: q });
    filter.$or = or;
  }
  return filter;
}

/** An order with its shopper, for the admin's eyes. */
function toAdminOrder(doc: OrderDoc, user: UserDoc | undefined): AdminOrder {
  return {
    ...toOrder(doc),
    orderNumber: doc.orderNumber,
    statusHistory: toAdminHistory(doc.statusHistory ?? []),
    customer: {
      _id: doc.userId.toHexString(),
      name: user ? `${user.firstName} ${user.lastName}`.trim() : `${doc.shippingInfo.firstName} ${doc.shippingInfo.lastName}`,
      phone: user?.phone ?? doc.shippingInfo.phone,
    },
    needsAttention: doc.needsAttention ?? null,
    attentionCode: doc.needsAttention ? (doc.attention?.code ?? null) : null,
    // Offered only while nothing has changed the order since the step and none of its messages was taken.
    undo:
      doc.undo &&
      doc.updatedAt.getTime() === doc.undo.at.getTime() &&
      doc.undo.keys.every((k) => doc.noticesDue?.includes(k) && !doc.notices?.[k])
        ? { step: doc.undo.step, from: doc.undo.from, until: doc.undo.until.toISOString(), by: doc.undo.by }
        : null,
  };
}

/** Every order, for admins: filtered and paged on the server. */
export const adminOrdersService = {
  /** One page of orders matching the filter, and how many match in all. */
  async list(query: AdminOrdersQuery): Promise<{ orders: AdminOrder[]; total: number }> {
    const { docs, total } = await ordersRepository.search(filterOf(query), (query.page - 1) * query.pageSize, query.pageSize);
    const users = new Map(
      (await usersRepository.findByIds([...new Map(docs.map((d) => [d.userId.toHexString(), d.userId])).values()])).map((u) => [
        u._id.toHexString(),
        u,
      ]),
    );
    return { orders: docs.map((d) => toAdminOrder(d, users.get(d.userId.toHexString()))), total };
  },

  /** One order with its shopper. */
  async get(orderId: string): Promise<AdminOrder> {
    const doc = await ordersRepository.findById(orderId);
    if (!doc) throw notFound('Order');
    return this.withCustomer(doc);
  },

  /** Adds the shopper to an order. */
  async withCustomer(doc: OrderDoc): Promise<AdminOrder> {
    return toAdminOrder(doc, (await usersRepository.findById(doc.userId.toHexString())) ?? undefined);
  },
};
