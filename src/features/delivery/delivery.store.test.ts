import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $deliveryAnswer, $deliveryPin, adoptEarlyPin, checkDelivery, pinEdited } from './delivery.store';

const fetchSlice = vi.fn(async (url: RequestInfo | URL) =>
  String(url) === '/pincodes/302.json'
    ? new Response(JSON.stringify({ '302001': { states: ['Rajasthan'], city: 'Jaipur', towns: ['Jaipur'], class: 'tier2' } }))
    : new Response('', { status: 404 }),
) as unknown as typeof fetch;

// Wed 25 Nov 2026, 11:30 in India.
const now = () => new Date('2026-11-25T06:00:00Z');

describe('checkDelivery', () => {
  beforeEach(() => {
    $deliveryAnswer.set({ kind: 'idle' });
    $deliveryPin.set('');
  });

  it('answers a known PIN with the dates and the place, and remembers it', async () => {
    await checkDelivery('302 001', now, fetchSlice);
    expect($deliveryAnswer.get()).toEqual({
      kind: 'dates',
      pincode: '302001',
      text: 'Delivery between Sat, 28 Nov and Sat, 5 Dec',
      place: 'Jaipur, Rajasthan',
    });
    expect($deliveryPin.get()).toBe('302001');
  });

  it('says what is wrong with a short or unknown PIN, and remembers neither', async () => {
    await checkDelivery('3020', now, fetchSlice);
    expect($deliveryAnswer.get()).toMatchObject({ kind: 'problem', text: 'Enter a 6-digit PIN code.' });
    await checkDelivery('302999', now, fetchSlice);
    expect($deliveryAnswer.get()).toMatchObject({ kind: 'problem', text: 'PIN code 302999 does not exist. Please check it.' });
    expect($deliveryPin.get()).toBe('');
  });

  it('drops a refusal once the box holds another PIN, and keeps it while the box still holds the refused one', async () => {
    await checkDelivery('302999', now, fetchSlice);
    pinEdited('302999');
    expect($deliveryAnswer.get()).toMatchObject({ kind: 'problem', pincode: '302999' });
    pinEdited('30200');
    expect($deliveryAnswer.get()).toEqual({ kind: 'idle' });
    // A dated answer names its place, so it stays while the shopper types another PIN.
    await checkDelivery('302001', now, fetchSlice);
    pinEdited('1100');
    expect($deliveryAnswer.get()).toMatchObject({ kind: 'dates', pincode: '302001' });
  });
});

describe('adoptEarlyPin', () => {
  beforeEach(() => {
    $deliveryAnswer.set({ kind: 'idle' });
    $deliveryPin.set('');
  });

  it('keeps a PIN typed before the island hydrated, digits only, and checks it when whole', () => {
    expect(adoptEarlyPin('302 001', '')).toBe('302001');
    expect($deliveryAnswer.get()).toEqual({ kind: 'checking', pincode: '302001' });
    $deliveryAnswer.set({ kind: 'idle' });
    expect(adoptEarlyPin('30', '')).toBe('30');
    expect($deliveryAnswer.get()).toEqual({ kind: 'idle' });
  });

  it('with nothing typed (the box shows what was rendered) answers the remembered PIN instead', () => {
    $deliveryPin.set('302001');
    expect(adoptEarlyPin('302001', '302001')).toBeNull();
    expect($deliveryAnswer.get()).toEqual({ kind: 'checking', pincode: '302001' });
    $deliveryAnswer.set({ kind: 'idle' });
    // Hydrating over the server's empty box: the remembered PIN shows once the page renders again.
    expect(adoptEarlyPin('', '302001')).toBeNull();
  });
});
