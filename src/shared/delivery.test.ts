import { describe, expect, it } from 'vitest';
import { calendarCovers, deliveryMessage, deliveryWindow, formatDeliveryDay, isBusinessDay } from './delivery';

/** An instant given in India time. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('deliveryWindow', () => {
  it('counts processing then transit in business days from an order placed before the 2 pm cut-off', () => {
    // Wed 25 Nov 2026, 11:30: processing starts that day; a metro PIN gets 1+3 to 3+5 business days.
    expect(deliveryWindow('metro', ist('2026-11-25T11:30:00'))).toEqual({ from: '2026-11-28', to: '2026-12-03', pinClass: 'metro' });
    expect(deliveryWindow('tier2', ist('2026-11-25T11:30:00'))).toMatchObject({ from: '2026-11-28', to: '2026-12-05' });
    expect(deliveryWindow('remote', ist('2026-11-25T11:30:00'))).toMatchObject({ from: '2026-12-01', to: '2026-12-09' });
  });

  it('starts the next business day after the cut-off, on a Sunday and on a national holiday', () => {
    expect(deliveryWindow('metro', ist('2026-11-25T15:30:00'))).toMatchObject({ from: '2026-11-30', to: '2026-12-04' });
    // Sun 29 Nov counts from Mon 30 Nov.
    expect(deliveryWindow('metro', ist('2026-11-29T09:00:00'))).toMatchObject({ from: '2026-12-03' });
    // Mon 26 Jan 2026 (Republic Day) counts from Tue 27 Jan.
    expect(deliveryWindow('metro', ist('2026-01-26T09:00:00'))).toMatchObject({ from: '2026-01-30' });
  });

  it('takes up to 5 processing days in the festive peak, and skips Diwali', () => {
    // Mon 2 Nov 2026 is in the peak before Diwali (8 Nov, a Sunday; the shop is closed on 9 Nov too).
    expect(deliveryWindow('metro', ist('2026-11-02T09:00:00'))).toMatchObject({ from: '2026-11-05', to: '2026-11-13' });
  });

  it('uses the day in India, not the server clock: 23:00 UTC on the 24th is the 25th in India', () => {
    expect(deliveryWindow('metro', new Date('2026-11-24T23:00:00Z'))).toEqual(deliveryWindow('metro', ist('2026-11-25T04:30:00')));
  });
});

describe('the calendar and the words', () => {
  it('knows Sundays and holidays', () => {
    expect(isBusinessDay(new Date('2026-11-29T00:00:00Z'))).toBe(false);
    expect(isBusinessDay(new Date('2026-08-15T00:00:00Z'))).toBe(false);
    expect(isBusinessDay(new Date('2026-11-28T00:00:00Z'))).toBe(true);
  });

  it('says a window as a shopper reads it', () => {
    expect(formatDeliveryDay('2026-11-26')).toBe('Thu, 26 Nov');
    expect(deliveryMessage({ from: '2026-11-28', to: '2026-11-28' })).toBe('Delivery by Sat, 28 Nov');
    expect(deliveryMessage({ from: '2026-11-30', to: '2026-12-04' })).toBe('Delivery between Mon, 30 Nov and Fri, 4 Dec');
  });
});

describe('the holiday calendar', () => {
  it('lists this year’s and next year’s festivals and peak (add the next year’s dates when this fails)', () => {
    const year = Number(new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date()));
    expect(calendarCovers(year)).toBe(true);
    expect(calendarCovers(year + 1)).toBe(true);
  });
});
