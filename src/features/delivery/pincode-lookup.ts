/**
 * PIN codes in the browser: one sorting district's slice of the directory (/pincodes/110.json, built from
 * India Post's data) fetched once per page and kept, so typing a PIN answers at once after the first digits'
 * district. The server checks the same directory again; this only helps the shopper fill the form.
 */
import { PINCODE_PATTERN, type PincodeInfo } from '@shared/pincodes';

const slices = new Map<string, Promise<Record<string, Omit<PincodeInfo, 'pincode'>>>>();
const known = new Map<string, PincodeInfo | null>();

/**
 * What the directory says about a PIN: its facts, null when India Post has no such PIN, or undefined when it
 * cannot be told now (offline; the slice is fetched again next time).
 */
export async function lookupPin(pincode: string, fetchImpl: typeof fetch = fetch): Promise<PincodeInfo | null | undefined> {
  if (!PINCODE_PATTERN.test(pincode)) return null;
  const prefix = pincode.slice(0, 3);
  let slice = slices.get(prefix);
  if (!slice) {
    slice = fetchImpl(`/pincodes/${prefix}.json`).then(async (r) => {
      // A district with no PINs has no slice: every PIN in it is unknown.
      if (r.status === 404) return {};
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return (await r.json()) as Record<string, Omit<PincodeInfo, 'pincode'>>;
    });
    slices.set(prefix, slice);
  }
  try {
    const entry = (await slice)[pincode];
    const info = entry ? { pincode, ...entry } : null;
    known.set(pincode, info);
    return info;
  } catch {
    slices.delete(prefix);
    return undefined;
  }
}

/** What an earlier lookup found for a PIN (undefined when it was not looked up, or could not be). */
export const lookedUpPin = (pincode: string): PincodeInfo | null | undefined => known.get(pincode);
