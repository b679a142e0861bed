/**
 * For pages only a signed-in shopper may see (account, order history, tracking): without a token, or once
 * the server refuses it, the shopper goes to sign in and comes back to this very address (query included).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { routes } from '@shared/routes';
import { loginPathReturningTo } from './return-to';
import { $leavingAfterSignOut, $token } from './token.store';

// Set once the page is on its way to sign in, so a token cleared after a refusal does not navigate twice.
let leavingForSignIn = false;

/** Sends the shopper to /login (returning here) when no token is stored or `refused` turns true; returns whether a token is stored. */
export function useSignedInOnly(refused = false): boolean {
  const token = useStore($token);
  useEffect(() => {
    if ((!token || refused) && !leavingForSignIn && !$leavingAfterSignOut.get()) {
      leavingForSignIn = true;
      location.replace(loginPathReturningTo(routes.login, location.pathname + location.search));
    }
  }, [token, refused]);
  return token !== '';
}
