/**
 * The header bar's currency dropdown as an island of its own, hydrated from the large breakpoint only
 * (client:afterpaint="(min-width: 992px)"): phones choose the currency in the menu's panel, so their first load
 * does not carry the dropdown's code.
 */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import type { CurrencyRates } from '@shared/types';
import { CurrencySelect } from './CurrencySelect';
import './currency-select.css';

/** Props of HeaderCurrency: the build's display currency rates. */
export interface HeaderCurrencyProps {
  rates: CurrencyRates;
}

/** The dropdown in its header slot. */
export function HeaderCurrency({ rates }: HeaderCurrencyProps) {
  return (
    <ErrorBoundary compact>
      <div className="header-actions__currency">
        <CurrencySelect rates={rates} />
      </div>
    </ErrorBoundary>
  );
}

export default HeaderCurrency;
