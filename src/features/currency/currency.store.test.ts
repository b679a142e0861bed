import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import type { CurrencyRates } from '@shared/types';
import { $currency, $currencyRates, $formatPrice, setCurrency, setCurrencyRates } from './currency.store';

const rates: CurrencyRates = { INR: 1, USD: 0.012, AED: 0.044, EUR: 0.011, AUD: 0.018, GBP: 0.0095 };

beforeEach(() => {
  useTestStorageEngine();
  keepMount($currency);
  keepMount($formatPrice);
  setCurrency('INR');
  $currencyRates.set(null);
});

afterEach(() => {
  cleanStores($currency, $currencyRates, $formatPrice);
  cleanTestStorage();
});

describe('currency store', () => {
  it('defaults to INR', () => {
    expect($currency.get()).toBe('INR');
  });

  it('remembers the chosen currency under "currency"', () => {
    setCurrency('USD');
    expect($currency.get()).toBe('USD');
    expect(getTestStorage()['currency']).toBe('USD');
  });

  it('ignores codes it does not offer', () => {
    setCurrency('JPY');
    expect($currency.get()).toBe('INR');
  });

  it('falls back to INR when the stored code is not offered', () => {
    setTestStorageKey('currency', 'BTC');
    expect($currency.get()).toBe('INR');
  });

  it('formats in INR until rates arrive, then converts for display', () => {
    setCurrency('USD');
    expect($formatPrice.get()(1000)).toBe('₹1,000');
    setCurrencyRates(rates);
    expect($formatPrice.get()(1000)).toBe('≈ $12.00');
  });
});
