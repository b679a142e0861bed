/**
 * The admin orders page's state: the list query (status filter, search, page), the loaded page of
 * orders, the order opened for a closer look, and status changes through PATCH /api/admin/orders/{id}/status.
 * The server decides who is an admin: a 401 means sign in again, a 403 means this account is not an admin
 * (and no order data is kept).
 */
import { atom, map } from 'nanostores';
import { ordersApiPaths, type AdminOrder, type AdminOrderResponse, type GetOrderAllResponse } from '../../shared/api/orders';
import type { OrderStatus } from '../../shared/orders';
import { ShipmentSchema, type ShipmentInput } from '../../shared/schemas/admin';
import { COURIERS, OTHER_COURIER } from '../../shared/couriers';
import { callApi } from '../auth/api-client';
import { ADMIN_PAGE_SIZE, adminOrdersSearch, nextStatuses, type AdminStatusFilter } from './admin-orders';

/** What the list asks the server for. */
export const $adminQuery = map<{ status: AdminStatusFilter; search: string; page: number }>({ status: 'all', search: '', page: 1 });

/** Where the list is. 'signed-out': no valid token; 'forbidden': signed in but not an admin. */
export type AdminListState =
  | { status: 'idle' | 'loading' | 'signed-out' | 'forbidden' }
  | { status: 'ready'; orders: AdminOrder[]; total: number; page: number; pageSize: number }
  | { status: 'error'; message: string };

/** The loaded page of orders, or why there is none. */
export const $adminList = atom<AdminListState>({ status: 'idle' });

/** The order opened for a closer look, if any. */
export const $openOrder = atom<
  { state: 'loading'; id: string } | { state: 'ready'; order: AdminOrder } | { state: 'error'; id: string; message: string } | null
>(null);

/** The outcome of the last status change, in words. */
export const $statusNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** Whether a status change is on its way (buttons wait for it). */
export const $changing = atom(false);

let listRequest = 0;

/** Sorts a failed call into signed-out, forbidden or an error message. */
function refusal(status: number, message: string | null, fallback: string): AdminListState {
  if (status === 401) return { status: 'signed-out' };
  if (status === 403) return { status: 'forbidden' };
  return { status: 'error', message: message ?? fallback };
}

/** Loads the page of orders the query asks for; only the newest request's answer is shown. */
export async function loadAdminOrders(fetchImpl?: typeof fetch): Promise<void> {
  const request = ++listRequest;
  const q = $adminQuery.get();
  $adminList.set({ status: 'loading' });
  const r = await callApi<GetOrderAllResponse>(
    `${ordersApiPaths.allOrders}${adminOrdersSearch({ ...q, pageSize: ADMIN_PAGE_SIZE })}`,
    { auth: true },
    fetchImpl,
  );
  if (request !== listRequest) return;
  if (r.ok) {
    const { getOrder, total, page, pageSize } = r.data;
    $adminList.set({ status: 'ready', orders: getOrder, total, page, pageSize });
  } else {
    $adminList.set(refusal(r.status, r.message, 'The orders could not be loaded. Please try again.'));
  }
}

/** Shows only orders with this status (or all), from page 1. */
export function setStatusFilter(status: AdminStatusFilter, fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.set({ ...$adminQuery.get(), status, page: 1 });
  return loadAdminOrders(fetchImpl);
}

/** Searches orders (name, city, piece, order number, phone, payment ids), from page 1. */
export function setSearch(search: string, fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.set({ ...$adminQuery.get(), search, page: 1 });
  return loadAdminOrders(fetchImpl);
}

/** Goes to a page of the list. */
export function goToPage(page: number, fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.setKey('page', Math.max(1, Math.floor(page)));
  return loadAdminOrders(fetchImpl);
}

/** Opens one order, read fresh from the server. */
export async function openOrder(id: string, fetchImpl?: typeof fetch): Promise<void> {
  $statusNotice.set(null);
  $openOrder.set({ state: 'loading', id });
  const r = await callApi<AdminOrderResponse>(ordersApiPaths.adminOrder(id), { auth: true }, fetchImpl);
  if (r.ok) return $openOrder.set({ state: 'ready', order: r.data.order });
  const outcome = refusal(r.status, r.message, 'This order could not be loaded. Please try again.');
  if (outcome.status !== 'error') {
    $openOrder.set(null);
    return $adminList.set(outcome);
  }
  $openOrder.set({ state: 'error', id, message: outcome.message });
}

/** Back to the list. */
export function closeOrder(): void {
  $openOrder.set(null);
  $shipmentForm.set(null);
  $statusNotice.set(null);
}

/** Replaces an order in the loaded list with its new state. */
function replaceInList(order: AdminOrder): void {
  const list = $adminList.get();
  if (list.status === 'ready') $adminList.set({ ...list, orders: list.orders.map((o) => (o._id === order._id ? order : o)) });
}

/** The Shipped form as typed: a courier from the list (or Other, named), the AWB number, an optional link and date. */
export interface ShipmentFields {
  courier: string;
  otherCourier: string;
  awb: string;
  trackingUrl: string;
  expectedDelivery: string;
}

/** The Shipped form of the open order, with a message per field the server's schema refuses. */
export const $shipmentForm = atom<{ fields: ShipmentFields; errors: Partial<Record<keyof ShipmentFields, string>> } | null>(null);

/** Opens the Shipped form (the first courier chosen). */
export function startShipping(): void {
  $shipmentForm.set({
    fields: { courier: COURIERS[0]!.name, otherCourier: '', awb: '', trackingUrl: '', expectedDelivery: '' },
    errors: {},
  });
}

/** Changes a field of the Shipped form. */
export function setShipmentField(field: keyof ShipmentFields, value: string): void {
  const form = $shipmentForm.get();
  if (form) $shipmentForm.set({ fields: { ...form.fields, [field]: value }, errors: { ...form.errors, [field]: undefined } });
}

/** Closes the Shipped form without shipping. */
export function cancelShipping(): void {
  $shipmentForm.set(null);
}

/**
 * Marks the open order Shipped with the form's courier and tracking number, checked with the server's own
 * schema first (messages by the fields); the form closes once the server has recorded it.
 */
export async function ship(fetchImpl?: typeof fetch): Promise<boolean> {
  const form = $shipmentForm.get();
  if (!form) return false;
  const f = form.fields;
  const parsed = ShipmentSchema.safeParse({
    courier: f.courier === OTHER_COURIER ? f.otherCourier.trim() || OTHER_COURIER : f.courier,
    awb: f.awb,
    trackingUrl: f.trackingUrl.trim() || null,
    expectedDelivery: f.expectedDelivery || null,
  });
  if (!parsed.success) {
    const errors: Partial<Record<keyof ShipmentFields, string>> = {};
    for (const issue of parsed.error.issues) {
      const key =
        issue.path[0] === 'courier' ? (f.courier === OTHER_COURIER ? 'otherCourier' : 'courier') : (issue.path[0] as keyof ShipmentFields);
      errors[key] ??= issue.message;
    }
    $shipmentForm.set({ ...form, errors });
    return false;
  }
  const done = await changeStatus('shipped', fetchImpl, parsed.data);
  if (done) $shipmentForm.set(null);
  return done;
}

/**
 * Moves the open order to `to`, if that is one of its allowed next statuses (the server checks again).
 * The order shown, and its row in the list, become what the server answered.
 */
export async function changeStatus(to: OrderStatus, fetchImpl?: typeof fetch, shipment?: ShipmentInput): Promise<boolean> {
  const open = $openOrder.get();
  if (open?.state !== 'ready' || $changing.get()) return false;
  if (!nextStatuses(open.order.status).includes(to)) {
    $statusNotice.set({ kind: 'error', text: 'That status change is not allowed for this order.' });
    return false;
  }
  $changing.set(true);
  $statusNotice.set(null);
  try {
    const r = await callApi<AdminOrderResponse>(
      ordersApiPaths.adminOrderStatus(open.order._id),
      { method: 'PATCH', body: shipment ? { status: to, shipment } : { status: to }, auth: true },
      fetchImpl,
    );
    if (r.ok) {
      $openOrder.set({ state: 'ready', order: r.data.order });
      replaceInList(r.data.order);
      $statusNotice.set({ kind: 'success', text: `${r.data.message}.` });
      return true;
    }
    if (r.status === 401 || r.status === 403) {
      $openOrder.set(null);
      $adminList.set(refusal(r.status, r.message, ''));
      return false;
    }
    $statusNotice.set({ kind: 'error', text: r.message ?? 'The status could not be changed. Please try again.' });
    return false;
  } finally {
    $changing.set(false);
  }
}
