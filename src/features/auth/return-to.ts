/**
 * Where to go after signing in. Only a path on this site is accepted, so a crafted link cannot bounce a
 * freshly signed-in shopper (and their token-bearing page) to another site.
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // Control characters (a newline, a tab) have no place in a path and can confuse URL parsing.
  for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) < 0x20) return fallback;
  return raw;
}

/** The login page's URL that comes back to `returnTo` once the code is checked. */
export function loginPathReturningTo(loginPath: string, returnTo: string): string {
  return returnTo === '/' ? loginPath : `${loginPath}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Where the login page at `search` (its ?returnTo=) sends the shopper once the code is checked: that page of this site, else home. */
export function returnToFromSearch(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get('returnTo'));
}
