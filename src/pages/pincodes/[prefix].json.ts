/**
 * /pincodes/110.json: the PIN codes of one sorting district (the first three digits) with their state, a
 * city to fill in, other towns and their delivery class, built from data/pincodes.json. The browser fetches
 * the slice it needs (a few KB) when a shopper types a PIN: checkout fills city and state, and 'Check
 * delivery' dates a parcel, with no call to a function or to anyone else.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import directory from '../../../data/pincodes.json' with { type: 'json' };
import { lookupPincode, type PincodeDirectoryFile } from '@shared/pincodes';

// Typed by hand: TypeScript would otherwise spell out all 19,586 PINs as the JSON's type.
const file = directory as unknown as PincodeDirectoryFile;

export const getStaticPaths = (() => {
  const prefixes = new Set(Object.keys(file.pins).map((pin) => pin.slice(0, 3)));
  return [...prefixes].map((prefix) => ({ params: { prefix } }));
}) satisfies GetStaticPaths;

/** The slice's PINs, each as lookupPincode describes it (without repeating the PIN). */
export const GET: APIRoute = ({ params }) => {
  const prefix = String(params.prefix);
  const pins = Object.keys(file.pins).filter((pin) => pin.startsWith(prefix));
  const slice = Object.fromEntries(
    pins.map((pin) => {
      const { pincode: _pincode, ...info } = lookupPincode(file, pin)!;
      return [pin, info];
    }),
  );
  return new Response(JSON.stringify(slice), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
