/**
 * "Is a token stored?" decided before the first paint, so the header's account icon never flashes the
 * wrong link. A tiny inline script in <head> (hashed into the page's Content-Security-Policy by
 * BaseLayout) sets an attribute on <html>; CSS then shows either the /account or the /login link, both
 * of which every header renders. The token store keeps the attribute in step after sign-in or sign-out.
 * The head script itself is in ./signed-in-script.ts: only the build needs it, and this module ships
 * with every product card.
 */

/** The attribute on <html> present while a token is stored. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/** Sets or clears the attribute on this page (after sign-in or sign-out without a reload). */
export function markSignedIn(signedIn: boolean, root: Element | undefined = globalThis.document?.documentElement): void {
  root?.toggleAttribute(SIGNED_IN_ATTRIBUTE, signedIn);
}
