/**
 * A price in the shopper's display currency. The static HTML (and the first client render) always
 * shows rupees, so hydration matches; afterwards it follows the currency picked in the header
 * ("≈ $12.34"). Charging is always in INR; the rupee amount stays in the title for reference.
 */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { formatINR } from '@shared/money';
import { $currency, $formatPrice } from './currency.store';

/** Returns a formatter for INR amounts in the display currency; rupees until hydrated. Use inside islands. */
export function useFormatPrice(): (amountInInr: number) => string {
  const format = useStore($formatPrice);
  return useHydrated() ? format : formatINR;
}

/** Props of PriceTag: the amount in rupees, and an optional class. */
export interface PriceTagProps {
  amount: number;
  className?: string;
}

/** Renders one price; converted amounts carry the rupee price in their title. */
export function PriceTag({ amount, className }: PriceTagProps) {
  const format = useFormatPrice();
  const currency = useStore($currency);
  const hydrated = useHydrated();
  const converted = hydrated && currency !== 'INR';
  const inr = formatINR(amount);
  return (
    <span className={className} title={converted ? `Charged in rupees: ${inr}` : undefined} data-price-inr={amount}>
      {format(amount)}
    </span>
  );
}

export default PriceTag;
