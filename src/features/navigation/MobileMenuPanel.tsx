/**
 * The mobile menu's slide-in panel: Home, an expandable entry per category whose subcategories are fetched on
 * first opening and then reused, led by the category's own listing ('All Rings'), Contact Us, the wishlist, help
 * and the currency. Fetched apart from the header (MobileMenu.tsx): no phone needs it before the menu button is
 * tapped. Focus is trapped while open; Escape, the close button or the backdrop close it.
 */
import { useRef } from 'react';
import type { RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon';
import { chevronDownIcon } from '../../components/ui/icons/chevron-down';
import { closeIcon } from '../../components/ui/icons/close';
import { heartIcon } from '../../components/ui/icons/heart';
import { shieldIcon } from '../../components/ui/icons/shield';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import type { CurrencyRates } from '@shared/types';
import { CurrencySelect } from '../currency/CurrencySelect';
import { closeMobileMenu } from './mobile-menu.store';
import { $categorySubcategories, $expandedCategories, toggleCategory } from './navigation.store';
import type { NavCategory, NavLink, SubcategoryState } from './navigation.store';
import { routes } from '@shared/routes';

/** Props of MobileMenuPanel. */
export interface MobileMenuPanelProps {
  /** The panel's id, which the menu button controls. */
  id: string;
  categories: Pick<NavCategory, 'id' | 'name' | 'all'>[];
  rates: CurrencyRates;
  open: boolean;
  /** The menu button, where focus goes back on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The subcategory list of one expanded category, led by the category's own listing ('All Rings'). */
function SubcategoryList({ state, id, all }: { state: SubcategoryState | undefined; id: string; all: NavLink }) {
  if (!state || state.status === 'loading') {
    return (
      <p id={id} className="mobile-menu__status" role="status">
        Loading…
      </p>
    );
  }
  const links = state.status === 'loaded' ? state.links : [];
  // A failed or empty answer shows the category's listing alone.
  return (
    <ul id={id} className="mobile-menu__sublist" role="list">
      {[all, ...links].map((link) => (
        <li key={link.id}>
          <a className="mobile-menu__sublink" href={link.href}>
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Renders the panel, open or closed (closed, it stays in the page so opening it can slide it in). */
export function MobileMenuPanel({ id, categories, rates, open, triggerRef }: MobileMenuPanelProps) {
  const expanded = useStore($expandedCategories);
  const subcategories = useStore($categorySubcategories);
  const drawerRef = useRef<HTMLDivElement>(null);
  useFocusTrap(drawerRef, open, closeMobileMenu, triggerRef);

  return (
    <div className={open ? 'mobile-menu is-open' : 'mobile-menu'} inert={!open}>
      <div className="mobile-menu__backdrop" onClick={closeMobileMenu} aria-hidden="true" />
      <div ref={drawerRef} id={id} className="mobile-menu__panel" role="dialog" aria-modal="true" aria-label="Menu" tabIndex={-1}>
        <div className="mobile-menu__head">
          <img src="/images/logo.svg" alt="Chandi Kala" width={168} height={40} className="mobile-menu__logo" />
          <button type="button" className="mobile-menu__close" aria-label="Close menu" onClick={closeMobileMenu}>
            <Icon icon={closeIcon} />
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="mobile-menu__list" role="list">
            <li>
              <a className="mobile-menu__link" href={routes.home}>
                Home
              </a>
            </li>
            {categories.map((category) => {
              const isOpen = expanded.has(category.id);
              const listId = `mobile-menu-sub-${category.id}`;
              return (
                <li key={category.id}>
                  <button
                    type="button"
                    className="mobile-menu__link mobile-menu__toggle"
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? listId : undefined}
                    onClick={() => toggleCategory(category.id)}
                  >
                    <span>{category.name}</span>
                    <Icon icon={chevronDownIcon} size={18} className="mobile-menu__chevron" />
                  </button>
                  {isOpen && <SubcategoryList state={subcategories[category.id]} id={listId} all={category.all} />}
                </li>
              );
            })}
            <li>
              <a className="mobile-menu__link" href={routes.contact}>
                Contact Us
              </a>
            </li>
          </ul>
        </nav>
        <div className="mobile-menu__foot">
          <ul className="mobile-menu__extras" role="list">
            <li>
              <a href={routes.wishlist}>
                <Icon icon={heartIcon} size={18} /> Wishlist
              </a>
            </li>
            <li>
              <a href={routes.faq}>
                <Icon icon={shieldIcon} size={18} /> Help &amp; FAQ
              </a>
            </li>
          </ul>
          <CurrencySelect rates={rates} placement="drawer" />
        </div>
      </div>
    </div>
  );
}
