/**
 * The header's account control. Signed out: the account icon, a link to /login. Signed in: the icon and
 * the shopper's first name as a button opening a small menu (Orders, Account, Sign out); Escape or a
 * click outside closes it. Both are always rendered (the same on the server and the client); CSS shows
 * the right one, and the name, from what the head script set on <html> before the first paint
 * (src/shared/signed-in.ts), so neither the wrong control nor an empty name ever flashes.
 *
 * Policy pages render this without React: data-account-menu* attributes let their header script
 * (src/features/static-header) open, close and sign out in the same way.
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Icon } from '../../components/ui/Icon';
import { chevronDownIcon } from '../../components/ui/icons/chevron-down';
import { userIcon } from '../../components/ui/icons/user';
import { routes } from '@shared/routes';
import { loginPathReturningTo } from '../auth/return-to';
import { signOutAndGo } from '../auth/token.store';
import '../../components/ui/header-icons.css';

/** The menu panel's id (one header per page). */
const PANEL_ID = 'account-menu';

/** The signed-in shopper's menu. */
function AccountMenu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A click or tap anywhere outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="account-menu header-icon--signed-in"
      data-account-menu
      onKeyDown={onKeyDown}
      // Tabbing past the last item leaves the menu: it closes rather than hang open over the page. Only when
      // focus went somewhere: a click inside may blur to nothing (Safari) and must not close it under the pointer.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="header-icon account-menu__button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        data-account-menu-button
        onClick={() => setOpen(!open)}
      >
        <Icon icon={userIcon} className="header-icon__svg" />
        {/* The first name, drawn by CSS from <html>'s --account-name (see header-icons.css). */}
        <span className="account-menu__name" />
        <span className="visually-hidden">Account menu</span>
        <Icon icon={chevronDownIcon} size={14} className="account-menu__chevron" />
      </button>
      <div id={PANEL_ID} className="account-menu__panel" hidden={!open} data-account-menu-panel>
        <ul className="account-menu__list" role="list">
          <li>
            <a className="account-menu__item" href={routes.orderHistory}>
              Orders
            </a>
          </li>
          <li>
            <a className="account-menu__item" href={routes.account}>
              Account
            </a>
          </li>
          <li>
            <button type="button" className="account-menu__item" data-sign-out={routes.home} onClick={() => signOutAndGo(routes.home)}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The account menu (signed in) and the sign-in link (signed out); exactly one is displayed. */
export function HeaderAccountIcon() {
  return (
    <>
      <AccountMenu />
      <a
        className="header-icon header-icon--signed-out"
        href={routes.login}
        aria-label="Sign in"
        // Signing in from a page comes back to it (the page is static: its address is read when the link is used).
        onClick={(event) => {
          const here = location.pathname + location.search;
          if (location.pathname !== routes.login && location.pathname !== routes.otp)
            event.currentTarget.href = loginPathReturningTo(routes.login, here);
        }}
      >
        <Icon icon={userIcon} className="header-icon__svg" />
      </a>
    </>
  );
}

export default HeaderAccountIcon;
