/**
 * Login state: signed in when a token is stored under 'token'.
 * The token is stored as the raw string, as the rest of the shop and the API expect.
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { installSafePersistentEngine } from '../../shared/persistent-engine';
import { routes } from '../../shared/routes';
import { markSignedIn } from '../../shared/signed-in';
import { STORAGE_KEYS } from '../../shared/storage-keys';

installSafePersistentEngine();

/** localStorage key of the login token. */
export const TOKEN_STORAGE_KEY = STORAGE_KEYS.token;

/** The bearer token; the empty string means signed out. */
export const $token = persistentAtom<string>(TOKEN_STORAGE_KEY, '', {
  // Signed out removes the key instead of storing '', so nothing mistakes '' for a token.
  encode: (token: string) => (token === '' ? undefined : token),
  decode: (raw: string) => raw.trim(),
  listen: true,
});

/** Whether a token is stored. */
export const $isLoggedIn = computed($token, (token) => token !== '');

// The head script marked <html> before the first paint; sign-in and sign-out on this page (or in another
// tab, through `listen`) keep the mark, and so the header's account link, in step.
$isLoggedIn.subscribe((signedIn) => markSignedIn(signedIn));

/** Where the header's account icon leads: the account page when signed in, else login. */
export const $accountHref = computed($isLoggedIn, (loggedIn) => (loggedIn ? routes.account : routes.login));

/** Stores the token returned by a successful login. */
export function setToken(token: string): void {
  $token.set(token.trim());
}

/** Forgets the token (signed out). */
export function signOut(): void {
  $token.set('');
}
