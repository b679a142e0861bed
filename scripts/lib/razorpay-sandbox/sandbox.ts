/**
 * The local stand-in for Razorpay: a stub of the REST API the official SDK calls (orders, their payments,
 * refunds), a stand-in for Checkout (checkout.js, with Pay, Fail and Close), and webhooks signed the way
 * Razorpay signs them. The shop's server code runs unchanged against it: the SDK is pointed here, and a
 * payment made here is signed with the sandbox key secret, so signature checks run for real.
 *
 * Served only by the local server (scripts/lib/serve.ts) and tests; never deployed, and the payment
 * settings refuse it in production. State lives in the shop's database (collections razorpay_sandbox_*),
 * so `npm run reconcile` in another process sees the payments the server's stub recorded.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Collection, Db } from 'mongodb';

/** Where the sandbox is mounted on the local server. */
export const SANDBOX_PREFIX = '/razorpay-sandbox';

interface SandboxOrder {
  _id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface SandboxPayment {
  _id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
  /** Set by POST /razorpay-sandbox/payments/:id/fail-refunds: its refunds answer 'pending', then fail (tests). */
  fail_refunds?: boolean;
  /** The refunds whose amount came off the balance: each refund's comes off once, whoever finishes it. */
  refund_ids?: string[];
}

/**
 * How long a refund may stay 'creating' before a request with its key finishes it: the sandbox runs inside the
 * local shop, so a shop killed mid-refund kills it too, which Razorpay itself never is; seconds, while a live
 * refund here takes milliseconds.
 */
const CREATING_STALE_S = 5;

interface SandboxRefund {
  _id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  currency: string;
  /** 'creating' only while the request that made it is still running. */
  status: 'creating' | 'processed' | 'pending' | 'failed';
  notes: Record<string, string>;
  created_at: number;
  /** The X-Refund-Idempotency key it was created with (its id is derived from it, so twins collide). */
  idempotency_key?: string;
}

/** What the sandbox needs: its key pair, the database, and (optionally) where to deliver webhooks. */
export interface SandboxOptions {
  keyId: string;
  keySecret: string;
  getDb: () => Promise<Db>;
  /** The shop's webhook URL and the secret it verifies with; without them no webhooks are sent. */
  webhook?: { url: string; secret: string; delayMs?: number };
}

/** A mounted sandbox: answers requests under SANDBOX_PREFIX, or undefined for anything else. */
export interface RazorpaySandbox {
  handle(req: Request): Promise<Response | undefined>;
  /** Webhook deliveries still in flight (tests wait for them). */
  settled(): Promise<void>;
}

const ASSETS = join(import.meta.dirname);
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, description: string) =>
  json(
    {
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' },
    },
    status,
  );

/** A stored entity in Razorpay's wire shape (id instead of _id). */
function wire<T extends { _id: string }>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...fields } = doc;
  return { id: _id, ...fields };
}

/** Creates the sandbox. */
export function createRazorpaySandbox(opts: SandboxOptions): RazorpaySandbox {
  const pending = new Set<Promise<void>>();
  const cols = async () => {
    const db = await opts.getDb();
    return {
      orders: db.collection<SandboxOrder>('razorpay_sandbox_orders') as Collection<SandboxOrder>,
      payments: db.collection<SandboxPayment>('razorpay_sandbox_payments') as Collection<SandboxPayment>,
      refunds: db.collection<SandboxRefund>('razorpay_sandbox_refunds') as Collection<SandboxRefund>,
    };
  };

  const authorised = (req: Request) => {
    const expected = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
    return req.headers.get('authorization') === expected;
  };

  /** Sends one webhook event the way Razorpay does: raw JSON body, HMAC-SHA256 hex in X-Razorpay-Signature. */
  const deliver = (event: string, payload: Record<string, unknown>) => {
    const hook = opts.webhook;
    if (!hook) return;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const signature = createHmac('sha256', hook.secret).update(body).digest('hex');
    const eventId = id('evt');
    const delivery = new Promise<void>((resolve) => setTimeout(resolve, hook.delayMs ?? 400))
      .then(() =>
        fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
          body,
        }),
      )
      .then((res) => {
        if (!res.ok) console.warn(`[razorpay sandbox] webhook ${event} answered ${res.status}`);
      })
      .catch((err: unknown) =>
        console.warn(`[razorpay sandbox] webhook ${event} not delivered:`, err instanceof Error ? err.message : err),
      );
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  };

  async function rest(req: Request, path: string): Promise<Response> {
    if (!authorised(req)) return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } }, 401);
    const c = await cols();
    let m: RegExpExecArray | null;
    if (path === '/v1/orders' && req.method === 'POST') {
      const body = (await req.json().catch(() => ({}))) as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) return apiError(400, 'The amount must be atleast INR 1.00');
      if (body.currency !== 'INR') return apiError(400, 'The currency must be INR');
      const order: SandboxOrder = {
        _id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt: String(body.receipt ?? ''),
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      await c.orders.insertOne(order);
      return json(wire(order));
    }
    if ((m = /^\/v1\/orders\/(order_\w+)$/.exec(path)) && req.method === 'GET') {
      const order = await c.orders.findOne({ _id: m[1]! });
      return order ? json(wire(order)) : apiError(400, 'The id provided does not exist');
    }
    if ((m = /^\/v1\/orders\/(order_\w+)\/payments$/.exec(path)) && req.method === 'GET') {
      const items = await c.payments.find({ order_id: m[1]! }).sort({ created_at: 1 }).toArray();
      return json({ entity: 'collection', count: items.length, items: items.map(wire) });
    }
    if ((m = /^\/v1\/payments\/(pay_\w+)$/.exec(path)) && req.method === 'GET') {
      const payment = await c.payments.findOne({ _id: m[1]! });
      return payment ? json(wire(payment)) : apiError(400, 'The id provided does not exist');
    }
    if ((m = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path)) && req.method === 'POST') return refund(req, m[1]!);
    return apiError(404, 'The requested URL was not found on the server.');
  }

  /**
   * POST /v1/payments/:id/refund, as Razorpay answers it: the amount (or what is left) is taken from the
   * payment's refundable balance by one conditional update, so concurrent refunds never pass the amount
   * captured. With X-Refund-Idempotency the refund's id is derived from the key: a retry (or a twin sent at
   * once) answers the same refund, and a different body under the same key is refused. A refund left 'creating'
   * by a sandbox killed with the local shop is finished by the next request with its key (CREATING_STALE_S). Sends
   * refund.processed (or, for a payment marked to fail refunds, answers 'pending' and sends refund.failed).
   */
  async function refund(req: Request, paymentId: string): Promise<Response> {
    const c = await cols();
    const body = (await req.json().catch(() => ({}))) as { amount?: unknown; notes?: unknown };
    const key = req.headers.get('x-refund-idempotency');
    if (key !== null && !/^[\w-]{10,}$/.test(key)) return apiError(400, 'The idempotency key is invalid');
    const refundId = key
      ? `rfnd_${createHash('sha256').update(`${paymentId}|${key}`).digest('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`
      : id('rfnd');
    const same = (r: SandboxRefund) =>
      r.payment_id === paymentId && (body.amount === undefined || r.amount === Number(body.amount))
        ? json(wire(r))
        : apiError(400, 'Different request with the same idempotency key has already been processed.');
    const earlier = key ? await c.refunds.findOne({ _id: refundId }) : null;
    const stale = (r: SandboxRefund) => r.status === 'creating' && now() - r.created_at > CREATING_STALE_S;
    const busy = () => apiError(409, 'A request with the same idempotency key is still being processed.');
    if (earlier?.status === 'creating' && !stale(earlier)) return busy();
    if (earlier && earlier.status !== 'creating') return same(earlier);
    const payment = await c.payments.findOne({ _id: paymentId });
    let created: SandboxRefund;
    if (earlier) {
      // A refund whose sandbox died while creating it: finished now, as Razorpay would have finished it.
      if (earlier.payment_id !== paymentId || (body.amount !== undefined && earlier.amount !== Number(body.amount))) return same(earlier);
      created = earlier;
    } else {
      if (!payment || payment.status !== 'captured') return apiError(400, 'The payment has not been captured or is already fully refunded');
      const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) return apiError(400, 'The refund amount must be at least INR 1.00');
      created = {
        _id: refundId,
        entity: 'refund',
        amount,
        payment_id: paymentId,
        currency: 'INR',
        status: 'creating',
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
        ...(key ? { idempotency_key: key } : {}),
      };
      // The key is taken first (its id is derived from it): a twin sent meanwhile answers 409, as Razorpay does
      // while the first request is still being processed, and later retries answer the same refund.
      try {
        await c.refunds.insertOne(created);
      } catch (err) {
        const twin = (err as { code?: number }).code === 11000 ? await c.refunds.findOne({ _id: refundId }) : null;
        if (!twin) throw err;
        return twin.status === 'creating' ? busy() : same(twin);
      }
    }
    const { amount } = created;
    const failing = payment?.fail_refunds === true;
    // The balance is taken once per refund (its id is recorded with it), so a finisher of a stale one never takes it twice.
    let took = await c.payments.findOneAndUpdate(
      { _id: paymentId, status: 'captured', refund_ids: { $ne: refundId }, amount_refunded: { $lte: (payment?.amount ?? 0) - amount } },
      { $inc: { amount_refunded: amount }, $push: { refund_ids: refundId } },
      { returnDocument: 'after' },
    );
    took ??= await c.payments.findOne({ _id: paymentId, refund_ids: refundId });
    if (!took || !payment) {
      await c.refunds.deleteOne({ _id: refundId, status: 'creating' });
      return apiError(400, 'The refund amount provided is greater than amount captured');
    }
    created.status = failing ? 'pending' : 'processed';
    await c.refunds.updateOne({ _id: refundId }, { $set: { status: created.status } });
    const full = took.amount_refunded === payment.amount;
    await c.payments.updateOne(
      { _id: paymentId },
      { $set: { refund_status: full ? 'full' : 'partial', ...(full && !failing ? { status: 'refunded' } : {}) } },
    );
    if (failing) {
      // The bank bounced it: the balance comes back, and Razorpay tells the shop by webhook.
      await c.refunds.updateOne({ _id: refundId }, { $set: { status: 'failed' } });
      await c.payments.updateOne({ _id: paymentId }, { $inc: { amount_refunded: -amount } });
      deliver('refund.failed', { refund: { entity: wire({ ...created, status: 'failed' as const }) } });
    } else {
      deliver('refund.processed', { refund: { entity: wire(created) } });
    }
    return json(wire(created));
  }

  /** Marks a payment so its refunds fail (tests of refund.failed); answers 204. */
  async function failRefunds(paymentId: string): Promise<Response> {
    const c = await cols();
    const r = await c.payments.updateOne({ _id: paymentId }, { $set: { fail_refunds: true } });
    return r.matchedCount ? new Response(null, { status: 204 }) : apiError(400, 'The id provided does not exist');
  }

  /** The stand-in Checkout's "payment": success signs like Razorpay; failure answers like payment.failed. */
  async function pay(req: Request): Promise<Response> {
    const body = (await req.json().catch(() => ({}))) as { order_id?: unknown; key?: unknown; outcome?: unknown };
    if (body.key !== opts.keyId) return apiError(401, 'The api key provided is invalid');
    const c = await cols();
    const order = typeof body.order_id === 'string' ? await c.orders.findOne({ _id: body.order_id }) : null;
    if (!order) return apiError(400, 'The id provided does not exist');
    if (order.status === 'paid') return apiError(400, 'This order has already been paid');
    const payment: SandboxPayment = {
      _id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: body.outcome === 'failure' ? 'failed' : 'captured',
      order_id: order._id,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: body.outcome !== 'failure',
      error_code: body.outcome === 'failure' ? 'BAD_REQUEST_ERROR' : null,
      error_description: body.outcome === 'failure' ? 'Your bank declined this payment (sandbox).' : null,
      created_at: now(),
    };
    await c.payments.insertOne(payment);
    if (payment.status === 'failed') {
      await c.orders.updateOne({ _id: order._id }, { $set: { status: 'attempted' }, $inc: { attempts: 1 } });
      deliver('payment.failed', { payment: { entity: wire(payment) } });
      return json(
        {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: payment.error_description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order._id, payment_id: payment._id },
          },
        },
        400,
      );
    }
    const paid = { ...order, status: 'paid' as const, amount_paid: order.amount, amount_due: 0, attempts: order.attempts + 1 };
    await c.orders.updateOne(
      { _id: order._id },
      { $set: { status: 'paid', amount_paid: order.amount, amount_due: 0 }, $inc: { attempts: 1 } },
    );
    deliver('payment.captured', { payment: { entity: wire(payment) } });
    deliver('order.paid', { payment: { entity: wire(payment) }, order: { entity: wire(paid) } });
    const signature = createHmac('sha256', opts.keySecret).update(`${order._id}|${payment._id}`).digest('hex');
    return json({ razorpay_payment_id: payment._id, razorpay_order_id: order._id, razorpay_signature: signature });
  }

  return {
    async handle(req) {
      const url = new URL(req.url);
      if (!url.pathname.startsWith(`${SANDBOX_PREFIX}/`)) return undefined;
      const path = url.pathname.slice(SANDBOX_PREFIX.length);
      if (path === '/checkout.js' || path === '/checkout.css') {
        const type = path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
        return new Response(readFileSync(join(ASSETS, path.slice(1)), 'utf8'), {
          headers: { 'content-type': type, 'cache-control': 'no-store' },
        });
      }
      if (path === '/checkout/pay' && req.method === 'POST') return pay(req);
      const fail = /^\/payments\/(pay_\w+)\/fail-refunds$/.exec(path);
      if (fail && req.method === 'POST') return failRefunds(fail[1]!);
      if (path.startsWith('/v1/')) return rest(req, path);
      return apiError(404, 'Not found');
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
