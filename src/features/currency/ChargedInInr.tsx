/**
 * Where money is committed (cart page, cart drawer, checkout summary): the line that tells a shopper
 * browsing in another currency what they will actually pay (always rupees; converted prices are
 * approximate), and ChargedPrice, which says each amount there as PriceTag does everywhere ("≈ $12.34")
 * with the rupees charged under it. Apart from PriceTag so the listing's first load does not carry it.
 */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { formatINR } from '../../shared/money';
import { $currency, $formatPrice } from './currency.store';
import { PriceTag, useFormatPrice } from './PriceTag';
import './price.css';

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

/** An amount that will be charged: the display-currency price, and in another currency "₹1,049 charged" under it. */
export function ChargedPrice({ amount }: { amount: number }) {
  const inr = formatINR(amount);
  // Rupees until hydrated, with no rates, or with INR chosen: then the amount already says what is charged.
  const converted = useFormatPrice()(amount) !== inr;
  return (
    <>
      <PriceTag amount={amount} />
      {converted && <span className="price-charged"> {inr} charged</span>}
    </>
  );
}
