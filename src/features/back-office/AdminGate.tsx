/**
 * What every admin page does before its own work: a signed-out visitor is sent to sign in and back, and a
 * signed-in shopper who is not an admin is told so plainly (the server decides, on every call); an editor is
 * shown the pages their role runs instead.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import { routes } from '@shared/routes';
import { loginPathReturningTo } from '../auth/return-to';
import { $token } from '../auth/token.store';
import { $staff, linksFor } from './back-office.store';

/** Sends the visitor to sign in, coming back to `path` (a function when it depends on the address, read in the browser). */
function toSignIn(path: string | (() => string)): void {
  location.replace(loginPathReturningTo(routes.login, typeof path === 'string' ? path : path()));
}

/**
 * Loads the page's data once (`load`) when there is a token, and sends the visitor to sign in (then back to
 * `path`) when there is none or the server said the token is no longer good (`status` 'signed-out').
 */
export function useAdminPage(path: string | (() => string), load: () => unknown, status: string): void {
  const token = useStore($token);
  useEffect(() => {
    if (!$token.get()) return toSignIn(path);
    void load();
  }, [path, load]);
  useEffect(() => {
    if (!token || status === 'signed-out') toSignIn(path);
  }, [token, status, path]);
}

/**
 * The answer to a signed-in account that is not an admin: what they cannot see and how to become an admin,
 * or, for an editor (who may open /admin, the dashboard, or an admin's page), the pages their role may use.
 */
export function AdminsOnly({ what }: { what: string }) {
  const staff = useStore($staff);
  const theirs = staff.status === 'ready' ? linksFor(staff.role) : [];
  if (theirs.length > 0)
    return (
      <div className="admin-orders admin-orders--refused">
        <h1>Admins only</h1>
        <Notice kind="info" text={`The shop's ${what} are for admins. Your account is an editor's: it runs the catalogue.`} />
        <p>
          {theirs.map((link) => (
            <a key={link.href} className="btn btn--primary" href={link.href}>
              Go to {link.label.toLowerCase()}
            </a>
          ))}
        </p>
      </div>
    );
  return (
    <div className="admin-orders admin-orders--refused">
      <h1>Admins only</h1>
      <Notice kind="error" text={`You are signed in, but this account is not an admin, so it cannot see the shop's ${what}.`} />
      <p>If you run the shop, ask an owner to give your phone number the admin role, then sign in again.</p>
      <a className="btn btn--outline" href={routes.account}>
        Go to your account
      </a>
    </div>
  );
}
