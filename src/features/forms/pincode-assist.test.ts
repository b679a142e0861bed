import { describe, expect, it, vi } from 'vitest';
import { ShippingAddressSchema } from '@shared/schemas/address';
import { createForm } from './form.store';
import { createPincodeAssist } from './pincode-assist';

const empty = { firstName: '', lastName: '', address: '', apartment: '', city: '', state: '', pincode: '', phone: '', email: '' };

/** A fetch that serves one district's slice as the build writes it. */
function sliceFetch(prefix: string, slice: Record<string, unknown>) {
  return vi.fn(async (url: RequestInfo | URL) =>
    String(url) === `/pincodes/${prefix}.json` ? new Response(JSON.stringify(slice)) : new Response('', { status: 404 }),
  ) as unknown as typeof fetch;
}

describe('createPincodeAssist', () => {
  it('fills the state and city from a PIN, offers its towns, and keeps a city the shopper typed', async () => {
    const fetchImpl = sliceFetch('560', {
      '560025': { states: ['Karnataka'], city: 'Bengaluru', towns: ['Bengaluru', 'Richmond Town'], class: 'metro' },
    });
    const form = createForm(ShippingAddressSchema, empty);
    const pin = createPincodeAssist(form, { fetchImpl });
    form.set('pincode', '560025');
    await pin.pincodeChanged('560025');
    expect(form.$fields.get()).toMatchObject({ state: 'Karnataka', city: 'Bengaluru' });
    expect(pin.$towns.get()).toEqual(['Bengaluru', 'Richmond Town']);

    const typed = createForm(ShippingAddressSchema, { ...empty, city: 'Richmond Town' });
    const typedPin = createPincodeAssist(typed, { fetchImpl });
    typed.set('pincode', '560025');
    await typedPin.pincodeChanged('560025');
    expect(typed.$fields.get()).toMatchObject({ state: 'Karnataka', city: 'Richmond Town' });
    // One fetch for the district, however many PINs in it are typed.
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('says a PIN does not exist, and marks a state that is not the PIN’s before sending', async () => {
    const fetchImpl = sliceFetch('110', { '110001': { states: ['Delhi'], city: 'New Delhi', towns: ['New Delhi'], class: 'metro' } });
    const form = createForm(ShippingAddressSchema, empty);
    const pin = createPincodeAssist(form, { fetchImpl });
    form.set('pincode', '110099');
    await pin.pincodeChanged('110099');
    expect(form.$errors.get()['pincode']).toBe('PIN code 110099 does not exist. Please check it.');
    expect(pin.check()).toBe(false);

    form.set('pincode', '110001');
    await pin.pincodeChanged('110001');
    form.set('state', 'Karnataka');
    expect(pin.check()).toBe(false);
    expect(form.$errors.get()['state']).toBe('PIN code 110001 is in Delhi, not Karnataka');
  });

  it('takes back its messages once they no longer hold: a PIN in the chosen state, or an address outside India', async () => {
    const slices: Record<string, Record<string, unknown>> = {
      '/pincodes/110.json': { '110001': { states: ['Delhi'], city: 'New Delhi', towns: ['New Delhi'], class: 'metro' } },
      '/pincodes/560.json': { '560025': { states: ['Karnataka'], city: 'Bengaluru', towns: ['Bengaluru'], class: 'metro' } },
    };
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) =>
      slices[String(url)] ? new Response(JSON.stringify(slices[String(url)])) : new Response('', { status: 404 }),
    ) as unknown as typeof fetch;
    const form = createForm(ShippingAddressSchema, empty);
    let india = true;
    const pin = createPincodeAssist(form, { fetchImpl, applies: () => india });
    form.set('pincode', '110001');
    await pin.pincodeChanged('110001');
    form.set('state', 'Karnataka');
    expect(pin.check()).toBe(false);
    expect(form.$errors.get()['state']).toBe('PIN code 110001 is in Delhi, not Karnataka');

    // The PIN was the mistake: typed again, it is in the state already chosen, so nothing fills the state, yet
    // the message about the old PIN goes.
    form.set('pincode', '560025');
    await pin.pincodeChanged('560025');
    expect(form.$fields.get()).toMatchObject({ state: 'Karnataka', city: 'Bengaluru' });
    expect(form.$errors.get()['state']).toBeUndefined();
    expect(pin.check()).toBe(true);

    // A message of the form's own (the schema's) is not the helper's to take back.
    form.$errors.setKey('state', 'State is required');
    await pin.pincodeChanged('560025');
    expect(form.$errors.get()['state']).toBe('State is required');

    // An unknown PIN, then the address moves out of India: the PIN's message no longer applies there.
    form.set('pincode', '110099');
    await pin.pincodeChanged('110099');
    expect(form.$errors.get()['pincode']).toBe('PIN code 110099 does not exist. Please check it.');
    india = false;
    await pin.pincodeChanged('110099');
    expect(form.$errors.get()['pincode']).toBeUndefined();
  });

  it('changes nothing for a PIN typed over before its district arrived, or when offline', async () => {
    const form = createForm(ShippingAddressSchema, empty);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const pin = createPincodeAssist(form, { fetchImpl: offline });
    form.set('pincode', '400001');
    await pin.pincodeChanged('400001');
    expect(form.$fields.get()).toMatchObject({ state: '', city: '' });
    expect(form.$errors.get()).toEqual({});
    // Unknown, not refused: the server checks the PIN when the order is sent.
    expect(pin.check()).toBe(true);
  });
});
