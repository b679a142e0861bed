/** Display names and flag images of the offered currencies (each with a flag image). */
import type { CurrencyCode } from '@shared/types';

/** What the currency dropdown shows for one currency. */
export interface CurrencyOption {
  code: CurrencyCode;
  name: string;
  flag: string;
}

/** The offered currencies in menu order, INR first (the default and the charging currency). */
export const CURRENCY_OPTIONS: readonly CurrencyOption[] = [
  { code: 'INR', name: 'Indian Rupee', flag: '/images/flags/in.svg' },
  { code: 'USD', name: 'US Dollar', flag: '/images/flags/us.svg' },
  { code: 'AED', name: 'UAE Dirham', flag: '/images/flags/ae.svg' },
  { code: 'EUR', name: 'Euro', flag: '/images/flags/eu.svg' },
  { code: 'AUD', name: 'Australian Dollar', flag: '/images/flags/au.svg' },
  { code: 'GBP', name: 'British Pound', flag: '/images/flags/gb.svg' },
];
