/**
 * The inline <head> script that marks <html> when a token is stored and gives it the stored first name
 * (see ./signed-in.ts), and the hash the page's Content-Security-Policy carries for it. Build-time only:
 * BaseLayout renders both.
 */
import { ACCOUNT_NAME_ATTRIBUTE, ACCOUNT_NAME_PROPERTY, SIGNED_IN_ATTRIBUTE } from './signed-in';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The inline head script. Blocked or full storage must not break the page, hence the try; a token of
 * only spaces counts as none, as in the token store; the name is shown only beside a token, and set as
 * markAccountName sets it (a JSON-quoted CSS string), so the island's later updates agree with it. `let`
 * inside the block keeps its names off `window` (a classic script's top-level `var` would not).
 */
export const SIGNED_IN_HEAD_SCRIPT =
  `try{let d=document.documentElement,s=localStorage,n;` +
  `if((s.getItem(${JSON.stringify(STORAGE_KEYS.token)})||"").trim()){d.setAttribute(${JSON.stringify(SIGNED_IN_ATTRIBUTE)},"");` +
  `if(n=(s.getItem(${JSON.stringify(STORAGE_KEYS.firstName)})||"").trim()){` +
  `d.style.setProperty(${JSON.stringify(ACCOUNT_NAME_PROPERTY)},JSON.stringify(n));d.setAttribute(${JSON.stringify(ACCOUNT_NAME_ATTRIBUTE)},"")}}}catch(e){}`;

/** The Content-Security-Policy hash ('sha256-…') of an inline script, by default the head script. */
export async function scriptHash(script = SIGNED_IN_HEAD_SCRIPT): Promise<`sha256-${string}`> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}
