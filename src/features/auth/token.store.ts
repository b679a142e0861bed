/**
 * Login state: signed in when a token is stored under 'token'.
 * The token is stored as the raw string, as the rest of the shop and the API expect; beside it, the
 * shopper's first name, which is all the header needs to greet them (kept from the code check and
 * every /api/me answer, forgotten on sign-out).
 */
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { installSafePersistentEngine } from '@shared/persistent-engine';
import { routes } from '@shared/routes';
import { markAccountName, markSignedIn } from '@shared/signed-in';
import { STORAGE_KEYS } from '@shared/storage-keys';

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

/** The signed-in shopper's first name for the header; '' when signed out or not known yet. */
export const $firstName = persistentAtom<string>(STORAGE_KEYS.firstName, '', {
  encode: (name: string) => (name === '' ? undefined : name),
  decode: (raw: string) => raw.trim(),
  listen: true,
});

// The head script showed the stored name before the first paint; a sign-in, a profile load or another
// tab's sign-out changes it here without a reload.
$firstName.subscribe((name) => markAccountName(name));

/** Keeps the first name the server just told us (verify-otp, /api/me) for the header. */
export function rememberFirstName(firstName: string): void {
  $firstName.set(firstName.trim());
}

/** Where the header's account icon leads: the account page when signed in, else login. */
export const $accountHref = computed($isLoggedIn, (loggedIn) => (loggedIn ? routes.account : routes.login));

/** Stores the token returned by a successful login. */
export function setToken(token: string): void {
  $token.set(token.trim());
}

/** Forgets the token and the name kept with it (signed out). */
export function signOut(): void {
  $token.set('');
  $firstName.set('');
}

/**
 * True once this page is leaving after a Sign out: pages only a signed-in shopper may see watch the token
 * and would otherwise start a second navigation, to sign in, that aborts this one.
 */
export const $leavingAfterSignOut = atom(false);

/** Sign out (the header's menu, the account page): forgets the token and name here, then goes to `path`. */
export function signOutAndGo(path: string, go: (path: string) => void = (to) => location.assign(to)): void {
  $leavingAfterSignOut.set(true);
  signOut();
  go(path);
}
