/**
 * Runs on the policy pages (their only script): fills the header's badges and currency from storage,
 * keeps them and the signed-in state in step with other tabs, saves a currency picked from the static
 * dropdown, and works the account menu (open, Escape or a click outside closes, Sign out).
 */
import { forgetSignIn, readHeaderState, renderHeaderState, saveCurrency, setAccountMenuOpen } from './static-header';
import type { KeyValueStore } from './static-header';

function storage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const render = () => renderHeaderState(document, readHeaderState(storage()));
render();
// Another tab changed the cart, wishlist, currency or sign-in.
window.addEventListener('storage', render);

/** The account menus that are open. */
const openMenus = (): Element[] =>
  [...document.querySelectorAll('[data-account-menu-button][aria-expanded="true"]')].flatMap((b) => b.closest('[data-account-menu]') ?? []);

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const option = target?.closest<HTMLElement>('[data-currency]');
  if (option?.dataset['currency']) {
    saveCurrency(storage(), option.dataset['currency']);
    render();
  }
  // A choice, or a click anywhere else, closes open currency dropdowns (a <details> stays open by itself).
  document.querySelectorAll('details[data-currency-select][open]').forEach((details) => {
    if (option || !details.contains(target)) details.removeAttribute('open');
  });

  const menuButton = target?.closest('[data-account-menu-button]');
  const menu = menuButton?.closest('[data-account-menu]');
  if (menu) setAccountMenuOpen(menu, menuButton?.getAttribute('aria-expanded') !== 'true');
  openMenus().forEach((open) => {
    if (!open.contains(target)) setAccountMenuOpen(open, false);
  });
  // The button names where signing out leads (home), so this script need not carry the route table.
  const signOut = target?.closest<HTMLElement>('[data-sign-out]');
  if (signOut) {
    forgetSignIn(storage());
    location.assign(signOut.dataset['signOut'] || '/');
  }
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  document.querySelectorAll<HTMLElement>('details[data-currency-select][open]').forEach((details) => {
    details.removeAttribute('open');
    details.querySelector('summary')?.focus();
    // Inside the menu popover, Escape closes the dropdown first, not the menu.
    event.preventDefault();
  });
  openMenus().forEach((menu) => {
    setAccountMenuOpen(menu, false);
    menu.querySelector<HTMLElement>('[data-account-menu-button]')?.focus();
    event.preventDefault();
  });
});

// Tabbing out of an open account menu closes it, as in the islands (a click outside is handled above; a
// click inside may blur to nothing, in Safari, and must not close the menu under the pointer).
document.addEventListener('focusout', (event) => {
  const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
  if (next) openMenus().forEach((menu) => menu.contains(next) || setAccountMenuOpen(menu, false));
});
