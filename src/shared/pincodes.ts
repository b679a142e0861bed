/**
 * PIN codes: what the shop knows about each one (from India Post's directory, data/pincodes.json, refreshed by
 * `npm run pincodes:refresh`), the rule that classes a PIN for delivery times, and the messages a shopper
 * reads when a PIN and a state disagree. Pure: the server reads the whole directory, the browser one
 * sorting district's slice (/pincodes/110.json), and both ask these functions.
 */
import { INDIAN_STATES } from './india';

/** An Indian state or union territory as the checkout names it. */
export type IndianState = (typeof INDIAN_STATES)[number];

/**
 * data/pincodes.json: per PIN, [indexes into `states`, districts, towns (its sub and head post offices), and the
 * city when its district does not name it: the town of its head office in a district named for a region (799001
 * Agartala in West Tripura, 793001 Shillong in East Khasi Hills)].
 */
export interface PincodeDirectoryFile {
  source: string;
  refreshed: string;
  states: string[];
  pins: Record<string, [states: number[], districts: string[], towns: string[], city?: string]>;
}

/** How far a PIN is from the shop's couriers' fast lanes: sets its delivery window. */
export type PinClass = 'metro' | 'tier2' | 'remote';

/** What the shop knows about one PIN code, as checkout and 'Check delivery' use it. */
export interface PincodeInfo {
  pincode: string;
  /** The states it lies in: one, or (rarely) none known, when any state is accepted. */
  states: IndianState[];
  /** The city box's suggestion, and the other towns it may be (the box stays editable). */
  city: string;
  towns: string[];
  class: PinClass;
}

/** A 6-digit PIN code (none starts with 0). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/**
 * Metro PINs: the districts of the six metros and their continuous urban areas (Delhi NCR, Mumbai, Kolkata,
 * Chennai, Bengaluru, Hyderabad) plus Pune and Ahmedabad, where couriers deliver in their shortest window.
 */
const METRO_DISTRICTS = new Set([
  // Spelled as India Post's directory spells them (a test checks each is in data/pincodes.json).
  'New Delhi',
  'Gurugram',
  'Faridabad',
  'Gautam Buddha Nagar',
  'Ghaziabad',
  'Mumbai',
  'Mumbai Suburban',
  'Thane',
  'Kolkata',
  'Chennai',
  'Bengaluru Urban',
  'Hyderabad',
  'Medchal Malkajgiri',
  'Ranga Reddy',
  'Pune',
  'Ahmadabad',
]);

/** Districts whose city goes by another name: the name a shopper writes in the city box. */
const CITY_OF_DISTRICT: Readonly<Record<string, string>> = {
  Ahmadabad: 'Ahmedabad',
  'Ranga Reddy': 'Hyderabad',
  'Medchal Malkajgiri': 'Hyderabad',
  'Gautam Buddha Nagar': 'Noida',
  'S.A.S Nagar': 'Mohali',
  // Districts named for the city they hold (Kanpur Dehat is Kanpur's rural district).
  'Kamrup Metro': 'Guwahati',
  'Kanpur Nagar': 'Kanpur',
};

/**
 * Remote PINs: the north-eastern states, Jammu and Kashmir, Ladakh and the island territories, where
 * couriers reach fewer days a week (the longest window).
 */
const REMOTE_STATES = new Set<IndianState>([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/** Classes a PIN: metro by district (all of Delhi is metro), remote by state, tier-2 everywhere else. */
export function classOfPin(states: readonly IndianState[], districts: readonly string[]): PinClass {
  if (states.includes('Delhi') || districts.some((d) => METRO_DISTRICTS.has(d))) return 'metro';
  if (states.length > 0 && states.every((s) => REMOTE_STATES.has(s))) return 'remote';
  return 'tier2';
}

/** The city a shopper would write for a district: 'Bengaluru Urban' -> 'Bengaluru', 'Mumbai Suburban' -> 'Mumbai'. */
export function cityOfDistrict(district: string): string {
  return CITY_OF_DISTRICT[district] ?? district.replace(/\s+(Urban|Rural|Suburban)$/i, '').trim();
}

/** The metro districts' names, for the test that keeps them spelled as the directory spells them. */
export const metroDistricts = (): readonly string[] => [...METRO_DISTRICTS];

/** What the directory says about a PIN, or null when India Post has no such PIN. */
export function lookupPincode(file: Pick<PincodeDirectoryFile, 'states' | 'pins'>, pincode: string): PincodeInfo | null {
  const entry = PINCODE_PATTERN.test(pincode) ? file.pins[pincode] : undefined;
  if (!entry) return null;
  const [stateIndexes, districts, offices, headOfficeCity] = entry;
  const states = stateIndexes
    .map((i) => file.states[i])
    .filter((s): s is IndianState => (INDIAN_STATES as readonly string[]).includes(s ?? ''));
  const districtCities = districts.map(cityOfDistrict);
  const city = states.includes('Delhi')
    ? districts.includes('New Delhi')
      ? 'New Delhi'
      : 'Delhi'
    : (headOfficeCity ?? districtCities[0] ?? offices[0] ?? '');
  const towns = [...new Set([city, ...districtCities, ...offices].filter(Boolean))];
  return { pincode, states, city, towns, class: classOfPin(states, districts) };
}

/** The message for a PIN India Post does not have. */
export const unknownPincodeMessage = (pincode: string): string => `PIN code ${pincode} does not exist. Please check it.`;

/**
 * Why an address's state cannot be right for its PIN ('PIN code 110001 is in Delhi, not Karnataka'), or null
 * when it can (a PIN with no known state accepts any).
 */
export function stateMismatchMessage(info: PincodeInfo, state: string): string | null {
  if (info.states.length === 0 || (info.states as readonly string[]).includes(state)) return null;
  return `PIN code ${info.pincode} is in ${info.states.join(' or ')}, not ${state}`;
}
