/**
 * GSTIN checks shared by the catalogue schema (the seller's number) and the invoice module. Imports nothing:
 * schemas may only import zod and each other.
 */

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN, computed from its first 14 (GSTN's base-36 Luhn-style check). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Whether a GSTIN is well formed: state code, PAN, entity number, 'Z', and a check character that matches. */
export function isWellFormedGstin(gstin: string): boolean {
  return GSTIN_SHAPE.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}
