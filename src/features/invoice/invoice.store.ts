/**
 * The tax invoice of one order, read from GET /api/invoice/{id} (its owner or an admin; the server issues
 * the number the first time). Refusals become the messages the page shows.
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type GetInvoiceResponse, type Invoice } from '@shared/api/orders';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';

/** Where the invoice is: loading, loaded, refused with a message, or the token was refused. */
export const $invoice = atom<Fetched<{ invoice: Invoice }>>({ status: 'loading' });

/** Loads the invoice of this order (null: no order id in the address). */
export async function loadInvoice(orderId: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!orderId) return $invoice.set({ status: 'error', message: 'No order ID found.' });
  // 409 (awaiting payment, cancelled before invoicing) and 503 carry a message meant for the shopper.
  await fetchInto(
    $invoice,
    () => callApi<GetInvoiceResponse>(ordersApiPaths.invoice(orderId), { auth: true }, fetchImpl),
    (data) => ({ invoice: data.invoice }),
    {
      fallback: 'The invoice could not be loaded. Please try again.',
      messageFor: (status) => (status === 404 ? 'Order not found.' : undefined),
    },
  );
}
