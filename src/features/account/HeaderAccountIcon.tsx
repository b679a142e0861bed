/** Header account link: /account when a token is stored, else /login. */
import { useStore } from '@nanostores/react';
import { Icon } from '../../components/ui/Icon';
import { useHydrated } from '../../components/ui/useHydrated';
import { routes } from '../../shared/routes';
import { $accountHref, $isLoggedIn } from '../auth/token.store';
import './header-icons.css';

/** The account icon; before hydration it points to /login, the static page's only safe guess. */
export function HeaderAccountIcon() {
  const href = useStore($accountHref);
  const loggedIn = useStore($isLoggedIn);
  const hydrated = useHydrated();
  const signedIn = hydrated && loggedIn;
  return (
    <a className="header-icon" href={hydrated ? href : routes.login} aria-label={signedIn ? 'Your account' : 'Sign in'}>
      <Icon name="user" className="header-icon__svg" />
    </a>
  );
}

export default HeaderAccountIcon;
