/**
 * 'Check delivery': the shopper's PIN code (remembered across pages and visits) and the dates a parcel to it
 * would arrive if ordered now, from the shipping policy's windows (shared/delivery.ts) and the PIN's class.
 * The product page, the cart drawer and checkout all read the same answer.
 */
import { atom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { deliveryMessage, deliveryWindow } from '@shared/delivery';
import { installSafePersistentEngine } from '@shared/persistent-engine';
import { PINCODE_PATTERN, unknownPincodeMessage } from '@shared/pincodes';
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

/** What the PIN box keeps of what was typed: digits only, at most six. */
export function cleanPin(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 6);
}

/**
 * The PIN box changed: a refusal about another PIN ('PIN code 999999 does not exist') no longer describes
 * what is in the box, so it goes, rather than stand beside a PIN that may well be right.
 */
export function pinEdited(typed: string): void {
  const answer = $deliveryAnswer.get();
  if (answer.kind === 'problem' && answer.pincode !== cleanPin(typed)) $deliveryAnswer.set({ kind: 'idle' });
}

/**
 * The PIN box appeared: what is in it (`inBox`) but not what the page rendered there (`rendered`) was typed into the
 * server's HTML before the island hydrated (a phone still loading the island's code as the shopper reached it), and
 * is theirs, not to be wiped by the next render. Returns it cleaned, or null when nothing was typed. A whole PIN is
 * checked at once, as a Check pressed meanwhile could not be; with nothing typed the remembered PIN is answered.
 */
export function adoptEarlyPin(inBox: string, rendered: string): string | null {
  const early = inBox === rendered ? '' : cleanPin(inBox);
  if (!early) {
    checkRememberedPin();
    return null;
  }
  if (PINCODE_PATTERN.test(early)) void checkDelivery(early);
  return early;
}
