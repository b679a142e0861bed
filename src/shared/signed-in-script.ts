/**
 * The inline <head> script that marks <html> when a token is stored (see ./signed-in.ts), and the hash
 * the page's Content-Security-Policy carries for it. Build-time only: BaseLayout renders both.
 */
import { SIGNED_IN_ATTRIBUTE } from './signed-in';
import { STORAGE_KEYS } from './storage-keys';

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
