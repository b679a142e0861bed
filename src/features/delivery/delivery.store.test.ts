import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $deliveryAnswer, $deliveryPin, checkDelivery } from './delivery.store';

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
});
