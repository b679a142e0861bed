import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { ListedProduct } from './catalogue';
import { withE2eDb } from './db';
import { latestCode, uniquePhone } from './shopper';
import { statusChange } from '../fixtures/orders';
import { deliveryAddress } from '../fixtures/addresses';
import { cartTotals } from '@shared/pricing';

/**
 * Orders set up through the shop's own API for journeys about what happens after checkout (the checkout has
 * journeys of its own): the same requests the checkout page and the admin pages send.
 */

/** A delivery address (with or without an email) and the same address for billing, as the checkout sends them. */
function addresses(shippingInfo: Record<string, unknown> & { email?: string }) {
  const { email: _email, ...lines } = shippingInfo;
  return { shippingInfo, billingInfo: { ...lines, country: 'India' } };
}

/** One line of an order: a product's id, the price the page showed, how many. */
export interface OrderLine {
  productId: string;
  price: number;
  quantity: number;
}

/** The line a shopper adds for a listed product: its price after any markdown. */
export const lineOf = (product: ListedProduct, quantity = 1): OrderLine => ({
  productId: product._id,
  price: product.discountPrice ?? product.price,
  quantity,
});

/** Signs a new shopper in through the API (the code from the local SMS outbox); their phone and token. */
export async function apiSignIn(
  request: APIRequestContext,
  info: TestInfo,
  firstName = 'Meera',
): Promise<{ phone: string; token: string }> {
  const phone = uniquePhone(info);
  const login = await request.post('/api/user_login', { data: { firstName, lastName: 'Shah', phone, email: '' } });
  expect(login.status()).toBe(200);
  const verified = await request.post('/api/verify-otp', { data: { mobile: phone, otp: await latestCode(phone) } });
  expect(verified.status()).toBe(200);
  return { phone, token: ((await verified.json()) as { token: string }).token };
}

/** Gives a signed-in account a staff role, as `npm run admin:grant -- <phone> [--role editor]` does (the role lives on the user record). */
export async function grantRole(phone: string, role: 'admin' | 'editor' = 'admin'): Promise<void> {
  await withE2eDb((db) => db.collection('users').updateOne({ phone }, { $set: { role, updatedAt: new Date() } }));
}

/** Signs a new account in through the API with a staff role; its token is kept for the page. Returns the token. */
export async function signInAsStaff(page: Page, info: TestInfo, role: 'admin' | 'editor', firstName: string): Promise<string> {
  const { phone, token } = await apiSignIn(page.request, info, firstName);
  await grantRole(phone, role);
  await keepToken(page, token);
  return token;
}

/** Puts the token where the shop keeps it, before any page script runs. */
export async function keepToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/** The token of the shopper signed in on the page. */
export async function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/**
 * Places a cash-on-delivery order through the API with the totals the checkout page shows, and expects it
 * accepted; returns its id. `shippingInfo` is the delivery address (billing is the same address).
 */
export async function placeCodOrder(
  request: APIRequestContext,
  token: string | null,
  lines: OrderLine[],
  shippingInfo: Record<string, unknown> = deliveryAddress,
): Promise<string> {
  const totals = cartTotals(
    lines.map((l) => ({ price: l.price, discountPrice: null, quantity: l.quantity })),
    'cod',
  );
  const res = await request.post('/api/orderCheck_out', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: {
      products: lines,
      ...addresses(shippingInfo),
      paymentMethod: 'cod',
      shippingCost: totals.shipping,
      totalAmount: totals.total,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { _id: string } }).order._id;
}

/** Starts an online order through the API, as the checkout's Pay button does: our id, Razorpay's order id, the key. */
export async function onlineAttempt(
  request: APIRequestContext,
  token: string,
  lines: OrderLine[],
): Promise<{ orderId: string; razorpayOrderId: string; key: string }> {
  const res = await request.post('/api/create-razorpay-order', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: {
      products: lines,
      ...addresses(deliveryAddress),
      amount: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { order: { id: string }; orderId: string; key: string };
  return { orderId: body.orderId, razorpayOrderId: body.order.id, key: body.key };
}

/** Pays (or declines) a Razorpay order in the local sandbox, as its Checkout's Pay and Fail buttons do. */
export async function sandboxPay(
  request: APIRequestContext,
  attempt: { razorpayOrderId: string; key: string },
  outcome: 'success' | 'failure',
): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }> {
  const res = await request.post('/razorpay-sandbox/checkout/pay', {
    data: { key: attempt.key, order_id: attempt.razorpayOrderId, outcome },
  });
  expect(res.status(), await res.text()).toBe(outcome === 'success' ? 200 : 400);
  return res.json();
}

/** An online order paid in the sandbox and confirmed by the server; returns its id. */
export async function paidOnlineOrder(request: APIRequestContext, token: string, lines: OrderLine[]): Promise<string> {
  const attempt = await onlineAttempt(request, token, lines);
  const paid = await sandboxPay(request, attempt, 'success');
  const res = await request.post(`/api/orders/${attempt.orderId}/payment`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return attempt.orderId;
}

/** An admin moves an order one step through the admin API (marking it Shipped carries a shipment). */
export async function adminMove(request: APIRequestContext, adminToken: string, orderId: string, status: string): Promise<void> {
  const res = await request.patch(`/api/admin/orders/${orderId}/status`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: statusChange(status),
  });
  expect(res.status(), await res.text()).toBe(200);
}
