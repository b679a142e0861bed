import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@shared/types';
import { formatConverted } from '@shared/money';
import { currencySymbol, pricesNote } from './prices-note';

describe('pricesNote', () => {
  it('says plainly that prices are in rupees while INR is chosen', () => {
    expect(pricesNote('INR')).toBe('Prices in INR (₹)');
  });

  it('says another currency is approximate and that payment is in rupees', () => {
    expect(pricesNote('USD')).toBe('Prices shown in USD ($) are approximate; you pay in INR (₹)');
    expect(pricesNote('GBP')).toBe('Prices shown in GBP (£) are approximate; you pay in INR (₹)');
  });

  it('names each currency with the sign its converted prices carry', () => {
    const rates = Object.fromEntries(CURRENCIES.map((code) => [code, 1])) as Parameters<typeof formatConverted>[2];
    for (const code of CURRENCIES.filter((c) => c !== 'INR')) {
      expect(formatConverted(100, code, rates)).toContain(currencySymbol(code));
    }
  });
});
