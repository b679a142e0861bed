/**
 * The line that tells a shopper browsing in another currency what they will actually pay: always
 * rupees (the converted prices are approximate). Shown by the cart and, later, the checkout summary.
 */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { formatINR } from '../../shared/money';
import { $currency, $formatPrice } from './currency.store';

/** Props of ChargedInInr: the amount due in rupees. */
export interface ChargedInInrProps {
  amount: number;
  className?: string;
}

/** Renders nothing while prices show in rupees. */
export function ChargedInInr({ amount, className }: ChargedInInrProps) {
  const currency = useStore($currency);
  const format = useStore($formatPrice);
  const hydrated = useHydrated();
  if (!hydrated || currency === 'INR') return null;
  const inr = formatINR(amount);
  const shown = format(amount);
  return (
    <p className={className}>
      You pay in Indian rupees: <strong>{inr}</strong>
      {shown !== inr && ` (${shown})`}
    </p>
  );
}
