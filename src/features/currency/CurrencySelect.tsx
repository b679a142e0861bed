/**
 * The header's currency dropdown: INR by default, USD, AED, EUR, AUD and GBP, each
 * with a flag. Choosing one converts displayed prices for reference (PriceTag); payment stays INR.
 * A listbox following the WAI-ARIA "select-only combobox" keyboard pattern. Its styles (currency-select.css) come
 * with the islands that place it (HeaderCurrency, MobileMenu), so the menu's lazily fetched panel carries no CSS.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { Icon } from '../../components/ui/Icon';
import { chevronDownIcon } from '../../components/ui/icons/chevron-down';
import type { CurrencyRates } from '@shared/types';
import { $currency, $currencyRates, DEFAULT_CURRENCY, setCurrency, setCurrencyRates } from './currency.store';
import { CURRENCY_OPTIONS } from './currencies';

/** Props of CurrencySelect: the build's display rates, and where it sits (header bar or mobile drawer). */
export interface CurrencySelectProps {
  rates: CurrencyRates;
  placement?: 'header' | 'drawer';
}

/** The dropdown. Before hydration it shows INR, the only value the static HTML can know. */
export function CurrencySelect({ rates, placement = 'header' }: CurrencySelectProps) {
  const stored = useStore($currency);
  const hydrated = useHydrated();
  const selected = hydrated ? stored : DEFAULT_CURRENCY;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const labelId = `${baseId}-label`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;
  const current = CURRENCY_OPTIONS.find((o) => o.code === selected) ?? CURRENCY_OPTIONS[0]!;

  // Every page hands the build's rates to the store once; PriceTag islands read them from there.
  useEffect(() => {
    if ($currencyRates.get() !== rates) setCurrencyRates(rates);
  }, [rates]);

  // A click or tap anywhere outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    listRef.current?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openList = () => {
    setActive(
      Math.max(
        0,
        CURRENCY_OPTIONS.findIndex((o) => o.code === selected),
      ),
    );
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const choose = (index: number) => {
    const option = CURRENCY_OPTIONS[index];
    if (option) setCurrency(option.code);
    close(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = CURRENCY_OPTIONS.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(active);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation(); // inside the mobile drawer, Escape closes the list, not the drawer
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default: {
        // Type-ahead: a letter jumps to the first code starting with it.
        const i = CURRENCY_OPTIONS.findIndex((o) => o.code.startsWith(event.key.toUpperCase()));
        if (event.key.length === 1 && i >= 0) setActive(i);
      }
    }
  };

  return (
    <div className={`currency-select currency-select--${placement}`} ref={rootRef}>
      <span id={labelId} className="visually-hidden">
        Display currency
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="currency-select__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${baseId}-value`}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <img className="currency-select__flag" src={current.flag} width={20} height={14} alt="" />
        <span id={`${baseId}-value`}>{current.code}</span>
        <Icon icon={chevronDownIcon} size={14} className="currency-select__chevron" />
      </button>
      <div className="currency-select__popup" hidden={!open}>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={open ? optionId(active) : undefined}
          className="currency-select__list"
          onKeyDown={onListKeyDown}
        >
          {CURRENCY_OPTIONS.map((option, i) => (
            <li
              key={option.code}
              id={optionId(i)}
              role="option"
              aria-selected={option.code === selected}
              className={i === active ? 'currency-select__option is-active' : 'currency-select__option'}
              onPointerMove={() => setActive(i)}
              onClick={() => choose(i)}
            >
              <img className="currency-select__flag" src={option.flag} width={20} height={14} alt="" loading="lazy" />
              <span className="currency-select__code">{option.code}</span>
              <span className="currency-select__name">{option.name}</span>
            </li>
          ))}
        </ul>
        <p className="currency-select__note">Prices are charged in INR (₹). Other currencies are approximate.</p>
      </div>
    </div>
  );
}

export default CurrencySelect;
