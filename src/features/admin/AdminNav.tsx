/** The admin pages' own small menu: orders, packing, stock, discount codes and accounts, the current one marked for screen readers too. */
import { routes } from '../../shared/routes';
import { adminRoutes } from './admin-routes';

const LINKS = [
  { href: routes.adminOrders, label: 'Orders' },
  { href: adminRoutes.packing, label: 'Packing' },
  { href: adminRoutes.returns, label: 'Returns' },
  { href: adminRoutes.inventory, label: 'Inventory' },
  { href: adminRoutes.discounts, label: 'Discount codes' },
  { href: adminRoutes.accounts, label: 'Accounts' },
] as const;

/** Links between the admin pages; `current` is the page's own path. */
export function AdminNav({ current }: { current: string }) {
  return (
    <nav className="admin-nav" aria-label="Admin">
      {LINKS.map((l) => (
        <a key={l.href} href={l.href} className="admin-nav__link" aria-current={l.href === current ? 'page' : undefined}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}
