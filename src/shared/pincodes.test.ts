import { describe, expect, it } from 'vitest';
import directory from '../../data/pincodes.json' with { type: 'json' };
import { cityOfDistrict, classOfPin, lookupPincode, metroDistricts, stateMismatchMessage, type PincodeDirectoryFile } from './pincodes';
import { INDIAN_STATES } from './india';

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
});
