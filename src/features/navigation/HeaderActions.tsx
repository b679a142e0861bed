/**
 * The header's right-hand icons as one island: wishlist, account and cart. One island instead of three means
 * one hydration root and one error boundary around all of them. The currency dropdown before them is an
 * island of its own (HeaderCurrency), hydrated on large screens only; this one hands the build's display
 * rates to the prices on every screen.
 */
import { useEffect } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import type { CurrencyRates } from '@shared/types';
import { HeaderAccountIcon } from '../account/HeaderAccountIcon';
import { HeaderCartIcon } from '../cart/HeaderCartIcon';
import { $currencyRates, setCurrencyRates } from '../currency/currency.store';
import { HeaderWishlistIcon } from '../wishlist/HeaderWishlistIcon';
import './header-actions.css';

/** Props of HeaderActions: the build's display currency rates. */
export interface HeaderActionsProps {
  rates: CurrencyRates;
}

/** Wishlist, account and cart. */
export function HeaderActions({ rates }: HeaderActionsProps) {
  // Prices shown in another currency need the rates, whether or not a currency dropdown has hydrated.
  useEffect(() => {
    if ($currencyRates.get() !== rates) setCurrencyRates(rates);
  }, [rates]);
  return (
    <ErrorBoundary compact>
      <div className="header-actions">
        <HeaderWishlistIcon />
        <HeaderAccountIcon />
        <HeaderCartIcon />
      </div>
    </ErrorBoundary>
  );
}

export default HeaderActions;
