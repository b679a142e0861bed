/**
 * The mobile slide-in menu: Home, an expandable entry per category whose
 * subcategories are fetched on first opening and then reused, led by the category's own listing
 * ('All Rings'), and Contact Us. Below the large
 * breakpoint only. Focus is trapped while open; Escape, the close button or the backdrop close it.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { chevronDownIcon } from '../../components/ui/icons/chevron-down';
import { closeIcon } from '../../components/ui/icons/close';
import { heartIcon } from '../../components/ui/icons/heart';
import { menuIcon } from '../../components/ui/icons/menu';
import { shieldIcon } from '../../components/ui/icons/shield';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import { useHydrated } from '../../components/ui/useHydrated';
import type { CurrencyRates } from '../../shared/types';
import { CurrencySelect } from '../currency/CurrencySelect';
import {
  $categorySubcategories,
  $expandedCategories,
  $mobileMenuOpen,
  closeMobileMenu,
  openMobileMenu,
  toggleCategory,
} from './navigation.store';
import type { NavCategory, NavLink, SubcategoryState } from './navigation.store';
import { routes } from '../../shared/routes';
import './mobile-menu.css';

/** Props of MobileMenu: the top-level categories (ids, names, listings) and the display currency rates. */
export interface MobileMenuProps {
  categories: Pick<NavCategory, 'id' | 'name' | 'all'>[];
  rates: CurrencyRates;
}

const DRAWER_ID = 'mobile-menu';

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

function MobileMenuInner({ categories, rates }: MobileMenuProps) {
  const wantsOpen = useStore($mobileMenuOpen);
  const hydrated = useHydrated();
  const open = hydrated && wantsOpen;
  const expanded = useStore($expandedCategories);
  const subcategories = useStore($categorySubcategories);
  const drawerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(drawerRef, open, closeMobileMenu, triggerRef);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="mobile-menu__trigger"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        aria-label="Open menu"
        onClick={openMobileMenu}
      >
        <Icon icon={menuIcon} />
      </button>
      <div className={open ? 'mobile-menu is-open' : 'mobile-menu'} inert={!open}>
        <div className="mobile-menu__backdrop" onClick={closeMobileMenu} aria-hidden="true" />
        <div ref={drawerRef} id={DRAWER_ID} className="mobile-menu__panel" role="dialog" aria-modal="true" aria-label="Menu" tabIndex={-1}>
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
    </>
  );
}

/** The menu button and its drawer, inside an error boundary. */
export function MobileMenu(props: MobileMenuProps) {
  return (
    <ErrorBoundary compact>
      <MobileMenuInner {...props} />
    </ErrorBoundary>
  );
}

export default MobileMenu;
