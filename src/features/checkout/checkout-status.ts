/** What the checkout is doing and what it last told the shopper, shared by placing an order and paying for it. */
import { atom } from 'nanostores';

/** What the checkout is doing; the pay button is disabled while this is not 'idle'. */
export const $checkoutBusy = atom<'idle' | 'placing' | 'paying' | 'confirming'>('idle');
/** The last message for the shopper (a toast: role=alert for errors, status otherwise). */
export const $checkoutToast = atom<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);
