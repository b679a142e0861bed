/**
 * The PIN code helper of an address form: once a PIN has six digits it is looked up in India Post's directory
 * (see delivery/pincode-lookup.ts), the state is set to the PIN's, the city filled in unless the shopper wrote
 * their own, and the PIN's other towns offered in the city box. Before the form is sent it marks a PIN that
 * does not exist or a state that is not the PIN's, as the server would refuse them.
 */
import { atom } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { PINCODE_PATTERN, stateMismatchMessage, unknownPincodeMessage } from '../../shared/pincodes';
import { lookedUpPin, lookupPin } from '../delivery/pincode-lookup';
import type { FormStore } from './form.store';

/** The address fields the helper reads and fills. */
interface AddressLike {
  city: string;
  state: string;
  pincode: string;
}

/** One form's PIN helper. */
export interface PincodeAssist {
  /** Towns the PIN may be in, offered by the city box. */
  $towns: ReadableAtom<string[]>;
  /** Looks a typed PIN up (once it has six digits) and fills the state and city. */
  pincodeChanged(pincode: string): Promise<void>;
  /** Marks an unknown PIN or a state that is not the PIN's (from PINs already looked up); true when neither. */
  check(): boolean;
}

/** Creates the helper for `form`; `applies` says whether the address is in India (a US billing address has ZIPs). */
export function createPincodeAssist<F extends AddressLike>(
  form: FormStore<F, unknown>,
  options: { applies?: () => boolean; fetchImpl?: typeof fetch } = {},
): PincodeAssist {
  const applies = options.applies ?? (() => true);
  const $towns = atom<string[]>([]);
  // The city this helper wrote last: replaced by the next PIN's, while a city the shopper typed is kept.
  let filledCity: string | null = null;
  return {
    $towns,
    async pincodeChanged(pincode) {
      if (!applies() || !PINCODE_PATTERN.test(pincode)) return $towns.set([]);
      const info = await lookupPin(pincode, options.fetchImpl);
      // The shopper typed on (or chose another country) while the district's PINs were on their way.
      if (form.$fields.get().pincode !== pincode || !applies() || info === undefined) return;
      if (info === null) {
        $towns.set([]);
        form.$errors.setKey('pincode', unknownPincodeMessage(pincode));
        return;
      }
      const fields = form.$fields.get();
      const fill: Partial<AddressLike> = {};
      if (info.states.length === 1 && fields.state !== info.states[0]) fill.state = info.states[0];
      if (info.city && (!fields.city.trim() || fields.city === filledCity)) fill.city = filledCity = info.city;
      form.fill(fill as Partial<F>);
      $towns.set(info.towns);
    },
    check() {
      const { pincode, state } = form.$fields.get();
      if (!applies()) return true;
      const info = lookedUpPin(pincode);
      if (info === null) {
        form.$errors.setKey('pincode', unknownPincodeMessage(pincode));
        return false;
      }
      const mismatch = info ? stateMismatchMessage(info, state) : null;
      if (mismatch) form.$errors.setKey('state', mismatch);
      return mismatch === null;
    },
  };
}
