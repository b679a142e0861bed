/**
 * "Is a token stored?" decided before the first paint, so the header's account icon never flashes the
 * wrong link. A tiny inline script in <head> (hashed into the page's Content-Security-Policy by
 * BaseLayout) sets an attribute on <html>; CSS then shows either the /account or the /login link, both
 * of which every header renders. The token store keeps the attribute in step after sign-in or sign-out.
 */
import { STORAGE_KEYS } from './storage-keys';

/** The attribute on <html> present while a token is stored. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/**
 * The inline head script. Blocked or full storage must not break the page, hence the try; a token of
 * only spaces counts as none, as in the token store.
 */
export const SIGNED_IN_HEAD_SCRIPT =
  `try{if((localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||"").trim())` +
  `document.documentElement.setAttribute(${JSON.stringify(SIGNED_IN_ATTRIBUTE)},"")}catch(e){}`;

/** The Content-Security-Policy hash ('sha256-…') of an inline script, by default the head script. */
export async function scriptHash(script = SIGNED_IN_HEAD_SCRIPT): Promise<`sha256-${string}`> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** Sets or clears the attribute on this page (after sign-in or sign-out without a reload). */
export function markSignedIn(signedIn: boolean, root: Element | undefined = globalThis.document?.documentElement): void {
  root?.toggleAttribute(SIGNED_IN_ATTRIBUTE, signedIn);
}
