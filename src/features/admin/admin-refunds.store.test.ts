import { describe, expect, it, vi } from 'vitest';
import { makeAdminOrder } from '../../../tests/fixtures/orders';
import type { AdminOrder } from '@shared/api/orders';
import {
  $refundForm,
  canRetryRefund,
  confirmationText,
  previewPaise,
  refundableLines,
  resetRefundForm,
  retryRefund,
  reviewRefund,
  setRefundAll,
  setRefundQuantity,
  setRefundReference,
  submitRefund,
} from './admin-refunds.store';

/** A paid online order: 3 studs at ₹333 (₹99 off in all) and a ring at ₹1,049. */
const paidOnline = (overrides: Partial<AdminOrder> = {}): AdminOrder => {
  const base = makeAdminOrder();
  return {
    ...base,
    paymentMethod: 'razorpay',
    paymentStatus: 'paid',
    products: [
      { ...base.products[0]!, productId: { ...base.products[0]!.productId, name: 'Studs' }, price: 333, quantity: 3, discount: 99 },
      { ...base.products[0]!, productId: { ...base.products[0]!.productId, name: 'Lotus Ring' }, price: 1049, quantity: 1 },
    ],
    discount: { code: 'STUDS99', description: '₹99 off', amount: 99 },
    totalAmount: 1949,
    shippingCost: 0,
    refunds: [],
    refundedAmount: 0,
    ...overrides,
  };
};

describe('the admin refund panel', () => {
  it('offers what is left of each line and previews the server’s amount (the discount share comes off)', () => {
    const order = paidOnline({
      refunds: [
        {
          key: 'r1',
          lines: [{ index: 0, quantity: 1 }],
          whole: false,
          amount: 300,
          method: 'razorpay',
          reference: null,
          razorpayRefundId: 'rfnd_1',
          status: 'processed',
          at: '2026-11-25T10:00:00Z',
          creditNote: null,
        },
        {
          key: 'r2',
          lines: [{ index: 0, quantity: 1 }],
          whole: false,
          amount: 300,
          method: 'razorpay',
          reference: null,
          razorpayRefundId: 'rfnd_2',
          status: 'failed',
          at: '2026-11-25T10:05:00Z',
          creditNote: null,
        },
      ],
      refundedAmount: 300,
    });
    expect(refundableLines(order).map((l) => [l.name, l.left])).toEqual([
      ['Studs', 2],
      ['Lotus Ring', 1],
    ]);
    expect(previewPaise(order, { all: false, quantities: { 0: 2 } })).toBe(60000);
    expect(previewPaise(order, { all: true, quantities: {} })).toBe(164900);
  });

  it('says what will happen before it refunds, and sends one Idempotency-Key per confirmed refund', async () => {
    const order = paidOnline({ invoiceNumber: 'INV/2026-27/000007' });
    resetRefundForm(order);
    expect(reviewRefund(order)).toBe(false);
    expect($refundForm.get().notice?.text).toBe('Choose how many of a line to refund, or everything left.');
    setRefundQuantity(order, 1, 5);
    expect($refundForm.get().quantities).toEqual({ 1: 1 });
    expect(reviewRefund(order)).toBe(true);
    expect(confirmationText(order, previewPaise(order, $refundForm.get()), 'razorpay', '')).toBe(
      "₹1,049 goes back to the shopper's original payment through Razorpay; a credit note will be issued against invoice INV/2026-27/000007; the shopper will be texted and emailed.",
    );
    const noEmail = paidOnline({ invoiceNumber: 'INV/2026-27/000007', shippingInfo: { ...order.shippingInfo, email: '' } });
    expect(confirmationText(noEmail, 104900, 'razorpay', '')).toMatch(/; the shopper will be texted\.$/);
    const key = $refundForm.get().key;
    const dropped = vi.fn(async () => {
      throw new TypeError('network');
    });
    expect(await submitRefund(order, dropped as unknown as typeof fetch)).toBe(false);
    // No answer: still confirming, with the same key for the retry.
    expect($refundForm.get()).toMatchObject({ step: 'confirm', key });
    // A gateway timeout may come after the refund was recorded: the same key is kept for that too.
    const timedOut = vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Gateway timeout' }), { status: 504 }));
    expect(await submitRefund(order, timedOut as unknown as typeof fetch)).toBe(false);
    expect($refundForm.get()).toMatchObject({ step: 'confirm', key });
    const after = { ...order, refundedAmount: 1049 };
    const ok = vi.fn(
      async (_path: string, init: RequestInit) =>
        new Response(
          JSON.stringify({
            success: true,
            message: 'Refund of ₹1,049 made',
            refund: {
              key: 'r9',
              lines: [{ index: 1, quantity: 1 }],
              whole: false,
              amount: 1049,
              method: 'razorpay',
              reference: null,
              razorpayRefundId: 'rfnd_9',
              status: 'processed',
              at: '2026-11-25T10:00:00Z',
              creditNote: 'CN/2026-27/000001',
            },
            order: after,
            init: (init.headers as Record<string, string>)['Idempotency-Key'],
          }),
          { status: 201 },
        ),
    );
    expect(await submitRefund(order, ok as unknown as typeof fetch)).toBe(true);
    const [path, init] = ok.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe(`/api/admin/orders/${order._id}/refunds`);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(key);
    expect(JSON.parse(String(init.body))).toEqual({ lines: [{ index: 1, quantity: 1 }], method: 'razorpay' });
    expect($refundForm.get()).toMatchObject({ step: 'choose', key: null, notice: { kind: 'success', text: '₹1,049 refunded.' } });
  });

  it('a cash order’s refund needs how it was paid back and its reference', () => {
    const order = paidOnline({ paymentMethod: 'cod' });
    resetRefundForm(order);
    expect($refundForm.get().method).toBe('upi');
    setRefundAll(true);
    expect(reviewRefund(order)).toBe(false);
    expect($refundForm.get().notice?.text).toBe('Enter the UPI reference.');
    setRefundReference('UPI/4312');
    expect(reviewRefund(order)).toBe(true);
    expect(confirmationText(order, 194900, 'upi', 'UPI/4312')).toMatch(
      /^₹1,949 is recorded as paid back to the shopper by UPI \(reference UPI\/4312\); the tax invoice is issued now and a credit note against it/,
    );
  });
});

describe('retrying a cancelled order’s failed refund', () => {
  const failed = (): AdminOrder =>
    paidOnline({
      status: 'cancelled',
      refund: { id: 'rfnd_1', status: 'failed', amount: 1949, at: '2026-11-20T10:00:00.000Z', failure: 'reported' },
    });

  it('is offered only for a failed refund still owed', () => {
    expect(canRetryRefund(failed())).toBe(true);
    expect(canRetryRefund(paidOnline())).toBe(false);
    expect(canRetryRefund({ ...failed(), paymentStatus: 'refunded', refund: { ...failed().refund!, status: 'processed' } })).toBe(false);
    // An admin's retry whose answer was lost can be asked about again; a first refund still with Razorpay cannot.
    expect(canRetryRefund({ ...failed(), refund: { ...failed().refund!, id: null, status: 'requested', retry: true } })).toBe(true);
    expect(canRetryRefund({ ...failed(), refund: { ...failed().refund!, id: null, status: 'requested' } })).toBe(false);
    // A failure without a certain cause (Razorpay may have made it) is not retried.
    const { failure: _unclear, ...unclear } = failed().refund!;
    expect(canRetryRefund({ ...failed(), refund: unclear })).toBe(false);
  });

  it('sends one Idempotency-Key per retry, kept after no answer so a second click answers the same retry', async () => {
    const order = failed();
    resetRefundForm(order);
    const keys: string[] = [];
    const dropped = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key')!);
      throw new TypeError('network down');
    });
    expect(await retryRefund(order, dropped as unknown as typeof fetch)).toBe(false);
    const done = { ...order, paymentStatus: 'refunded' as const, refund: { ...order.refund!, status: 'processed' } };
    const ok = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key')!);
      return new Response(JSON.stringify({ success: true, message: 'Refund of ₹1,949 processed', order: done }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    expect(await retryRefund(order, ok as unknown as typeof fetch)).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(String(ok.mock.calls[0]![0])).toMatch(/\/api\/admin\/orders\/[\w]+\/refund-retry$/);
    expect($refundForm.get().notice).toEqual({ kind: 'success', text: '₹1,949 refunded.' });
  });
});

describe('a line with a replacement sent', () => {
  it('offers only the units not replaced, and everything left leaves their value out', () => {
    const order = paidOnline({ replacedQty: { '1': 1 } });
    expect(refundableLines(order).map((l) => l.left)).toEqual([3, 0]);
    // ₹1,949 paid less the ring (₹1,049, its one unit replaced).
    expect(previewPaise(order, { all: true, quantities: {} })).toBe(90000);
  });
});
