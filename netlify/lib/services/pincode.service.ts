import directory from '../../../data/pincodes.json' with { type: 'json' };
import { lookupPincode, stateMismatchMessage, unknownPincodeMessage, type PincodeDirectoryFile, type PincodeInfo } from '@shared/pincodes';
import { badRequest } from '../errors';

// Typed by hand: TypeScript would otherwise spell out all 19,586 PINs as the JSON's type.
const file = directory as unknown as PincodeDirectoryFile;

/** PIN codes, from India Post's directory shipped with the project (data/pincodes.json). */
export const pincodeService = {
  /** What the directory says about a PIN code, or null when India Post has no such PIN. */
  find(pincode: string): PincodeInfo | null {
    return lookupPincode(file, pincode);
  },

  /**
   * Refuses an address in India whose PIN code does not exist, or whose state is not the PIN's ('PIN code
   * 110001 is in Delhi, not Karnataka'), so the state an invoice's GST follows is the one the parcel goes to.
   * Addresses outside India (a US billing address) are not PIN codes and pass. Returns the PIN's facts.
   */
  verify(address: { country?: string; state: string; pincode: string }, which: 'delivery' | 'billing' = 'delivery'): PincodeInfo | null {
    if (address.country !== undefined && address.country !== 'India') return null;
    const prefix = which === 'billing' ? 'Billing address: ' : '';
    const info = lookupPincode(file, address.pincode);
    if (!info) throw badRequest(prefix + unknownPincodeMessage(address.pincode));
    const mismatch = stateMismatchMessage(info, address.state);
    if (mismatch) throw badRequest(prefix + mismatch);
    return info;
  },
};
