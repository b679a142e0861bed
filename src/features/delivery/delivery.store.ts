/**
 * 'Check delivery': the shopper's PIN code (remembered across pages and visits) and the dates a parcel to it
 * would arrive if ordered now, from the shipping policy's windows (shared/delivery.ts) and the PIN's class.
 * The product page, the cart drawer and checkout all read the same answer.
 */
import { atom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { deliveryMessage, deliveryWindow } from '../../shared/delivery';
import { installSafePersistentEngine } from '../../shared/persistent-engine';
import { PINCODE_PATTERN, unknownPincodeMessage } from '../../shared/pincodes';
import { lookupPin } from './pincode-lookup';

installSafePersistentEngine();

/**
 * localStorage key of the PIN code last used to check delivery (or typed at checkout), a raw 6-digit string.
 * Kept here, not in shared/storage-keys.ts, whose keys ship in every page's first load.
 */
export const DELIVERY_PIN_STORAGE_KEY = 'deliveryPin';

/** The last PIN code a shopper checked or ordered to ('' when none). */
export const $deliveryPin = persistentAtom<string>(DELIVERY_PIN_STORAGE_KEY, '', {
  encode: (pin: string) => pin,
  decode: (raw: string) => (PINCODE_PATTERN.test(raw) ? raw : ''),
  listen: true,
});

/** What 'Check delivery' says: nothing yet, checking, the dates (with the place), or why it cannot tell. */
export type DeliveryAnswer =
  | { kind: 'idle' }
  | { kind: 'checking'; pincode: string }
  | { kind: 'dates'; pincode: string; text: string; place: string }
  | { kind: 'problem'; pincode: string; text: string };

/** The answer for the PIN last checked. */
export const $deliveryAnswer = atom<DeliveryAnswer>({ kind: 'idle' });

/**
 * Checks a PIN code: a malformed or unknown PIN is said so, a known one is remembered and answered with the
 * dates an order placed `now` would arrive ('Delivery between Mon, 30 Nov and Fri, 4 Dec').
 */
export async function checkDelivery(typed: string, now: () => Date = () => new Date(), fetchImpl?: typeof fetch): Promise<void> {
  const pincode = typed.replace(/\D/g, '');
  if (!PINCODE_PATTERN.test(pincode)) {
    $deliveryAnswer.set({ kind: 'problem', pincode, text: 'Enter a 6-digit PIN code.' });
    return;
  }
  $deliveryAnswer.set({ kind: 'checking', pincode });
  const info = await lookupPin(pincode, fetchImpl);
  const current = $deliveryAnswer.get();
  // Another PIN was checked meanwhile: its answer is the one to show.
  if (current.kind !== 'checking' || current.pincode !== pincode) return;
  if (info === undefined) {
    $deliveryAnswer.set({ kind: 'problem', pincode, text: 'Delivery dates could not be checked just now. Please try again.' });
    return;
  }
  if (info === null) {
    $deliveryAnswer.set({ kind: 'problem', pincode, text: unknownPincodeMessage(pincode) });
    return;
  }
  $deliveryPin.set(pincode);
  const place = info.states.length ? `${info.city}, ${info.states[0]}` : info.city;
  $deliveryAnswer.set({ kind: 'dates', pincode, text: deliveryMessage(deliveryWindow(info.class, now())), place });
}

/** Answers the remembered PIN once, when a 'Check delivery' box first appears on a page. */
export function checkRememberedPin(): void {
  const pin = $deliveryPin.get();
  if (pin && $deliveryAnswer.get().kind === 'idle') void checkDelivery(pin);
}
