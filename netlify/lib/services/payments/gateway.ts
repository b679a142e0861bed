import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import { getPaymentEnv, SANDBOX_KEY_ID } from '../../env';

/** A Razorpay order as the shop needs it. Amounts in paise. */
interface GatewayOrder {
  id: string;
  amount: number;
  currency: 'INR';
  receipt: string;
  status: string;
}

/** A payment attempt on a Razorpay order. */
interface GatewayPayment {
  id: string;
  orderId: string;
  amount: number;
  /** Razorpay's states: created, authorized, captured, refunded, failed. */
  status: string;
  errorDescription: string | null;
}

/** The payment provider: Razorpay through its official SDK, against Razorpay or the local sandbox. */
interface PaymentGateway {
  /** The public key id Checkout opens with. */
  readonly keyId: string;
  /** True when talking to the local sandbox (no money moves). */
  readonly sandbox: boolean;
  /** Where the browser loads Checkout from. */
  readonly checkoutScript: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrderPayments(razorpayOrderId: string): Promise<GatewayPayment[]>;
  /**
   * Refunds part or all of a captured payment. With an idempotency key (10+ letters, digits, '-' or '_')
   * Razorpay refunds once however often the same request is sent: a retry answers the same refund.
   * status is Razorpay's: 'pending', 'processed' or 'failed'.
   */
  refund(
    paymentId: string,
    amountPaise: number,
    notes: Record<string, string>,
    idempotencyKey?: string,
  ): Promise<{ id: string; status: string }>;
  /** Checks Checkout's signature: HMAC-SHA256 of "<order id>|<payment id>" with the key secret, compared in constant time. */
  verifyPaymentSignature(razorpayOrderId: string, paymentId: string, signature: string): boolean;
}

/** HMAC-SHA256 hex digest, compared with `signature` in constant time. */
export function hmacMatches(secret: string, payload: string | Buffer, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(payload).digest();
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Razorpay SDK errors carry `{ statusCode, error: { description } }` (raw axios ones `response`); turn them into readable Errors. */
function sdkError(err: unknown): Error {
  const raw = err as {
    statusCode?: number;
    error?: { description?: string };
    response?: { status: number; data?: { error?: { description?: string } } };
  };
  const e = raw.response ? { statusCode: raw.response.status, error: raw.response.data?.error } : raw;
  return new Error(
    `Razorpay ${e.statusCode ?? 'request'} failed: ${e.error?.description ?? (err instanceof Error ? err.message : 'unknown error')}`,
  );
}

/** The part of the SDK's axios instance the idempotent refund uses. */
interface SdkHttp {
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: { id: unknown; status: unknown } }>;
}

/**
 * How long one call to Razorpay may take. The SDK sets no limit; with one, a checkout holding stock while it
 * creates its Razorpay order is done (or failed, its pieces given back) within seconds, which is what lets the
 * recovery's settle-now treat an older open take as dead. A refund that times out stays asked for and is asked
 * again with its own key; an order that times out is refused and can be placed again.
 */
export const RAZORPAY_TIMEOUT_MS = 10_000;

/** A gateway on the official SDK; `apiBase` points it at the local sandbox instead of api.razorpay.com. */
function razorpayGateway(opts: { keyId: string; keySecret: string; apiBase?: string; checkoutScript: string }): PaymentGateway {
  const sdk = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  (sdk as unknown as { api: { rq: { defaults: { timeout: number } } } }).api.rq.defaults.timeout = RAZORPAY_TIMEOUT_MS;
  // The SDK's own axios instance: the same requests, the same code path, sent to the stub.
  if (opts.apiBase) (sdk as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = opts.apiBase;
  return {
    keyId: opts.keyId,
    sandbox: Boolean(opts.apiBase),
    checkoutScript: opts.checkoutScript,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }).catch((err: unknown) => {
        throw sdkError(err);
      });
      if (!order || typeof order.id !== 'string' || !order.id.startsWith('order_') || Number(order.amount) !== amountPaise) {
        throw new Error('Invalid Razorpay order response');
      }
      return {
        id: order.id,
        amount: Number(order.amount),
        currency: 'INR',
        receipt: String(order.receipt ?? receipt),
        status: String(order.status),
      };
    },
    async fetchOrderPayments(razorpayOrderId) {
      const list = await sdk.orders.fetchPayments(razorpayOrderId).catch((err: unknown) => {
        throw sdkError(err);
      });
      return (list.items ?? []).map((p) => ({
        id: String(p.id),
        orderId: String(p.order_id),
        amount: Number(p.amount),
        status: String(p.status),
        errorDescription: (p as { error_description?: string | null }).error_description ?? null,
      }));
    },
    async refund(paymentId, amountPaise, notes, idempotencyKey) {
      if (!idempotencyKey) {
        const r = await sdk.payments.refund(paymentId, { amount: amountPaise, notes }).catch((err: unknown) => {
          throw sdkError(err);
        });
        return { id: String(r.id), status: String(r.status) };
      }
      // razorpay-node 2.9's payments.refund() sends no per-request headers, and Razorpay's idempotent refund
      // is keyed by the X-Refund-Idempotency header: the same call goes through the SDK's own HTTP client (its
      // key auth, base URL and user agent), with the header added.
      const rq = (sdk as unknown as { api: { rq: SdkHttp } }).api.rq;
      const res = await rq
        .post(
          `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
          { amount: amountPaise, notes },
          {
            headers: { 'X-Refund-Idempotency': idempotencyKey },
          },
        )
        .catch((err: unknown) => {
          throw sdkError(err);
        });
      return { id: String(res.data.id), status: String(res.data.status) };
    },
    verifyPaymentSignature(razorpayOrderId, paymentId, signature) {
      return hmacMatches(opts.keySecret, `${razorpayOrderId}|${paymentId}`, signature);
    },
  };
}

let gateway: PaymentGateway | undefined;
let gatewayKey: string | undefined;

/**
 * The configured gateway: Razorpay itself when RAZORPAY_KEY_ID/SECRET are set, otherwise the SDK pointed
 * at the local sandbox (which the env rules refuse in production).
 */
export function getPaymentGateway(): PaymentGateway {
  const env = getPaymentEnv();
  const key = `${env.RAZORPAY_KEY_ID}|${env.RAZORPAY_SANDBOX_URL}`;
  if (gateway && gatewayKey === key) return gateway;
  gateway =
    env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
      ? razorpayGateway({
          keyId: env.RAZORPAY_KEY_ID,
          keySecret: env.RAZORPAY_KEY_SECRET,
          checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
        })
      : razorpayGateway({
          keyId: SANDBOX_KEY_ID,
          keySecret: env.RAZORPAY_SANDBOX_SECRET!,
          apiBase: env.RAZORPAY_SANDBOX_URL!,
          checkoutScript: '/razorpay-sandbox/checkout.js',
        });
  gatewayKey = key;
  return gateway;
}
