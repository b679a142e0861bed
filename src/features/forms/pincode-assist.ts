/**
 * The PIN code helper of an address form: once a PIN has six digits it is looked up in India Post's directory
 * (see delivery/pincode-lookup.ts), the state is set to the PIN's, the city filled in unless the shopper wrote
 * their own, and the PIN's other towns offered in the city box. Before the form is sent it marks a PIN that
 * does not exist or a state that is not the PIN's, as the server would refuse them; each such message goes
 * again once a later PIN (or an address outside India) makes it untrue.
 */
import { atom } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { PINCODE_PATTERN, stateMismatchMessage, unknownPincodeMessage } from '@shared/pincodes';
import { lookedUpPin, lookupPin } from '../delivery/pincode-lookup';
import type { FormStore } from './form.store';
import type { AddressFormValues } from '@shared/schemas/address';

/** The address fields the helper reads and fills. */
type PincodeFields = Pick<AddressFormValues, 'city' | 'state' | 'pincode'>;

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
export function createPincodeAssist<F extends PincodeFields>(
  form: FormStore<F, unknown>,
  options: { applies?: () => boolean; fetchImpl?: typeof fetch } = {},
): PincodeAssist {
  const applies = options.applies ?? (() => true);
  const $towns = atom<string[]>([]);
  // The city this helper wrote last: replaced by the next PIN's, while a city the shopper typed is kept.
  let filledCity: string | null = null;
  // The messages this helper put on the form, so it takes back only its own (never the schema's).
  const said: Partial<Record<'pincode' | 'state', string>> = {};
  const say = (field: 'pincode' | 'state', message: string) => {
    said[field] = message;
    form.$errors.setKey(field, message);
  };
  const unsay = (field: 'pincode' | 'state') => {
    if (said[field] !== undefined && form.$errors.get()[field] === said[field]) form.$errors.setKey(field, undefined);
    delete said[field];
  };
  return {
    $towns,
    async pincodeChanged(pincode) {
      if (!applies()) {
        // A US billing address has a ZIP code: what was said about its Indian PIN and state is moot.
        unsay('pincode');
        unsay('state');
        return $towns.set([]);
      }
      if (!PINCODE_PATTERN.test(pincode)) return $towns.set([]);
      const info = await lookupPin(pincode, options.fetchImpl);
      // The shopper typed on (or chose another country) while the district's PINs were on their way.
      if (form.$fields.get().pincode !== pincode || !applies() || info === undefined) return;
      if (info === null) {
        $towns.set([]);
        say('pincode', unknownPincodeMessage(pincode));
        return;
      }
      unsay('pincode');
      // A state refused for the PIN typed before: this PIN is in the state chosen, so the refusal is old news.
      if (!stateMismatchMessage(info, form.$fields.get().state)) unsay('state');
      const fields = form.$fields.get();
      const fill: Partial<PincodeFields> = {};
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
        say('pincode', unknownPincodeMessage(pincode));
        return false;
      }
      const mismatch = info ? stateMismatchMessage(info, state) : null;
      if (mismatch) say('state', mismatch);
      return mismatch === null;
    },
  };
}
