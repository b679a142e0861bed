/**
 * Where money is committed (cart page, cart drawer, checkout summary): the line that tells a shopper
 * browsing in another currency what they will actually pay (always rupees; converted prices are
 * approximate), and ChargedPrice, which says each amount there as PriceTag does everywhere ("≈ $12.34")
 * with the rupees charged under it. Apart from PriceTag so the listing's first load does not carry it.
 */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { formatINR } from '@shared/money';
import { $currency, $formatPrice } from './currency.store';
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

/**
 * An amount where money is committed, said as PriceTag says every price ($formatPrice: "≈ $12.34"), and unless
 * `charged` is false the rupees charged under it. Built from the pieces the cart chunks already import, not from
 * PriceTag: importing PriceTag here made the listing's shared card chunk export it, bytes on the listing's first load.
 */
export function ChargedPrice({ amount, charged = true }: { amount: number; charged?: boolean }) {
  const format = useStore($formatPrice);
  const hydrated = useHydrated();
  const inr = formatINR(amount);
  // Rupees until hydrated (as the static HTML), with no rates, or with INR chosen.
  const shown = hydrated ? format(amount) : inr;
  const converted = shown !== inr;
  return (
    <span title={converted ? `Charged in rupees: ${inr}` : undefined} data-price-inr={amount}>
      {shown}
      {converted && charged && <span className="price-charged"> {inr} charged</span>}
    </span>
  );
}
