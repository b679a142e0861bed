/**
 * Header account link: /account when a token is stored, else /login. Both links are always rendered
 * (the same on the server and the client); CSS shows the right one from the attribute the head script
 * set on <html> before the first paint (src/shared/signed-in.ts), so the wrong link never flashes.
 */
import { Icon } from '../../components/ui/Icon';
import { userIcon } from '../../components/ui/icons/user';
import { routes } from '../../shared/routes';
import './header-icons.css';

/** The two account links; exactly one is displayed. */
export function HeaderAccountIcon() {
  return (
    <>
      <a className="header-icon header-icon--signed-in" href={routes.account} aria-label="Your account">
        <Icon icon={userIcon} className="header-icon__svg" />
      </a>
      <a className="header-icon header-icon--signed-out" href={routes.login} aria-label="Sign in">
        <Icon icon={userIcon} className="header-icon__svg" />
      </a>
    </>
  );
}

export default HeaderAccountIcon;
