import type { ObjectId } from 'mongodb';
import { failPoint } from '../../failpoints';
import type { NoticeStateDoc, OrderDoc, UserDoc } from '../../collections';
import { getEnv } from '../../env';
import { ordersRepository } from '../../repositories/orders.repository';
import { usersRepository } from '../../repositories/users.repository';
import { afterResponse } from '../../after-response';
import { getMailSender } from '../mail';
import { getSmsSender } from '../sms';
import { emailFor, noticeKeys, smsFor, type NoticeChannel, type NoticeEvent, type RefundNoticeEvent } from './order-messages';

/** Tries a message gets before it is given up (the reconciliation job retries failed ones every 10 minutes). */
export const MAX_NOTICE_ATTEMPTS = 5;

export { noticeKeys, type NoticeEvent };
export { refundNoticeKeys } from './order-messages';

let warnedNoMailServer = false;

/** Says once per process that emails are not sent (outside production, where SMTP_URL is required). */
function warnNoMailServerOnce(): void {
  if (warnedNoMailServer) return;
  warnedNoMailServer = true;
  console.log('[mail] SMTP_URL is not set: order emails are recorded as skipped, not sent (npm start sets up a local mail outbox).');
}

/** Sends one message of an order; 'skipped' when there is nowhere to send it (no mail server outside production). */
async function deliver(
  event: NoticeEvent | RefundNoticeEvent,
  channel: NoticeChannel,
  order: OrderDoc,
  user: UserDoc | null,
): Promise<'sent' | 'skipped'> {
  const ctx = {
    siteUrl: getEnv().SITE_URL.replace(/\/+$/, ''),
    firstName: user?.firstName || order.shippingInfo.firstName,
    phone: user?.phone ?? order.shippingInfo.phone,
  };
  if (channel === 'sms') {
    await getSmsSender().send(smsFor(event, order, ctx));
    return 'sent';
  }
  const to = order.shippingInfo.email;
  const mail = getMailSender();
  if (!to) return 'skipped';
  if (!mail) {
    warnNoMailServerOnce();
    return 'skipped';
  }
  await mail.send(emailFor(event, order, ctx, to));
  return 'sent';
}

/** After this long, a message left 'sending' belongs to a request that died: the reconciliation job sends it. */
export const STALE_SENDING_MS = 10 * 60_000;

/**
 * Sends messages this caller holds (claimed, state 'sending') and records how each ended in one update. A
 * failure goes back to the reconciliation job, up to MAX_NOTICE_ATTEMPTS tries. `storedClaimed`: the messages
 * were claimed by storing them with a new order, so they are still queued (for the job, should this request
 * die) and leave the queue now, unless they are to be tried again.
 */
async function sendClaimed(order: OrderDoc, keys: string[], storedClaimed: boolean, knownUser?: UserDoc): Promise<void> {
  const user = knownUser ?? (await usersRepository.findById(order.userId.toHexString()));
  const states: Record<string, NoticeStateDoc> = {};
  const retry: string[] = [];
  for (const key of keys) {
    const attempts = order.notices?.[key]?.attempts ?? 1;
    const [event, channel] = key.split(':') as [NoticeEvent | RefundNoticeEvent, NoticeChannel];
    // A step's message held for its undo window says nothing true once the order was cancelled meanwhile
    // (the cancellation has its own message): it is dropped, not sent after the cancellation.
    if (order.noticesHeld?.[key] && order.status === 'cancelled') {
      states[key] = { state: 'skipped', at: new Date(), attempts, error: 'the order was cancelled while this message was held' };
      continue;
    }
    try {
      states[key] = { state: await deliver(event, channel, order, user), at: new Date(), attempts };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const again = attempts < MAX_NOTICE_ATTEMPTS;
      console.warn(`[notices] ${key} of ${order.orderNumber} failed (try ${attempts}${again ? ', will retry' : ', giving up'}): ${error}`);
      states[key] = { state: 'failed', at: new Date(), attempts, error };
      if (again) retry.push(key);
    }
  }
  if (!keys.length) return;
  await ordersRepository.finishNotices(
    order._id,
    states,
    storedClaimed ? { done: keys.filter((k) => !retry.includes(k)), requeue: [] } : { done: [], requeue: retry },
  );
}

/**
 * Sends one queued message, if this caller wins it: one conditional update marks it 'sending' before anything is
 * sent, so of the requests, webhooks and job runs racing for it one sends it; it leaves the queue when its send is
 * recorded. A claim whose sender died is taken again once stale, up to MAX_NOTICE_ATTEMPTS tries in all.
 */
async function sendQueued(order: OrderDoc, key: string, staleAfterMs = STALE_SENDING_MS): Promise<void> {
  const attempts = (order.notices?.[key]?.attempts ?? 0) + 1;
  const now = new Date();
  const claimed = await ordersRepository.claimNotice(
    order._id,
    key,
    { state: 'sending', at: now, attempts },
    new Date(now.getTime() - staleAfterMs),
  );
  if (!claimed) return;
  if (attempts > MAX_NOTICE_ATTEMPTS) {
    // Its senders kept dying (or hanging): given up like a send that kept failing, never re-sent for ever.
    const error = `no send was recorded in ${MAX_NOTICE_ATTEMPTS} tries`;
    await ordersRepository.finishNotices(order._id, { [key]: { state: 'failed', at: now, attempts, error } }, { done: [key], requeue: [] });
    return;
  }
  failPoint('notice.after-claim');
  // Still queued while it is sent (see claimNotice): it leaves the queue once its send is recorded.
  await sendClaimed(claimed, [key], true);
}

/**
 * The messages of an event, claimed by the request that stores them with a new order: queued too (noticesDue),
 * so the reconciliation job sends them if that request dies before it does, but marked 'sending', so nobody
 * else takes them meanwhile. Storing the order claims them without a write of its own.
 */
export function claimedNotices(keys: string[], at: Date): Pick<OrderDoc, 'noticesDue' | 'notices'> {
  return {
    noticesDue: keys,
    notices: Object.fromEntries(keys.map((key) => [key, { state: 'sending', at, attempts: 1 } satisfies NoticeStateDoc])),
  };
}

/** Sends the messages a new order was stored with (see claimedNotices), after the answer to its request. */
export function sendClaimedNoticesSoon(order: OrderDoc, user: UserDoc): Promise<void> {
  return afterResponse('notices', () => sendClaimed(order, order.noticesDue ?? [], true, user));
}

/** Sends every message queued on an order (the ones its latest events queued). */
async function sendDueNotices(orderId: ObjectId): Promise<void> {
  const order = await ordersRepository.findById(orderId.toHexString());
  for (const key of order?.noticesDue ?? []) await sendQueued(order!, key);
}

/**
 * Sends an order's queued messages after the answer to the request that queued them (see afterResponse):
 * the shopper's checkout never waits on an SMS gateway or a mail server.
 */
export function sendNoticesSoon(orderId: ObjectId): Promise<void> {
  return afterResponse('notices', () => sendDueNotices(orderId));
}

/**
 * Retries what is still queued on any order: failed sends, and messages claimed more than `staleAfterMs` ago
 * (by the clock) whose sender died before recording the send.
 */
export async function sendAllDueNotices(staleAfterMs = STALE_SENDING_MS): Promise<{ orders: number }> {
  const orders = await ordersRepository.withNoticesDue();
  for (const order of orders) for (const key of order.noticesDue ?? []) await sendQueued(order, key, staleAfterMs);
  return { orders: orders.length };
}

/**
 * Sends the messages admins' steps held for their undo window, once it has passed: each held message's first
 * try (a failed one is retried by the reconciliation job, at its own pace). Run every minute.
 */
export async function sendHeldNotices(now = new Date()): Promise<{ sent: number }> {
  let sent = 0;
  for (const order of await ordersRepository.withHeldNoticesDue()) {
    for (const key of order.noticesDue ?? []) {
      const until = order.noticesHeld?.[key];
      if (!until || until > now || order.notices?.[key]) continue;
      await sendQueued(order, key);
      sent++;
    }
  }
  return { sent };
}
