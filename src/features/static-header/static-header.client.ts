/**
 * Runs on the policy pages (their only script): fills the header's badges and currency from storage,
 * keeps them in step with other tabs, and saves a currency picked from the static dropdown.
 */
import { readHeaderState, renderHeaderState, saveCurrency } from './static-header';
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
// Another tab changed the cart, wishlist or currency.
window.addEventListener('storage', render);

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
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  document.querySelectorAll<HTMLElement>('details[data-currency-select][open]').forEach((details) => {
    details.removeAttribute('open');
    details.querySelector('summary')?.focus();
    // Inside the menu popover, Escape closes the dropdown first, not the menu.
    event.preventDefault();
  });
});
