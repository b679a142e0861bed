/**
 * The header's right-hand group as one island: currency dropdown (large screens; phones find it in
 * the menu), then the wishlist, account and cart icons. One island instead of four means one
 * hydration root and one error boundary around all of them.
 */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import type { CurrencyRates } from '../../shared/types';
import { HeaderAccountIcon } from '../account/HeaderAccountIcon';
import { HeaderCartIcon } from '../cart/HeaderCartIcon';
import { CurrencySelect } from '../currency/CurrencySelect';
import { HeaderWishlistIcon } from '../wishlist/HeaderWishlistIcon';
import './header-actions.css';

/** Props of HeaderActions: the build's display currency rates. */
export interface HeaderActionsProps {
  rates: CurrencyRates;
}

/** Currency, wishlist, account and cart. */
export function HeaderActions({ rates }: HeaderActionsProps) {
  return (
    <ErrorBoundary compact>
      <div className="header-actions">
        <div className="header-actions__currency">
          <CurrencySelect rates={rates} />
        </div>
        <HeaderWishlistIcon />
        <HeaderAccountIcon />
        <HeaderCartIcon />
      </div>
    </ErrorBoundary>
  );
}

export default HeaderActions;
