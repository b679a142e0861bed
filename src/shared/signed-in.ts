/**
 * "Is a token stored?" decided before the first paint, so the header's account icon never flashes the
 * wrong link. A tiny inline script in <head> (hashed into the page's Content-Security-Policy by
 * BaseLayout) sets an attribute on <html>; CSS then shows either the account menu or the /login link,
 * both of which every header renders. The same script puts the stored first name into a CSS custom
 * property on <html>, which the account button shows as generated text: the name is there on the first
 * paint, on pages with or without React, with no hydration swap and no layout shift. The token store
 * keeps both in step after sign-in or sign-out.
 * The head script itself is in ./signed-in-script.ts: only the build needs it, and this module ships
 * with every product card.
 */

/** The attribute on <html> present while a token is stored. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/** The attribute on <html> present while a first name is known (the account button then makes room for it). */
export const ACCOUNT_NAME_ATTRIBUTE = 'data-account-name';

/** The custom property on <html> holding the first name as a CSS string, e.g. `"Asha"`. */
export const ACCOUNT_NAME_PROPERTY = '--account-name';

/** Sets or clears the attribute on this page (after sign-in or sign-out without a reload). */
export function markSignedIn(signedIn: boolean, root: Element | undefined = globalThis.document?.documentElement): void {
  root?.toggleAttribute(SIGNED_IN_ATTRIBUTE, signedIn);
}

/**
 * Shows `name` (or nothing, for '') by the account icon on this page. JSON quoting is a valid CSS string
 * (quotes and backslashes escaped, no raw line breaks), so no stored value can break out of it.
 */
export function markAccountName(name: string, root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  if (!root) return;
  if (name) root.style.setProperty(ACCOUNT_NAME_PROPERTY, JSON.stringify(name));
  else root.style.removeProperty(ACCOUNT_NAME_PROPERTY);
  root.toggleAttribute(ACCOUNT_NAME_ATTRIBUTE, name !== '');
}
