/**
 * Whether the mobile slide-in menu is open: all the menu button needs, in every phone's first load. The panel's
 * own state (categories, subcategories) is in navigation.store.ts, fetched with the panel.
 */
import { atom } from 'nanostores';

/** Whether the mobile slide-in menu is open. */
export const $mobileMenuOpen = atom(false);

/** Opens the mobile menu. */
export function openMobileMenu(): void {
  $mobileMenuOpen.set(true);
}

/** Closes the mobile menu; the expanded entries stay as they were for the next opening. */
export function closeMobileMenu(): void {
  $mobileMenuOpen.set(false);
}
