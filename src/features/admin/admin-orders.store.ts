/**
 * The admin orders pages' state: the list query (status filter, search, page and the dashboard's days placed,
 * payment and sales-only filters, kept in the list's address so reload, Back and shared links work), the loaded
 * page of orders, the order opened on its own page (/admin/orders/{id}), status changes through
 * PATCH /api/admin/orders/{id}/status and their undo.
 * The server decides who is an admin: a 401 means sign in again, a 403 means this account is not an admin
 * (and no order data is kept).
 */
import { atom, map } from 'nanostores';
import { ordersApiPaths, type AdminOrder, type AdminOrderResponse, type GetOrderAllResponse } from '@shared/api/orders';
import type { OrderStatus } from '@shared/orders';
import { ShipmentSchema, type ShipmentInput } from '@shared/schemas/admin';
import { COURIERS, OTHER_COURIER } from '@shared/couriers';
import { adminOrdersApiPaths } from '@shared/api/admin-orders';
import { callApi, type ApiOutcome } from '../auth/api-client';
import { fetchInto, refusal, type Fetched, type NotAsked } from '../shared/fetched';
import {
  ADMIN_PAGE_SIZE,
  adminListSearch,
  adminOrdersSearch,
  adminQueryFromSearch,
  nextStatuses,
  withoutListFilters,
  type AdminListQuery,
  type AdminStatusFilter,
} from './admin-orders';
import { adminRoutes } from '../back-office/admin-routes';

/** What the list asks the server for. */
export const $adminQuery = map<AdminListQuery>({ status: 'all', search: '', page: 1 });

/** Where the list is. 'signed-out': no valid token; 'forbidden': signed in but not an admin. */
export type AdminListState = Fetched<{ orders: AdminOrder[]; total: number; page: number; pageSize: number }, true> | NotAsked;

/** The loaded page of orders, or why there is none. */
export const $adminList = atom<AdminListState>({ status: 'idle' });

/** The order opened on its page; 'missing': no order has that id (or the address holds no id at all). */
export const $openOrder = atom<
  | { status: 'loading'; id: string }
  | { status: 'ready'; order: AdminOrder }
  | { status: 'error'; id: string; message: string }
  | { status: 'missing'; id: string | null }
  | null
>(null);

/** The outcome of the last status change, in words. */
export const $statusNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** Whether a status change is on its way (buttons wait for it). */
export const $changing = atom(false);

let listRequest = 0;

/** Loads the page of orders the query asks for; only the newest request's answer is shown. */
export async function loadAdminOrders(fetchImpl?: typeof fetch): Promise<void> {
  const request = ++listRequest;
  const q = $adminQuery.get();
  await fetchInto(
    $adminList,
    () =>
      callApi<GetOrderAllResponse>(
        `${ordersApiPaths.allOrders}${adminOrdersSearch({ ...q, pageSize: ADMIN_PAGE_SIZE })}`,
        { auth: true },
        fetchImpl,
      ),
    ({ getOrder, total, page, pageSize }) => ({ orders: getOrder, total, page, pageSize }),
    { fallback: 'The orders could not be loaded. Please try again.', forbidden: true, current: () => request === listRequest },
  );
}

/**
 * Writes the list's state into its address (outside a browser, nothing): a new history entry for a filter or
 * a page, so Back steps through them; the same entry while a search is typed.
 */
function writeListUrl(mode: 'push' | 'replace'): void {
  if (typeof history === 'undefined') return;
  const url = adminRoutes.ordersList(adminListSearch($adminQuery.get()));
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** The list's search query as it is now ('' for all orders): what an order opened from it returns to. */
export function currentListSearch(): string {
  return adminListSearch($adminQuery.get());
}

/** The search box's text as typed (the list's query takes it a moment after the last keystroke). */
export const $searchText = atom('');

/** Waits this long after the last keystroke before searching, so typing a name sends one request. */
const SEARCH_DELAY_MS = 300;
let searchTimer: ReturnType<typeof setTimeout> | undefined;

/** The admin types in the search box: the list follows once typing pauses. */
export function typeSearch(value: string): void {
  $searchText.set(value);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void setSearch(value), SEARCH_DELAY_MS);
}

/** The search is submitted (Enter): searched at once. */
export function submitSearch(fetchImpl?: typeof fetch): Promise<void> {
  clearTimeout(searchTimer);
  return setSearch($searchText.get(), fetchImpl);
}

/** Shows the list its address asks for (on load, and on Back or Forward between its states). */
export function loadListFromUrl(search: string, fetchImpl?: typeof fetch): Promise<void> {
  clearTimeout(searchTimer);
  const query = adminQueryFromSearch(search);
  $adminQuery.set(query);
  $searchText.set(query.search);
  return loadAdminOrders(fetchImpl);
}

/** Shows only orders with this status (or all), from page 1. */
export function setStatusFilter(status: AdminStatusFilter, fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.set({ ...$adminQuery.get(), status, page: 1 });
  writeListUrl('push');
  return loadAdminOrders(fetchImpl);
}

/** Searches orders (name, city, piece, order number, phone, payment ids), from page 1. */
export function setSearch(search: string, fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.set({ ...$adminQuery.get(), search, page: 1 });
  writeListUrl('replace');
  return loadAdminOrders(fetchImpl);
}

/** Clears the days placed, payment and sales-only filters (a dashboard link's), keeping status and search, from page 1. */
export function clearListFilters(fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.set({ ...withoutListFilters($adminQuery.get()), page: 1 });
  writeListUrl('push');
  return loadAdminOrders(fetchImpl);
}

/** Goes to a page of the list. */
export function goToPage(page: number, fetchImpl?: typeof fetch): Promise<void> {
  $adminQuery.setKey('page', Math.max(1, Math.floor(page)));
  writeListUrl('push');
  return loadAdminOrders(fetchImpl);
}

/** Opens one order, read fresh from the server; a null id (the address holds none) is an order not found. */
export async function openOrder(id: string | null, fetchImpl?: typeof fetch): Promise<void> {
  $statusNotice.set(null);
  $shipmentForm.set(null);
  if (!id) return $openOrder.set({ status: 'missing', id: null });
  $openOrder.set({ status: 'loading', id });
  const r = await callApi<AdminOrderResponse>(ordersApiPaths.adminOrder(id), { auth: true }, fetchImpl);
  if (r.ok) return $openOrder.set({ status: 'ready', order: r.data.order });
  if (r.status === 404 || r.status === 400) return $openOrder.set({ status: 'missing', id });
  const outcome = refusal(r, { fallback: 'This order could not be loaded. Please try again.', forbidden: true });
  if (outcome.status !== 'error') {
    $openOrder.set(null);
    return $adminList.set(outcome);
  }
  $openOrder.set({ status: 'error', id, message: outcome.message });
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
  const shipment = checkShipmentForm();
  if (!shipment) return false;
  const done = await changeStatus('shipped', fetchImpl, shipment);
  if (done) $shipmentForm.set(null);
  return done;
}

/**
 * The Shipped form checked with the server's own schema: the shipment to send, or null with a message put by
 * each field refused (so the form is checked before its confirmation is asked).
 */
export function checkShipmentForm(): ShipmentInput | null {
  const form = $shipmentForm.get();
  if (!form) return null;
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
    return null;
  }
  return parsed.data;
}

/**
 * Shows the server's answer to a change of the open order: the order it answered (in the detail and its list
 * row) with its message; a sign-in or admin refusal closes the order; any other refusal is shown as an error.
 * 'refused' is that last case, where the caller may look again.
 */
function showAnswer(r: ApiOutcome<AdminOrderResponse>, fallback: string): 'done' | 'signed out' | 'refused' {
  if (r.ok) {
    $openOrder.set({ status: 'ready', order: r.data.order });
    replaceInList(r.data.order);
    $statusNotice.set({ kind: 'success', text: `${r.data.message}.` });
    return 'done';
  }
  if (r.status === 401 || r.status === 403) {
    $openOrder.set(null);
    $adminList.set(refusal(r, { fallback: '', forbidden: true }));
    return 'signed out';
  }
  $statusNotice.set({ kind: 'error', text: r.message ?? fallback });
  return 'refused';
}

/**
 * Moves the open order to `to`, if that is one of its allowed next statuses (the server checks again).
 * The order shown, and its row in the list, become what the server answered.
 */
export async function changeStatus(to: OrderStatus, fetchImpl?: typeof fetch, shipment?: ShipmentInput): Promise<boolean> {
  const open = $openOrder.get();
  if (open?.status !== 'ready' || $changing.get()) return false;
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
    return showAnswer(r, 'The status could not be changed. Please try again.') === 'done';
  } finally {
    $changing.set(false);
  }
}

/**
 * Undoes the open order's last step (`step`, as the page shows it); the server refuses once the shopper has
 * been told or anything followed it, and says so. The order shown becomes what the server answered.
 */
export async function undoStep(step: OrderStatus, fetchImpl?: typeof fetch): Promise<boolean> {
  const open = $openOrder.get();
  if (open?.status !== 'ready' || $changing.get()) return false;
  $changing.set(true);
  $statusNotice.set(null);
  try {
    const r = await callApi<AdminOrderResponse>(
      adminOrdersApiPaths.adminOrderUndo(open.order._id),
      { method: 'POST', body: { step, ...(open.order.undo?.step === step ? { until: open.order.undo.until } : {}) }, auth: true },
      fetchImpl,
    );
    const outcome = showAnswer(r, 'The step could not be undone. Please try again.');
    if (outcome !== 'refused') return outcome === 'done';
    // Show the order as it is now: a refused undo means it changed (or its messages went out).
    const fresh = await callApi<AdminOrderResponse>(ordersApiPaths.adminOrder(open.order._id), { auth: true }, fetchImpl);
    if (fresh.ok) $openOrder.set({ status: 'ready', order: fresh.data.order });
    return false;
  } finally {
    $changing.set(false);
  }
}
