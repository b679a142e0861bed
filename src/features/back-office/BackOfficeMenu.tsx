/**
 * The back office's menu: a side navigation on desktop, a row of links above the page on a phone, showing
 * only the pages the signed-in role may use (an editor sees Products; an admin, everything).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $token } from '../auth/token.store';
import { $staff, isCurrent, linksFor, loadStaff } from './back-office.store';
import './back-office.css';

/** The menu; `current` is the page's path as built (the browser's own path wins once hydrated). */
export default function BackOfficeMenu({ current }: { current: string }) {
  const staff = useStore($staff);
  const token = useStore($token);
  useEffect(() => {
    if (token) void loadStaff();
  }, [token]);
  const path = typeof location === 'undefined' ? current : location.pathname;
  const links = linksFor(staff.status === 'ready' ? staff.role : null);
  return (
    <nav className="back-office__menu" aria-label="Admin">
      <p className="back-office__brand">
        <a href="/">Chandi Kala</a> <span>back office</span>
      </p>
      {links.length > 0 && (
        <ul className="back-office__links">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="back-office__link" aria-current={isCurrent(l, path) ? 'page' : undefined}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      {staff.status === 'ready' && <p className="back-office__who">Signed in as {staff.name}</p>}
    </nav>
  );
}
