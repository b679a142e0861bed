import { ObjectId } from 'mongodb';
import type { AdminReturnRequest, ReturnRequest } from '@shared/api/returns';
import type { ShipmentInput } from '@shared/schemas/admin';
import type { CreateReturnInput, ReturnStepInput } from '@shared/schemas/returns';
import {
  deliveredAt,
  kindAllowed,
  NOTHING_TO_RECEIVE,
  OPEN_RETURN_STATUSES,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  returnId,
  windowRefusal,
  type ReturnReason,
  type ReturnStatus,
} from '@shared/returns';
import { emailsShopper, toldBy } from '@shared/notices';
import { afterResponse } from '../after-response';
import { unitId, type NoticeStateDoc, type ReturnDoc, type UserDoc } from '../collections';
import { getEnv } from '../env';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { failPoint } from '../failpoints';
import { inventoryRepository } from '../repositories/inventory.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { orderRefundsRepository } from '../repositories/order-refunds.repository';
import { returnsRepository, toReturnRequest } from '../repositories/returns.repository';
import { usersRepository } from '../repositories/users.repository';
import { getMailSender } from './mail';
import { MAX_NOTICE_ATTEMPTS, STALE_SENDING_MS } from './notices/notices.service';
import { returnEmail, returnNoticeKeys, returnSms, type ReturnNoticeEvent } from './notices/return-messages';
import { getSmsSender } from './sms';
import { indiaDay } from '@shared/india-time';
import { sleep } from '../sleep';

/** The mark a replacement's stock take carries: the request's id, so a take whose reply was lost can be settled. */
const takeMark = (id: string): string => `return:${id}`;

/**
 * Claims a request's units of its order line for a replacement, unless a twin of this step (or an earlier try)
 * holds them already: one conditional update pinned to the line's refunded and replaced units as read. Returns
 * whether this call claimed; a 409 when refunds and replacements would pass what was bought.
 */
async function claimForReplacement(r: ReturnDoc): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const order = await ordersRepository.findById(r.orderId.toHexString());
    const line = order?.products[r.lineIndex];
    if (!order || !line) throw notFound('Order');
    if (order.replacedFor?.includes(r._id)) return false;
    const refunded = order.refundedQty?.[String(r.lineIndex)] ?? 0;
    const replaced = order.replacedQty?.[String(r.lineIndex)] ?? 0;
    if (refunded + replaced + r.quantity > line.quantity)
      throw conflict(
        refunded > 0
          ? `${r.name} was refunded already (${refunded} of ${line.quantity}), so its replacement cannot be sent too.`
          : `${r.name} was replaced already.`,
      );
    if (await orderRefundsRepository.claimReplacement(order._id, r.lineIndex, r.quantity, r._id, { refunded, replaced })) return true;
    // A refund of the order changed its counters first: read again.
  }
  throw conflict('This order was being changed at the same time. Please try again.');
}

/**
 * The request as it stands once a twin click that holds its pieces (take marked `mark`) has had a moment to ship
 * it: read again every 50 ms for up to 2 s while the twin's take is held and the request has not moved.
 */
async function twinShipping(id: string, unit: string, mark: string): Promise<ReturnDoc> {
  for (let wait = 0; ; wait++) {
    const current = await returnsRepository.findById(id);
    if (!current) throw notFound('Return request');
    if (current.status === 'replacement_shipped' || wait >= 40 || !(await inventoryRepository.takeHeld(unit, mark))) return current;
    await sleep(50);
  }
}

/** What an admin reads for a request they cannot move from where it is. */
const alreadyThere = (r: ReturnDoc): AppError =>
  conflict(`This request is already ${RETURN_STATUS_LABELS[r.status].toLowerCase()}. Reload to see it.`);

/** A request as an admin reads it, with its shopper and whether its messages are emailed too (its order has an address). */
async function withCustomer(r: ReturnDoc, emailed: boolean, user?: UserDoc | null): Promise<AdminReturnRequest> {
  const u = user === undefined ? await usersRepository.findById(r.userId.toHexString()) : user;
  return { ...toReturnRequest(r), customer: { name: u ? `${u.firstName} ${u.lastName}`.trim() : '', phone: u?.phone ?? '' }, emailed };
}

/**
 * Sends one queued message of a request, if this caller wins it (one of those racing; again only after its claim
 * went stale, up to MAX_NOTICE_ATTEMPTS tries in all).
 */
async function sendQueued(id: string, key: string, staleAfterMs = STALE_SENDING_MS): Promise<void> {
  const [event, channel] = key.split(':') as [ReturnNoticeEvent, 'sms' | 'email'];
  const now = new Date();
  const claimed = await returnsRepository.claimNotice(id, key, now, new Date(now.getTime() - staleAfterMs));
  if (!claimed) return;
  const attempts = claimed.notices?.[key]?.attempts ?? 1;
  if (attempts > MAX_NOTICE_ATTEMPTS) {
    // Its senders kept dying (or hanging): given up like a send that kept failing, never re-sent for ever.
    await returnsRepository.finishNotice(id, key, {
      state: 'failed',
      at: now,
      attempts,
      error: `no send was recorded in ${MAX_NOTICE_ATTEMPTS} tries`,
    });
    return;
  }
  const order = await ordersRepository.findById(claimed.orderId.toHexString());
  const user = await usersRepository.findById(claimed.userId.toHexString());
  const ctx = {
    siteUrl: getEnv().SITE_URL.replace(/\/+$/, ''),
    firstName: user?.firstName || order?.shippingInfo.firstName || '',
    phone: user?.phone ?? order?.shippingInfo.phone ?? '',
  };
  let state: NoticeStateDoc;
  try {
    if (channel === 'sms') {
      await getSmsSender().send(returnSms(event, claimed, ctx));
      state = { state: 'sent', at: new Date(), attempts };
    } else {
      const mail = getMailSender();
      const to = order?.shippingInfo.email;
      if (mail && to) await mail.send(returnEmail(event, claimed, ctx, to));
      state = { state: mail && to ? 'sent' : 'skipped', at: new Date(), attempts };
    }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const again = attempts < MAX_NOTICE_ATTEMPTS;
    console.warn(`[notices] ${key} of return ${id} failed (try ${attempts}${again ? ', will retry' : ', giving up'}): ${error}`);
    await returnsRepository.finishNotice(id, key, { state: 'failed', at: new Date(), attempts, error }, again);
    return;
  }
  await returnsRepository.finishNotice(id, key, state);
}

/**
 * Sends the messages of returns still queued (a failed try is queued again, up to MAX_NOTICE_ATTEMPTS), for
 * the reconciliation job; returns how many requests had some.
 */
export async function sendAllDueReturnNotices(staleAfterMs = STALE_SENDING_MS): Promise<{ requests: number }> {
  const due = await returnsRepository.withNoticesDue();
  for (const r of due) for (const key of r.noticesDue) await sendQueued(r._id, key, staleAfterMs);
  return { requests: due.length };
}

/** Sends a request's queued messages after the answer to the admin's call. */
function sendNoticesSoon(r: ReturnDoc): Promise<void> {
  return afterResponse('notices', async () => {
    for (const key of r.noticesDue) await sendQueued(r._id, key);
  });
}

/** Refuses an expected delivery date already past (India's date), as the order's Shipped step does. */
function checkShipment(shipment: ShipmentInput, now: Date): void {
  const today = indiaDay(now);
  if (shipment.expectedDelivery && shipment.expectedDelivery < today) throw badRequest('Expected delivery cannot be a date in the past.');
}

/** The status a request waits in before its refund or replacement: received, or approved when there is no piece to receive. */
const readyStatus = (reason: ReturnReason): ReturnStatus => (NOTHING_TO_RECEIVE.includes(reason) ? 'approved' : 'received');

/** Puts a request's sellable pieces back in stock (once, see giveBackReturn) and records it on the request. */
export async function putReturnBack(r: ReturnDoc): Promise<void> {
  await inventoryRepository.giveBackReturn(unitId(r.productId, r.size), r.quantity, r._id);
  await returnsRepository.markStockGiven(r._id);
}

/**
 * Returns and replacements: shoppers ask for one order line back within the policy's windows; admins approve or
 * reject, receive the piece (stock back once when sellable) and send a replacement (stock taken once) or leave
 * the request for the refund. Every step is one conditional update on the status it was read in.
 */
export const returnsService = {
  /** An order's requests, for its owner (a stranger gets the same 404 as a missing order). */
  async listForOwner(user: UserDoc, orderId: string): Promise<ReturnRequest[]> {
    const order = await ordersRepository.findOwned(orderId, user._id as ObjectId);
    if (!order) throw notFound('Order');
    return (await returnsRepository.listByOrder(order._id)).map(toReturnRequest);
  },

  /**
   * A shopper asks to return one line: only their own delivered order, within 7 days of delivery (48 hours for a
   * damaged or missing parcel), at most the quantity bought. One request per line: a doubled request (a second
   * tap, a retry, ten at once) finds the one stored and changes nothing. Returns it, whether this call made it
   * and whether the shop's answer will be emailed as well as texted.
   */
  async create(
    user: UserDoc,
    orderId: string,
    input: CreateReturnInput,
    now = new Date(),
  ): Promise<{ request: ReturnRequest; created: boolean; emailed: boolean }> {
    const order = await ordersRepository.findOwned(orderId, user._id as ObjectId);
    if (!order) throw notFound('Order');
    // Whether the answer to this request will be emailed as well as texted (as the admin's step will send it).
    const emailed = emailsShopper(order.shippingInfo);
    const line = order.products[input.lineIndex];
    if (!line) throw badRequest('This order has no such line.');
    const id = returnId(order._id.toHexString(), input.lineIndex);
    const existing = await returnsRepository.findById(id);
    if (existing) return { request: toReturnRequest(existing), created: false, emailed };
    const refusal = windowRefusal(input.reason, deliveredAt(order), now);
    if (refusal) throw new AppError(409, refusal);
    const reason = input.reason;
    if (!kindAllowed(input.kind, reason))
      throw badRequest('A replacement is for a damaged, missing, wrong or faulty piece, or another size. Choose a refund for this reason.');
    if (input.quantity > line.quantity)
      throw badRequest(`You bought ${line.quantity} of this piece, so you can return at most ${line.quantity}.`);
    // Pieces the shop has already refunded are not the shopper's to return for another refund.
    const unrefunded = line.quantity - (order.refundedQty?.[String(input.lineIndex)] ?? 0);
    if (unrefunded <= 0) throw new AppError(409, 'This piece has already been refunded.');
    if (input.kind === 'refund' && input.quantity > unrefunded)
      throw new AppError(
        409,
        `${line.quantity - unrefunded} of this piece ${line.quantity - unrefunded === 1 ? 'was' : 'were'} refunded already, so you can return at most ${unrefunded} for a refund.`,
      );
    let replacementSize: string | null = null;
    if (input.kind === 'replacement' && reason === 'size') {
      const [product] = await inventoryRepository.sellable([line.productId.toHexString()]);
      if (!product) throw badRequest('This piece is no longer made, so it cannot be exchanged for another size. Choose a refund instead.');
      const sizes = product.sizes?.values.map((s) => s.value) ?? [];
      if (!sizes.length) throw badRequest('This piece comes in one size only. Choose a refund instead.');
      if (!input.size || !sizes.includes(input.size)) throw badRequest(`Choose the size you want instead (${sizes.join(', ')}).`);
      if (input.size === line.size) throw badRequest('Choose a size other than the one you have.');
      replacementSize = input.size;
    }
    const doc: ReturnDoc = {
      _id: id,
      orderId: order._id,
      userId: order.userId,
      orderNumber: order.orderNumber,
      lineIndex: input.lineIndex,
      productId: line.productId,
      name: line.name,
      size: line.size ?? null,
      replacementSize,
      quantity: input.quantity,
      kind: input.kind,
      reason,
      note: input.note,
      status: 'requested',
      adminNote: '',
      condition: null,
      stockBack: null,
      replacementUnit: null,
      shipment: null,
      refundRef: null,
      history: [{ status: 'requested', at: now, by: 'customer' }],
      noticesDue: [],
      notices: {},
      createdAt: now,
      updatedAt: now,
    };
    // The order is marked first, conditionally on still being delivered: an admin undoing the delivery at this
    // moment either went first (then this is refused) or finds the mark and is refused (one document decides).
    if (!(await ordersRepository.markReturnRequested(order._id, input.lineIndex)))
      throw new AppError(409, windowRefusal(reason, null, now)!);
    let inserted: boolean;
    try {
      inserted = await returnsRepository.insert(doc);
    } catch (err) {
      if (!(await returnsRepository.findById(id).catch(() => null)))
        await ordersRepository.unmarkReturnRequested(order._id, input.lineIndex).catch(() => undefined);
      throw err;
    }
    if (inserted) return { request: toReturnRequest(doc), created: true, emailed };
    const twin = await returnsRepository.findById(id);
    if (!twin) throw conflict('Your request could not be saved. Please try again.');
    return { request: toReturnRequest(twin), created: false, emailed };
  },

  /** Every request in a status ('open': those still needing the shop, oldest need first; 'all'), for admins. */
  async listForAdmin(status: 'open' | 'all' | ReturnStatus): Promise<AdminReturnRequest[]> {
    const statuses = status === 'all' ? null : status === 'open' ? OPEN_RETURN_STATUSES : [status];
    const docs = await returnsRepository.list(statuses);
    // Open first, in the order they need the shop; then the rest, newest first (list() reads newest first).
    const rank = (s: ReturnStatus) => (OPEN_RETURN_STATUSES.includes(s) ? 0 : 1) * 10 + RETURN_STATUSES.indexOf(s);
    docs.sort((a, b) => rank(a.status) - rank(b.status) || b.createdAt.getTime() - a.createdAt.getTime());
    const users = await usersRepository.findByIds([...new Map(docs.map((d) => [d.userId.toHexString(), d.userId])).values()]);
    const byId = new Map(users.map((u) => [u._id.toHexString(), u]));
    const withEmail = await ordersRepository.idsWithEmail([...new Map(docs.map((d) => [d.orderId.toHexString(), d.orderId])).values()]);
    return Promise.all(docs.map((d) => withCustomer(d, withEmail.has(d.orderId.toHexString()), byId.get(d.userId.toHexString()) ?? null)));
  },

  /**
   * An admin's step on a request. A repeated step (a double click, a second admin doing the same) finds it done
   * and changes nothing; a step from the wrong status is a 409 naming where the request is.
   */
  async step(
    admin: UserDoc,
    id: string,
    input: ReturnStepInput,
    now = new Date(),
  ): Promise<{ request: AdminReturnRequest; message: string }> {
    const r = await returnsRepository.findById(id);
    if (!r) throw notFound('Return request');
    const by = `admin:${admin.phone}`;
    const order = await ordersRepository.findById(r.orderId.toHexString());
    // Read from the order on the server, as the sender reads it: what the answer names is what goes out.
    const emailed = order ? emailsShopper(order.shippingInfo) : false;
    const done = async (doc: ReturnDoc, message: string) => ({ request: await withCustomer(doc, emailed), message });

    switch (input.action) {
      case 'approve':
      case 'reject': {
        const to: ReturnStatus = input.action === 'approve' ? 'approved' : 'rejected';
        if (r.status === to) return done(r, `Request is already ${RETURN_STATUS_LABELS[to].toLowerCase()}`);
        if (r.status !== 'requested') throw alreadyThere(r);
        const moved = await returnsRepository.step(id, 'requested', to, {
          by,
          at: now,
          set: { adminNote: input.note },
          notices: returnNoticeKeys(to, emailed),
        });
        if (!moved) {
          // A twin of this step (a double click, a second admin) made the same decision first: it stands, told once.
          const current = (await returnsRepository.findById(id)) ?? r;
          if (current.status === to) return done(current, `Request is already ${RETURN_STATUS_LABELS[to].toLowerCase()}`);
          throw alreadyThere(current);
        }
        await sendNoticesSoon(moved);
        return done(moved, `Request ${to}; the shopper is ${toldBy(emailed)}`);
      }

      case 'receive': {
        if (NOTHING_TO_RECEIVE.includes(r.reason)) throw badRequest('This parcel never arrived: there is no piece to receive.');
        let current: ReturnDoc | null = r;
        if (r.status === 'approved') {
          current = await returnsRepository.step(id, 'approved', 'received', {
            by,
            at: now,
            set: { condition: input.condition, stockBack: input.condition === 'sellable' ? 'due' : null },
          });
          if (!current) current = await returnsRepository.findById(id);
        }
        if (!current || current.status === 'requested' || current.status === 'rejected') throw alreadyThere(current ?? r);
        // Another admin recorded it first in the other condition: theirs stands, and this admin is told.
        if (current.condition !== input.condition)
          throw conflict(`This piece was already received as ${current.condition ?? 'unknown'}. Reload to see it.`);
        failPoint('return.after-received');
        // The unit records the request with its pieces (once, whoever gets there: this click, its retry, the recovery
        // job), then the request records them back: a process dying between the two loses nothing.
        if (current.stockBack === 'due') await putReturnBack(current);
        // Refunded before the piece came back (the admin refunded the line first): nothing is left to wait for.
        if (current.kind === 'refund' && current.status === 'received') {
          const order = await ordersRepository.findById(current.orderId.toHexString());
          if ((order?.refundedQty?.[String(current.lineIndex)] ?? 0) >= current.quantity) {
            current = (await returnsService.markRefunded(id, 'refunded before the piece arrived', by, now))
              ? await returnsRepository.findById(id)
              : current;
          }
        }
        if (!current) throw notFound('Return request');
        return done(
          current,
          current.condition === 'sellable'
            ? `Received; ${current.quantity} ${current.quantity === 1 ? 'piece is' : 'pieces are'} back in stock`
            : 'Received as damaged; stock is unchanged',
        );
      }

      case 'ship': {
        if (r.kind !== 'replacement') throw badRequest('This request is for a refund, not a replacement.');
        if (r.status === 'replacement_shipped' || r.status === 'replacement_delivered')
          return done(r, 'The replacement has already shipped');
        const from = readyStatus(r.reason);
        if (r.status !== from)
          throw conflict(
            from === 'received'
              ? `Receive the returned piece before sending its replacement (the request is ${RETURN_STATUS_LABELS[r.status].toLowerCase()}).`
              : alreadyThere(r).message,
          );
        checkShipment(input.shipment, now);
        // The line's units first, so a refund of the same piece racing this cannot also succeed. The claim is the
        // request's, not this click's: a twin click may be shipping under it.
        await claimForReplacement(r);
        const release = () =>
          orderRefundsRepository.releaseReplacement(r.orderId, r.lineIndex, r.quantity, id).catch((err: unknown) => {
            console.error(`[returns] could not give back the replacement claim of ${id}; check the order:`, err);
          });
        const unit = unitId(r.productId, r.replacementSize ?? r.size);
        const mark = takeMark(id);
        // The take is this click's movement out of stock (twin clicks share the mark, not the movement); giving it
        // back, the movement back in.
        const replacementTake = { cause: 'replacement', ref: id, takeId: new ObjectId().toHexString() } as const;
        const taken = await inventoryRepository.take(unit, r.quantity, mark, now, { note: replacementTake });
        failPoint('replacement.after-take');
        if (taken === 'short') {
          // A twin of this step may hold the last pieces because it is shipping them: then it is done, not short,
          // and the claim stays for it.
          const twin = await twinShipping(id, unit, mark);
          if (twin.status === 'replacement_shipped') return done(twin, 'The replacement has already shipped');
          if (twin.status !== from) throw alreadyThere(twin);
          if (await inventoryRepository.takeHeld(unit, mark))
            throw conflict('Another click is sending this replacement right now. Reload in a moment to see it.');
          // Nobody holds pieces for it and it has not shipped: the claim goes back, so the refund the policy gives
          // instead (or a click that died after claiming) never leaves the piece reading as replaced.
          await release();
          const size = r.replacementSize ?? r.size;
          throw conflict(
            `${r.name}${size ? ` in size ${size}` : ''} is out of stock (${r.quantity} needed). Add stock before sending the replacement.`,
          );
        }
        if (taken === 'taken') {
          // A click that found no stock meanwhile may have given the claim back (ours was not yet marked as held):
          // claim again before shipping, so a shipped replacement always holds its units.
          try {
            await claimForReplacement(r);
          } catch (err) {
            await inventoryRepository.giveBack(unit, r.quantity, { undoing: replacementTake, mark, at: now });
            throw err;
          }
        }
        if (taken !== 'taken') {
          await inventoryRepository.settleUnknownTake(unit, r.quantity, mark, now, { note: replacementTake });
          throw new AppError(503, 'The stock could not be checked. Nothing was changed; please try again.');
        }
        const moved = await returnsRepository.step(id, from, 'replacement_shipped', {
          by,
          at: now,
          set: { shipment: { ...input.shipment, shippedAt: now, by }, replacementUnit: unit, replacementTakeId: replacementTake.takeId },
          notices: returnNoticeKeys('replacement_shipped', emailed),
        });
        if (!moved) {
          // Someone else shipped it (or moved it) first: our pieces go back, so stock moves once.
          await inventoryRepository.giveBack(unit, r.quantity, { undoing: replacementTake, mark, at: now });
          const now2 = (await returnsRepository.findById(id)) ?? r;
          if (now2.status === 'replacement_shipped') return done(now2, 'The replacement has already shipped');
          // Moved off the path to shipping (refunded instead): the claim goes back with it.
          if (now2.status !== from) await release();
          throw alreadyThere(now2);
        }
        failPoint('replacement.after-step');
        // The replacement holds this take's pieces now (a click that dies before this is kept by the recovery job).
        if (!(await inventoryRepository.closePending(unit, replacementTake.takeId))) {
          // Not pending any more: the recovery job gave them back while this click stalled past its age. The
          // shipped replacement holds them, so they are taken again (once, whoever of us and the job gets there).
          const stock = await inventoryRepository.retakeGivenBack(unit, replacementTake.takeId);
          if (stock !== null)
            console.warn(`[returns] ${id}: the replacement's pieces had been given back while it shipped; taken again, stock now ${stock}`);
        }
        await sendNoticesSoon(moved);
        return done(moved, `Replacement shipped with ${input.shipment.courier}; the shopper is ${toldBy(emailed)}`);
      }

      case 'delivered': {
        if (r.status === 'replacement_delivered') return done(r, 'The replacement is already delivered');
        if (r.status !== 'replacement_shipped') throw alreadyThere(r);
        const moved = await returnsRepository.step(id, 'replacement_shipped', 'replacement_delivered', { by, at: now });
        if (!moved) throw alreadyThere((await returnsRepository.findById(id)) ?? r);
        return done(moved, 'Replacement delivered');
      }
    }
  },

  /**
   * Records a request's refund (for the refunds ledger): once, from received (or approved when there was no
   * piece to receive). A replacement not yet sent closes the same way: the policy refunds instead when the piece
   * or size is out of stock. Returns the request after, or null when it is not waiting (already refunded,
   * rejected, a replacement on its way).
   */
  async markRefunded(id: string, refundRef: string, by = 'system', now = new Date()): Promise<ReturnRequest | null> {
    const r = await returnsRepository.findById(id);
    if (!r) return null;
    if (r.status === 'refunded') return r.refundRef === refundRef ? toReturnRequest(r) : null;
    const moved = await returnsRepository.step(id, readyStatus(r.reason), 'refunded', { by, at: now, set: { refundRef } });
    // A replacement refunded instead will never ship: a claim it holds on the line's units goes back (once).
    if (moved && r.kind === 'replacement') await orderRefundsRepository.releaseReplacement(r.orderId, r.lineIndex, r.quantity, id);
    return moved ? toReturnRequest(moved) : null;
  },
};
