import { describe, expect, it } from 'vitest';
import directory from '../../data/pincodes.json' with { type: 'json' };
import { isInZone, zoneStates } from './pin-zones';
import type { PincodeDirectoryFile } from './pincodes';

describe('zoneStates and isInZone', () => {
  it('place a PIN in its circle by its first two digits', () => {
    expect(zoneStates('110001')).toEqual(['Delhi']);
    expect(zoneStates('560025')).toEqual(['Karnataka']);
    expect(isInZone('302001', 'Rajasthan')).toBe(true);
    expect(isInZone('302001', 'Gujarat')).toBe(false);
    expect(isInZone('248001', 'Uttarakhand')).toBe(true);
    expect(isInZone('834001', 'Jharkhand')).toBe(true);
  });

  it('give a union territory or a state its own sorting districts inside another’s circle', () => {
    expect(zoneStates('403001')).toEqual(['Goa']);
    expect(isInZone('403001', 'Maharashtra')).toBe(false);
    expect(isInZone('160017', 'Chandigarh')).toBe(true);
    expect(isInZone('194101', 'Ladakh')).toBe(true);
    expect(isInZone('190001', 'Ladakh')).toBe(false);
    expect(isInZone('396210', 'Dadra and Nagar Haveli and Daman and Diu')).toBe(true);
    expect(isInZone('605001', 'Puducherry')).toBe(true);
    expect(isInZone('682555', 'Lakshadweep')).toBe(true);
    expect(isInZone('737101', 'Sikkim')).toBe(true);
    expect(isInZone('744101', 'Andaman and Nicobar Islands')).toBe(true);
    // The north-east: one state per sorting district.
    expect(zoneStates('799001')).toEqual(['Tripura']);
    expect(isInZone('799001', 'Telangana')).toBe(false);
    expect(isInZone('799001', 'Meghalaya')).toBe(false);
  });

  it('keeps Telangana (50) and Andhra Pradesh (51–53) apart', () => {
    expect(isInZone('504346', 'Andhra Pradesh')).toBe(false);
    expect(isInZone('531149', 'Telangana')).toBe(false);
  });

  it('accepts any state for an Army Postal Service PIN, and none for a prefix India Post has not assigned', () => {
    expect(zoneStates('900001')).toBeNull();
    expect(isInZone('900001', 'Kerala')).toBe(true);
    expect(zoneStates('290001')).toEqual([]);
  });
});

describe('the shipped directory', () => {
  const shipped = directory as unknown as PincodeDirectoryFile;

  it('puts no PIN in a state outside its zone (npm run pincodes:refresh corrects or drops such offices)', () => {
    const outside = Object.entries(shipped.pins).flatMap(([pin, [states]]) =>
      states.map((i) => shipped.states[i] ?? `state #${i}`).flatMap((state) => (isInZone(pin, state) ? [] : [`${pin} ${state}`])),
    );
    expect(outside).toEqual([]);
  });

  it('has no PIN outside India Post’s zones', () => {
    expect(Object.keys(shipped.pins).filter((pin) => zoneStates(pin)?.length === 0)).toEqual([]);
  });
});
