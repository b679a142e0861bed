/** Header account link: /account when a token is stored, else /login (spec section 2, shared layout). */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { $accountHref, $isLoggedIn } from './auth.store';
import './header-icons.css';

/** The account icon; before hydration it points to /login, the static page's only safe guess. */
export function HeaderAccountIcon() {
  const href = useStore($accountHref);
  const loggedIn = useStore($isLoggedIn);
  const hydrated = useHydrated();
  const signedIn = hydrated && loggedIn;
  return (
    <a className="header-icon" href={hydrated ? href : '/login'} aria-label={signedIn ? 'Your account' : 'Sign in'}>
      <svg
        className="header-icon__svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="8.5" r="3.75" />
        <path d="M4.75 20a7.25 7.25 0 0 1 14.5 0" />
      </svg>
    </a>
  );
}

export default HeaderAccountIcon;
