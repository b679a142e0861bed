/**
 * India Post's PIN zones: the first two digits of a PIN name its postal circle (11 Delhi, 40–44 Maharashtra,
 * 56–59 Karnataka, 79 the north-east), and a few three-digit sorting districts inside a circle belong to a union
 * territory or a state of their own (403 Goa, 737 Sikkim, 799 Tripura). A PIN's state must be one of its zone's:
 * `npm run pincodes:refresh` corrects or drops an office India Post files under a state outside it, and a test
 * holds data/pincodes.json to it. Pure: imports nothing but the state names.
 */
import type { IndianState } from './pincodes';

/**
 * The states and union territories each zone covers, by a PIN's first two digits or, where a sorting district
 * is another state's or a union territory's, its first three (the longer prefix wins).
 */
const ZONES: Readonly<Record<string, readonly IndianState[]>> = {
  '11': ['Delhi'],
  '12': ['Haryana'],
  '13': ['Haryana'],
  '14': ['Punjab'],
  '15': ['Punjab'],
  '16': ['Punjab'],
  // Chandigarh's sorting district also delivers to Mohali's sectors, in Punjab.
  '160': ['Punjab', 'Chandigarh'],
  '17': ['Himachal Pradesh'],
  '18': ['Jammu and Kashmir'],
  '19': ['Jammu and Kashmir'],
  // Leh and Kargil kept their PINs when Ladakh became a union territory in 2019.
  '194': ['Ladakh'],
  // Uttarakhand's PINs (244–249, 262–263) are sorting districts of the Uttar Pradesh zone it was carved from in 2000.
  '20': ['Uttar Pradesh', 'Uttarakhand'],
  '21': ['Uttar Pradesh', 'Uttarakhand'],
  '22': ['Uttar Pradesh', 'Uttarakhand'],
  '23': ['Uttar Pradesh', 'Uttarakhand'],
  '24': ['Uttar Pradesh', 'Uttarakhand'],
  '25': ['Uttar Pradesh', 'Uttarakhand'],
  '26': ['Uttar Pradesh', 'Uttarakhand'],
  '27': ['Uttar Pradesh', 'Uttarakhand'],
  '28': ['Uttar Pradesh', 'Uttarakhand'],
  '30': ['Rajasthan'],
  '31': ['Rajasthan'],
  '32': ['Rajasthan'],
  '33': ['Rajasthan'],
  '34': ['Rajasthan'],
  '36': ['Gujarat'],
  '37': ['Gujarat'],
  '38': ['Gujarat'],
  '39': ['Gujarat'],
  // Diu (362520, 362540, 362570) lies among Saurashtra's sorting districts; Daman and Silvassa share Valsad's (396).
  '362': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '396': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '40': ['Maharashtra'],
  '41': ['Maharashtra'],
  '42': ['Maharashtra'],
  '43': ['Maharashtra'],
  '44': ['Maharashtra'],
  '403': ['Goa'],
  '45': ['Madhya Pradesh'],
  '46': ['Madhya Pradesh'],
  '47': ['Madhya Pradesh'],
  '48': ['Madhya Pradesh'],
  '49': ['Chhattisgarh'],
  // Since the 2014 split 50 is Telangana's and 51–53 Andhra Pradesh's: the seven mandals that moved to Andhra
  // Pradesh then (Kunavaram, Chinturu, V.R. Puram, Kukunoor…) were given 533 and 534 PINs.
  '50': ['Telangana'],
  '51': ['Andhra Pradesh'],
  '52': ['Andhra Pradesh'],
  '53': ['Andhra Pradesh'],
  // Yanam, a Puducherry enclave in East Godavari.
  '533': ['Andhra Pradesh', 'Puducherry'],
  '56': ['Karnataka'],
  '57': ['Karnataka'],
  '58': ['Karnataka'],
  '59': ['Karnataka'],
  '60': ['Tamil Nadu'],
  '61': ['Tamil Nadu'],
  '62': ['Tamil Nadu'],
  '63': ['Tamil Nadu'],
  '64': ['Tamil Nadu'],
  // Puducherry (605), Bahour (607402) and Karaikal (609) lie among Tamil Nadu's sorting districts.
  '605': ['Tamil Nadu', 'Puducherry'],
  '607': ['Tamil Nadu', 'Puducherry'],
  '609': ['Tamil Nadu', 'Puducherry'],
  '67': ['Kerala'],
  '68': ['Kerala'],
  '69': ['Kerala'],
  // Mahe (673310), a Puducherry enclave in Kerala; the Lakshadweep islands share Kochi's sorting district (682551–682559).
  '673': ['Kerala', 'Puducherry'],
  '682': ['Kerala', 'Lakshadweep'],
  '70': ['West Bengal'],
  '71': ['West Bengal'],
  '72': ['West Bengal'],
  '73': ['West Bengal'],
  '74': ['West Bengal'],
  '737': ['Sikkim'],
  '744': ['Andaman and Nicobar Islands'],
  '75': ['Odisha'],
  '76': ['Odisha'],
  '77': ['Odisha'],
  '78': ['Assam'],
  // Meghalaya's villages along the Assam border (Ri Bhoi, North Garo Hills) are served by Assam's post offices
  // and carry their PINs (781029, 781131, 782410, 783134).
  '781': ['Assam', 'Meghalaya'],
  '782': ['Assam', 'Meghalaya'],
  '783': ['Assam', 'Meghalaya'],
  // The North Eastern circle: one state per sorting district.
  '790': ['Arunachal Pradesh'],
  '791': ['Arunachal Pradesh'],
  '792': ['Arunachal Pradesh'],
  '793': ['Meghalaya'],
  '794': ['Meghalaya'],
  '795': ['Manipur'],
  '796': ['Mizoram'],
  '797': ['Nagaland'],
  '798': ['Nagaland'],
  '799': ['Tripura'],
  // Jharkhand's PINs (81–83, 85) are sorting districts of the Bihar zone it was carved from in 2000.
  '80': ['Bihar', 'Jharkhand'],
  '81': ['Bihar', 'Jharkhand'],
  '82': ['Bihar', 'Jharkhand'],
  '83': ['Bihar', 'Jharkhand'],
  '84': ['Bihar', 'Jharkhand'],
  '85': ['Bihar', 'Jharkhand'],
};

/**
 * The states a PIN's zone covers; null for the Army Postal Service's PINs (first digit 9), which follow units
 * wherever they are; [] for a prefix India Post has not assigned (10, 29, 35, 54, 55, 65, 66, 86–89).
 */
export function zoneStates(pin: string): readonly IndianState[] | null {
  if (pin.startsWith('9')) return null;
  return ZONES[pin.slice(0, 3)] ?? ZONES[pin.slice(0, 2)] ?? [];
}

/** Whether a state can be a PIN's: it lies in the PIN's zone (any state does for an Army Postal Service PIN). */
export function isInZone(pin: string, state: string): boolean {
  const states = zoneStates(pin);
  return states === null || (states as readonly string[]).includes(state);
}
