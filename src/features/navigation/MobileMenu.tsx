/**
 * The mobile menu: its button, and the slide-in panel (MobileMenuPanel.tsx) whose code is fetched apart,
 * once the shopper engages with the page or taps the button, so a phone's first load carries only the
 * button. Below the large breakpoint only.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { menuIcon } from '../../components/ui/icons/menu';
import { lazyPart } from '../../components/ui/lazy-part';
import { useHydrated } from '../../components/ui/useHydrated';
import type { CurrencyRates } from '@shared/types';
import { $mobileMenuOpen, openMobileMenu } from './mobile-menu.store';
import type { NavCategory } from './navigation.store';
import type { MobileMenuPanelProps } from './MobileMenuPanel';
import './mobile-menu.css';
import '../currency/currency-select.css';

/** Props of MobileMenu: the top-level categories (ids, names, listings) and the display currency rates. */
export interface MobileMenuProps {
  categories: Pick<NavCategory, 'id' | 'name' | 'all'>[];
  rates: CurrencyRates;
}

const DRAWER_ID = 'mobile-menu';

const menuPanel = lazyPart<MobileMenuPanelProps>(() => import('./MobileMenuPanel').then((m) => m.MobileMenuPanel));

function MobileMenuInner({ categories, rates }: MobileMenuProps) {
  const wantsOpen = useStore($mobileMenuOpen);
  const hydrated = useHydrated();
  const panelLoaded = menuPanel.useLoaded(wantsOpen);
  const open = hydrated && wantsOpen && panelLoaded;
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="mobile-menu__trigger"
        aria-expanded={open}
        aria-controls={panelLoaded ? DRAWER_ID : undefined}
        aria-label="Open menu"
        onClick={openMobileMenu}
      >
        <Icon icon={menuIcon} />
      </button>
      <menuPanel.Part id={DRAWER_ID} categories={categories} rates={rates} open={open} triggerRef={triggerRef} />
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
