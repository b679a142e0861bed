import { describe, expect, it } from 'vitest';
import {
  changeOf,
  changeText,
  customRangeProblem,
  daysCsv,
  ordersHref,
  piecesCsv,
  presetRange,
  rangeFromSearch,
  rateText,
  searchOfRange,
} from './dashboard';

// 7 Dec 2026, 03:30 in India (6 Dec, 22:00 UTC): India's day has turned, the server's has not.
const NOW = new Date('2026-12-06T22:00:00Z');

describe('the dashboard’s ranges, in India’s days', () => {
  it('ends every preset today in India, whatever the machine’s clock zone says', () => {
    expect(presetRange('today', NOW)).toEqual({ preset: 'today', from: '2026-12-07', to: '2026-12-07' });
    expect(presetRange('7d', NOW)).toEqual({ preset: '7d', from: '2026-12-01', to: '2026-12-07' });
    expect(presetRange('30d', NOW)).toEqual({ preset: '30d', from: '2026-11-08', to: '2026-12-07' });
    expect(presetRange('month', NOW)).toEqual({ preset: 'month', from: '2026-12-01', to: '2026-12-07' });
  });

  it('reads a range from the address and writes it back: presets by name, custom by dates; 7 days for anything else', () => {
    expect(rangeFromSearch('?range=30d', NOW)).toEqual(presetRange('30d', NOW));
    expect(rangeFromSearch('?from=2026-11-01&to=2026-11-30', NOW)).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-30' });
    expect(rangeFromSearch('?from=2026-11-30&to=2026-11-01', NOW)).toEqual(presetRange('7d', NOW));
    expect(rangeFromSearch('?from=2024-01-01&to=2026-11-01', NOW)).toEqual(presetRange('7d', NOW));
    expect(rangeFromSearch('?range=custom', NOW)).toEqual(presetRange('7d', NOW));
    expect(searchOfRange({ preset: 'month', from: '2026-12-01', to: '2026-12-07' })).toBe('?range=month');
    expect(searchOfRange({ preset: 'custom', from: '2026-11-01', to: '2026-11-30' })).toBe('?from=2026-11-01&to=2026-11-30');
  });

  it('says why two dates are not a range, with the server’s own words', () => {
    expect(customRangeProblem('', '2026-12-01')).toBe('Choose both dates');
    expect(customRangeProblem('2026-12-02', '2026-12-01')).toBe('From must be on or before To');
    expect(customRangeProblem('2025-12-01', '2026-12-02')).toBe('A range covers at most 366 days');
    expect(customRangeProblem('2025-12-01', '2026-12-01')).toBeNull();
  });
});

describe('comparisons and rates', () => {
  it('compares with the range before in per cent, and says so in words', () => {
    expect(changeOf(150, 100)).toBe(50);
    expect(changeOf(1, 3)).toBe(-66.7);
    expect(changeOf(5, 0)).toBeNull();
    expect(changeText(150, 100, 7)).toBe('up 50% on the 7 days before');
    expect(changeText(50, 100, 1)).toBe('down 50% on the day before');
    expect(changeText(0, 0, 7)).toBe('none, as in the 7 days before');
    expect(changeText(3, 0, 7)).toBe('none in the 7 days before');
    expect(rateText(1, 3)).toBe('33.3%');
    expect(rateText(1, 0)).toBe('—');
  });
});

describe('CSV and links', () => {
  it('writes a chart’s numbers with rupees a spreadsheet sums, and a piece’s name that cannot run as a formula', () => {
    expect(daysCsv([{ day: '2026-12-07', orders: 2, salesPaise: 123_450, revenuePaise: 100_005, views: 9 }])).toBe(
      'Day,Orders,Sales (₹),Revenue (₹),Product views\n2026-12-07,2,1234.50,1000.05,9\n',
    );
    const csv = piecesCsv([
      { productId: 'a', name: '=HYPERLINK("x"), ring', units: 1, revenuePaise: 50_000, orders: 1, views: 4, returns: 0 },
    ]);
    expect(csv.split('\n')[1]).toBe(`"'=HYPERLINK(""x""), ring",1,500.00,1,4,25%,0`);
  });

  it('leads a figure to the orders it counts: sales placed in the range, by payment, or the cancelled ones', () => {
    const range = { from: '2026-12-01', to: '2026-12-07' };
    expect(ordersHref(range)).toBe('/admin/orders?from=2026-12-01&to=2026-12-07&sale=yes');
    expect(ordersHref(range, { payment: 'cod' })).toBe('/admin/orders?from=2026-12-01&to=2026-12-07&sale=yes&payment=cod');
    expect(ordersHref(range, { status: 'cancelled' })).toBe('/admin/orders?from=2026-12-01&to=2026-12-07&sale=yes&status=cancelled');
  });
});
