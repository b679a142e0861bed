import type { ObjectId } from 'mongodb';
import { canMove, CUSTOMER_CANCEL_HOURS, isUnpaidAttempt, paymentAfterMove, STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { type OrderDoc, type UserDoc } from '../collections';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { getEnv } from '../env';
import type { ShipmentInput } from '@shared/schemas/admin';
import { ordersRepository } from '../repositories/orders.repository';
import { returnsRepository } from '../repositories/returns.repository';
import { noticeKeys, sendNoticesSoon, type NoticeEvent } from './notices/notices.service';
import { refundPayment } from './payment-events.service';
import { discountsService } from './discounts.service';
import { creditNotesService } from './credit-notes.service';
import { indiaDay } from '@shared/india-time';
import { failPoint } from '../failpoints';
import { finishStockMove, startStockMove } from './stock-moves';

/** Who cancels: the shopper, an admin, or the shop itself (an unpaid order whose stock hold lapsed). */
type Canceller = NonNullable<OrderDoc['cancelledBy']>;

/**
 * Cancels an order along the state table, returns its stock (and its discount code's use) exactly once and, if it was paid online,
 * refunds it once. The status, the stock state and who cancelled flip in one conditional update on the
 * state read, so only one caller cancels (and restocks); a caller that lost a race to a payment reads the
 * order again and cancels the now paid order, refunding it. Returns the cancelled order and whether this
 * call cancelled it, or null when `canceller` may not cancel it from where it is now.
 */
export async function cancelOrder(
  order: OrderDoc,
  canceller: Canceller,
  by: string,
): Promise<{ order: OrderDoc; cancelledHere: boolean } | null> {
  let current: OrderDoc | null = order;
  for (let attempt = 0; attempt < 5 && current; attempt++) {
    // A late payment's take that stopped half-way is finished first, so the cancel gives back what it holds.
    const cur: OrderDoc = current.stock.state === 'retaking' ? await finishStockMove(current) : current;
    if (cur.status === 'cancelled') return { order: cur, cancelledHere: false };
    if (!canMove(cur.status, 'cancelled', canceller)) return null;
    // An attempt the shopper never paid is not an order they placed: no "cancelled" message about it.
    const notices = canceller !== 'system' && !isUnpaidAttempt(cur) ? noticeKeys('cancelled', cur) : [];
    // An unpaid online attempt's payment has failed once it is cancelled.
    const payment = paymentAfterMove(cur, 'cancelled');
    const cancelled = await ordersRepository.transition(cur._id, [cur.status], 'cancelled', {
      by,
      where: { paymentStatus: cur.paymentStatus, 'stock.state': cur.stock.state },
      set: {
        cancelledBy: canceller,
        // Its pieces go back unit by unit after this update; 'returning' until all are back (stock-moves.ts).
        stock: cur.stock.state === 'taken' ? startStockMove('returning') : { state: cur.stock.state, holdExpiresAt: null },
        ...(payment !== cur.paymentStatus ? { paymentStatus: payment } : {}),
      },
      notices,
    });
    if (!cancelled) {
      current = await ordersRepository.findById(cur._id.toHexString());
      continue;
    }
    failPoint('cancel.after-status');
    // The stock and the code's use go back once (a process that dies first leaves the move to the recovery job).
    let result = await finishStockMove(cancelled);
    if (cancelled.paymentMethod === 'razorpay' && cancelled.paymentStatus === 'paid' && cancelled.razorpayPaymentId) {
      result = (await refundCancelled(result, `cancelled by ${canceller}`)) ?? result;
    } else {
      await sendNoticesSoon(cancelled._id);
    }
    // Cancelled after its invoice was issued: a credit note cancels the invoice's value (once).
    if (result.invoiceNumber) {
      await creditNotesService.issueQuietly(() => creditNotesService.issueForCancellation(result));
      result = (await ordersRepository.findById(result._id.toHexString())) ?? result;
    }
    return { order: result, cancelledHere: true };
  }
  throw conflict('This order changed while we were cancelling it. Please try again.');
}

/**
 * Refunds a cancelled order paid online (what line refunds left), once: the claim on the order is conditional
 * and Razorpay is asked with the order's own key. Also how the recovery job finishes a cancel that died first.
 */
export function refundCancelled(order: OrderDoc, reason: string): Promise<OrderDoc | null> {
  return refundPayment(order, { paymentId: order.razorpayPaymentId!, where: { status: 'cancelled', paymentStatus: 'paid' }, reason });
}

/**
 * Refuses to mark an order Shipped without its courier and tracking number, or with an expected delivery
 * date already past (India's date).
 */
function checkShipment(shipment: ShipmentInput | undefined, now: Date): asserts shipment is ShipmentInput {
  if (!shipment) throw badRequest('Enter the courier and the tracking (AWB) number to mark this order shipped.');
  const today = indiaDay(now);
  if (shipment.expectedDelivery && shipment.expectedDelivery < today) throw badRequest('Expected delivery cannot be a date in the past.');
}

/** The messages an admin's forward step sends: a text (and an email, with an address) for each step the shopper follows. */
const STEP_EVENTS: Partial<Record<OrderStatus, NoticeEvent>> = {
  packed: 'packed',
  shipped: 'shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
};

/** Moving orders along their life: admins step them forward or cancel; shoppers cancel within the policy. */
export const orderStatusService = {
  /**
   * An admin's status change, along the state table only (confirmed → packed → shipped → out for delivery →
   * delivered; cancelled from any open status). Appended to the history with who and when; the shopper is
   * texted, and emailed when they gave an address, once the undo window has passed. Delivering a
   * cash-on-delivery order records its cash as paid.
   */
  async changeByAdmin(admin: UserDoc, orderId: string, to: OrderStatus, shipment?: ShipmentInput, now = new Date()): Promise<OrderDoc> {
    const order = await ordersRepository.findById(orderId);
    if (!order) throw notFound('Order');
    // A repeated click (or a second admin asking for the same change) finds it done: nothing moves twice.
    if (order.status === to) return order;
    if (!canMove(order.status, to, 'admin')) {
      throw new AppError(
        409,
        `An order that is ${STATUS_LABELS[order.status].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}.`,
      );
    }
    if (to === 'shipped') checkShipment(shipment, now);
    const by = `admin:${admin.phone}`;
    if (to === 'cancelled') {
      const cancelled = await cancelOrder(order, 'admin', by);
      if (!cancelled) throw conflict('This order changed while you were looking at it. Reload and try again.');
      return cancelled.order;
    }
    const event = STEP_EVENTS[to];
    const keys = event ? noticeKeys(event, order) : [];
    const payment = paymentAfterMove(order, to);
    const cashCollected = payment !== order.paymentStatus;
    const shipped = to === 'shipped' && shipment ? { shipment: { ...shipment, shippedAt: now, by } } : {};
    // The step's messages wait out the undo window (held in the same update that queues them), so an undo
    // within it leaves the shopper untold; after it the every-minute sender sends them.
    const windowMs = getEnv().ADMIN_UNDO_SECONDS * 1000;
    const until = new Date(now.getTime() + windowMs);
    const held: Partial<OrderDoc> = windowMs
      ? {
          noticesHeld: { ...order.noticesHeld, ...Object.fromEntries(keys.map((k) => [k, until])) },
          undo: { step: to, from: order.status, at: now, until, by, keys, cashCollected },
        }
      : {};
    const moved = await ordersRepository.transition(order._id, [order.status], to, {
      by,
      at: now,
      where: { paymentStatus: order.paymentStatus },
      set: { ...(cashCollected ? { paymentStatus: payment } : {}), ...shipped, ...held },
      notices: keys,
    });
    if (!moved) {
      // A twin of this request (a double click, a second admin) made the same step first: it is done, once.
      const current = await ordersRepository.findById(orderId);
      if (current?.status === to) return current;
      throw conflict('This order changed while you were looking at it. Reload and try again.');
    }
    if (to === 'delivered') await discountsService.retire(moved);
    // Sends what is not held (everything when the window is 0); held messages stay queued.
    await sendNoticesSoon(moved._id);
    return moved;
  },

  /**
   * An admin undoes the order's last forward step (`step`) while nothing irreversible followed it: the order
   * is still there, nothing changed it since, and the step's messages are still held (never sent). One
   * conditional update moves the status back, drops those messages and reverses the step's own changes:
   * Delivered's cash on delivery is due again, Shipped's shipment is cleared. Delivered's discount mark stays
   * retired: the code's use stays counted (the shopper did receive the order's discount), so a later cancel
   * of the undone order does not give that use back. Appended to the history with who, when and what was undone.
   * `until`: when the page's undo offer ends, naming the step it showed.
   */
  async undoByAdmin(admin: UserDoc, orderId: string, step: OrderStatus, until?: string, now = new Date()): Promise<OrderDoc> {
    const order = await ordersRepository.findById(orderId);
    if (!order) throw notFound('Order');
    const undo = order.undo;
    const label = STATUS_LABELS[step].toLowerCase();
    // Already undone by this admin or another: the second click finds the order where the first left it.
    const last = order.statusHistory.at(-1);
    if (last?.undid === step && order.status !== step) return order;
    // `until` names the very step the page offered to undo: a later step of the same name is not that one.
    if (!undo || undo.step !== step || order.status !== step || (until && undo.until.toISOString() !== until)) {
      throw new AppError(409, `There is nothing to undo: this order's last step is no longer marking it ${label}. Reload to see it now.`);
    }
    const told = (o: OrderDoc) => undo.keys.some((k) => !o.noticesDue?.includes(k) || o.notices?.[k]);
    const refused = (o: OrderDoc) =>
      told(o)
        ? new AppError(409, `The shopper has already been told the order is ${label}, so this cannot be undone.`)
        : conflict(
            'This order changed after that step (a later step, a payment or a refund), so it cannot be undone. Reload to see it now.',
          );
    if (told(order) || order.updatedAt.getTime() !== undo.at.getTime()) throw refused(order);
    // The window is the server's rule, not only the page's countdown: a late sender must not extend it.
    if (now > undo.until) throw new AppError(409, `The time to undo marking this order ${label} has passed.`);
    // A shopper who asked to return a piece of a delivered order acted on that delivery: it stands.
    const returnAsked = new AppError(
      409,
      'The shopper has already asked to return a piece of this order, so its delivery cannot be undone.',
    );
    if (step === 'delivered' && (order.returnLines?.length || (await returnsRepository.listByOrder(order._id)).length)) throw returnAsked;
    const undone = await ordersRepository.undoStep(order._id, undo, {
      by: `admin:${admin.phone}`,
      at: now,
      refund: order.refund,
      set: undo.cashCollected ? { paymentStatus: 'cod_pending' } : {},
      unset: step === 'shipped' ? ['shipment'] : [],
    });
    if (undone) return undone;
    const current = await ordersRepository.findById(orderId);
    if (current && current.statusHistory.at(-1)?.undid === step) return current;
    // A return request marked the order between the check above and the update: the update refused, and says why.
    if (current?.returnLines?.length) throw returnAsked;
    throw current ? refused(current) : notFound('Order');
  },

  /** A shopper cancels their own order: within 24 hours of placing it and before it ships. */
  async cancelByCustomer(user: UserDoc, orderId: string, now = new Date()): Promise<OrderDoc> {
    const order = await ordersRepository.findOwned(orderId, user._id as ObjectId);
    if (!order) throw notFound('Order');
    if (order.status === 'cancelled') return order;
    if (!canMove(order.status, 'cancelled', 'customer')) {
      throw new AppError(
        409,
        `This order is ${STATUS_LABELS[order.status].toLowerCase()}, so it can no longer be cancelled. Please contact us.`,
      );
    }
    if (now.getTime() - order.createdAt.getTime() > CUSTOMER_CANCEL_HOURS * 3600_000) {
      throw new AppError(409, 'Orders can be cancelled within 24 hours of placing them. Please contact us for help with this order.');
    }
    const cancelled = await cancelOrder(order, 'customer', 'customer');
    if (cancelled) return cancelled.order;
    const now2 = await ordersRepository.findById(orderId);
    throw conflict(`This order can no longer be cancelled (it is ${STATUS_LABELS[now2?.status ?? order.status].toLowerCase()}).`);
  },
};
