/**
 * The tax invoice of one order, read from GET /api/invoice/{id} (its owner or an admin; the server issues
 * the number the first time). Refusals become the messages the page shows.
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type GetInvoiceResponse, type Invoice } from '../../shared/api/orders';
import { callApi } from '../auth/api-client';

/** Where the invoice is: loading, loaded, refused with a message, or the token was refused. */
export const $invoice = atom<
  { state: 'loading' } | { state: 'ready'; invoice: Invoice } | { state: 'error'; message: string } | { state: 'signed-out' }
>({ state: 'loading' });

/** Loads the invoice of this order (null: no order id in the address). */
export async function loadInvoice(orderId: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!orderId) return $invoice.set({ state: 'error', message: 'No order ID found.' });
  $invoice.set({ state: 'loading' });
  const r = await callApi<GetInvoiceResponse>(ordersApiPaths.invoice(orderId), { auth: true }, fetchImpl);
  if (r.ok) return $invoice.set({ state: 'ready', invoice: r.data.invoice });
  if (r.status === 401) return $invoice.set({ state: 'signed-out' });
  if (r.status === 404) return $invoice.set({ state: 'error', message: 'Order not found.' });
  // 409 (awaiting payment, cancelled before invoicing) and 503 carry a message meant for the shopper.
  $invoice.set({ state: 'error', message: r.message ?? 'The invoice could not be loaded. Please try again.' });
}
