import { describe, expect, it } from 'vitest';
import directory from '../../data/pincodes.json' with { type: 'json' };
import {
  cityOfDistrict,
  classOfPin,
  lookupPincode,
  metroDistricts,
  stateMismatchMessage,
  type IndianState,
  type PincodeDirectoryFile,
} from './pincodes';
import { INDIAN_STATES } from './india';

/**
 * Every state's and union territory's seat of government: its head post office's PIN and the city a shopper
 * there writes. Where the capital has no head office, its main sub office (Daman) or the head office that serves
 * it (Guntur for Amaravati); Punjab's and Haryana's capital, Chandigarh, is a union territory of its own, so
 * theirs is the town across its border (Mohali, Panchkula).
 */
const CAPITALS: readonly [IndianState, string, string][] = [
  ['Andaman and Nicobar Islands', '744101', 'Port Blair'],
  ['Andhra Pradesh', '522002', 'Guntur'],
  ['Arunachal Pradesh', '791111', 'Itanagar'],
  ['Assam', '781001', 'Guwahati'],
  ['Assam', '781006', 'Guwahati'],
  ['Bihar', '800001', 'Patna'],
  ['Chandigarh', '160017', 'Chandigarh'],
  ['Chhattisgarh', '492001', 'Raipur'],
  ['Dadra and Nagar Haveli and Daman and Diu', '396210', 'Daman'],
  ['Delhi', '110001', 'New Delhi'],
  ['Goa', '403001', 'Panaji'],
  ['Gujarat', '382010', 'Gandhinagar'],
  ['Haryana', '134109', 'Panchkula'],
  ['Himachal Pradesh', '171001', 'Shimla'],
  ['Jammu and Kashmir', '190001', 'Srinagar'],
  ['Jammu and Kashmir', '180001', 'Jammu'],
  ['Jharkhand', '834001', 'Ranchi'],
  ['Karnataka', '560001', 'Bengaluru'],
  ['Kerala', '695001', 'Thiruvananthapuram'],
  ['Ladakh', '194101', 'Leh'],
  ['Lakshadweep', '682555', 'Kavaratti'],
  ['Madhya Pradesh', '462001', 'Bhopal'],
  ['Maharashtra', '400001', 'Mumbai'],
  ['Manipur', '795001', 'Imphal'],
  ['Meghalaya', '793001', 'Shillong'],
  ['Mizoram', '796001', 'Aizawl'],
  ['Nagaland', '797001', 'Kohima'],
  ['Odisha', '751001', 'Bhubaneswar'],
  ['Puducherry', '605001', 'Pondicherry'],
  ['Punjab', '160062', 'Mohali'],
  ['Rajasthan', '302001', 'Jaipur'],
  ['Sikkim', '737101', 'Gangtok'],
  ['Tamil Nadu', '600001', 'Chennai'],
  ['Telangana', '500001', 'Hyderabad'],
  ['Tripura', '799001', 'Agartala'],
  ['Uttar Pradesh', '226001', 'Lucknow'],
  ['Uttarakhand', '248001', 'Dehradun'],
  ['West Bengal', '700001', 'Kolkata'],
];

const idx = (state: (typeof INDIAN_STATES)[number]) => INDIAN_STATES.indexOf(state);
const file: Pick<PincodeDirectoryFile, 'states' | 'pins'> = {
  states: [...INDIAN_STATES],
  pins: {
    '110001': [[idx('Delhi')], ['New Delhi'], ['Baroda House', 'Supreme Court']],
    '560025': [[idx('Karnataka')], ['Bengaluru Urban'], ['Richmond Town']],
    '781001': [[idx('Assam')], ['Kamrup Metro'], ['Guwahati']],
    '504273': [[idx('Telangana')], ['Kumuram Bheem Asifabad', 'Mancherial'], ['Rechini']],
    '999001': [[], ['Somewhere'], []],
  },
};

describe('lookupPincode', () => {
  it('gives the state, a city to fill in, the other towns, and the PIN class', () => {
    expect(lookupPincode(file, '560025')).toEqual({
      pincode: '560025',
      states: ['Karnataka'],
      city: 'Bengaluru',
      towns: ['Bengaluru', 'Richmond Town'],
      class: 'metro',
    });
    expect(lookupPincode(file, '110001')).toMatchObject({ city: 'New Delhi', class: 'metro' });
    expect(lookupPincode(file, '781001')).toMatchObject({ states: ['Assam'], class: 'remote' });
    expect(lookupPincode(file, '504273')).toMatchObject({
      city: 'Kumuram Bheem Asifabad',
      towns: expect.arrayContaining(['Mancherial']),
      class: 'tier2',
    });
  });

  it('knows no PIN that is not in the directory, or not six digits', () => {
    expect(lookupPincode(file, '110099')).toBeNull();
    expect(lookupPincode(file, '11000')).toBeNull();
    expect(lookupPincode(file, '011001')).toBeNull();
  });
});

describe('stateMismatchMessage', () => {
  it('names the PIN, its state and the state given', () => {
    expect(stateMismatchMessage(lookupPincode(file, '110001')!, 'Karnataka')).toBe('PIN code 110001 is in Delhi, not Karnataka');
    expect(stateMismatchMessage(lookupPincode(file, '110001')!, 'Delhi')).toBeNull();
  });

  it('accepts any state for a PIN whose state India Post does not give', () => {
    expect(stateMismatchMessage(lookupPincode(file, '999001')!, 'Goa')).toBeNull();
  });
});

describe('classOfPin and cityOfDistrict', () => {
  it('classes metro districts, remote states and the rest', () => {
    expect(classOfPin(['Maharashtra'], ['Mumbai Suburban'])).toBe('metro');
    expect(classOfPin(['Ladakh'], ['Leh'])).toBe('remote');
    expect(classOfPin(['Rajasthan'], ['Jaipur'])).toBe('tier2');
  });

  it('turns district names into the city a shopper writes', () => {
    expect(cityOfDistrict('Mumbai Suburban')).toBe('Mumbai');
    expect(cityOfDistrict('Jaipur')).toBe('Jaipur');
  });
});

describe('the shipped directory', () => {
  const shipped = directory as unknown as PincodeDirectoryFile;

  it('spells every metro district as India Post does, so no metro PIN is classed tier-2 by a spelling', () => {
    const districts = new Set(Object.values(shipped.pins).flatMap(([, d]) => d));
    expect(metroDistricts().filter((d) => !districts.has(d))).toEqual([]);
  });

  it('classes the metros’ PINs as metro and names their cities as shoppers do', () => {
    expect(lookupPincode(shipped, '380001')).toMatchObject({ states: ['Gujarat'], city: 'Ahmedabad', class: 'metro' });
    expect(lookupPincode(shipped, '500019')).toMatchObject({ states: ['Telangana'], city: 'Hyderabad', class: 'metro' });
    expect(lookupPincode(shipped, '110001')).toMatchObject({ states: ['Delhi'], city: 'New Delhi', class: 'metro' });
    expect(lookupPincode(shipped, '302001')).toMatchObject({ states: ['Rajasthan'], city: 'Jaipur', class: 'tier2' });
    expect(lookupPincode(shipped, '194101')).toMatchObject({ states: ['Ladakh'], class: 'remote' });
  });

  it('lets a shopper in every state and union territory check out with their capital’s PIN, and names its city', () => {
    expect(new Set(CAPITALS.map(([state]) => state))).toEqual(new Set(INDIAN_STATES));
    const wrong = CAPITALS.flatMap(([state, pin, city]) => {
      const info = lookupPincode(shipped, pin);
      const seen = info && { states: info.states, city: info.city, refused: stateMismatchMessage(info, state) };
      return JSON.stringify(seen) === JSON.stringify({ states: [state], city, refused: null })
        ? []
        : [{ pin, expected: [state, city], seen }];
    });
    expect(wrong).toEqual([]);
  });

  it('places Agartala’s head office in Tripura, as ‘Check delivery’ and checkout name it', () => {
    const agartala = lookupPincode(shipped, '799001')!;
    expect(agartala).toMatchObject({ states: ['Tripura'], city: 'Agartala', class: 'remote' });
    expect(agartala.towns).toContain('West Tripura');
    expect(stateMismatchMessage(agartala, 'Telangana')).toBe('PIN code 799001 is in Tripura, not Telangana');
  });

  it('takes a head office’s town for a district named for a region, and keeps a district that is a town', () => {
    expect(lookupPincode(shipped, '793001')).toMatchObject({ city: 'Shillong', towns: expect.arrayContaining(['East Khasi Hills']) });
    expect(lookupPincode(shipped, '534201')).toMatchObject({ states: ['Andhra Pradesh'], city: 'Bhimavaram' });
    // A town's district names it, head office or not; a metro's head offices name neighbourhoods.
    expect(lookupPincode(shipped, '302001')).toMatchObject({ city: 'Jaipur' });
    expect(lookupPincode(shipped, '700016')).toMatchObject({ city: 'Kolkata' });
  });
});

describe('a head office’s city in the directory', () => {
  it('comes before the district’s name, and Delhi’s rule before both', () => {
    const withCity: Pick<PincodeDirectoryFile, 'states' | 'pins'> = {
      states: [...INDIAN_STATES],
      pins: {
        '799001': [[idx('Tripura')], ['West Tripura'], ['Agartala', 'Agartala Bazar'], 'Agartala'],
        '110003': [[idx('Delhi')], ['South'], ['Lodi Road'], 'Lodi Road'],
      },
    };
    expect(lookupPincode(withCity, '799001')).toMatchObject({ city: 'Agartala', towns: ['Agartala', 'West Tripura', 'Agartala Bazar'] });
    expect(lookupPincode(withCity, '110003')).toMatchObject({ city: 'Delhi' });
  });
});
