/**
 * The back office's menu: which pages the signed-in member of staff may use, from the role on their user
 * record (GET /api/me). The server checks the role again on every call; the menu only leaves out what would
 * refuse them.
 */
import { atom } from 'nanostores';
import { authApiPaths, type MeResponse, type Role } from '@shared/api/auth';
import { routes } from '@shared/routes';
import { adminRoutes } from './admin-routes';
import { callApi } from '../auth/api-client';
import { catalogueRoutes } from './catalogue-routes';

/** One page of the back office and the roles that may use it. */
export interface BackOfficeLink {
  href: string;
  label: string;
  roles: readonly Role[];
}

/** Every back-office page, in menu order. Editors run the catalogue only; admins use everything. */
export const BACK_OFFICE_LINKS: readonly BackOfficeLink[] = [
  { href: adminRoutes.dashboard, label: 'Dashboard', roles: ['admin'] },
  { href: routes.adminOrders, label: 'Orders', roles: ['admin'] },
  { href: adminRoutes.packing, label: 'Packing', roles: ['admin'] },
  { href: adminRoutes.returns, label: 'Returns', roles: ['admin'] },
  { href: catalogueRoutes.products(), label: 'Products', roles: ['editor', 'admin'] },
  { href: catalogueRoutes.listings, label: 'Collections', roles: ['editor', 'admin'] },
  { href: catalogueRoutes.homePage, label: 'Home page', roles: ['editor', 'admin'] },
  { href: catalogueRoutes.silverRate, label: 'Silver rate', roles: ['admin'] },
  { href: adminRoutes.inventory, label: 'Inventory', roles: ['admin'] },
  { href: adminRoutes.discounts, label: 'Discount codes', roles: ['admin'] },
  { href: adminRoutes.accounts, label: 'Accounts', roles: ['admin'] },
];

/** The links a role may use (none for a shopper). */
export function linksFor(role: Role | null): BackOfficeLink[] {
  return role ? BACK_OFFICE_LINKS.filter((l) => l.roles.includes(role)) : [];
}

/** Whether `path` is the link's page or one under it (/admin/products/abc is under Products). */
export function isCurrent(link: BackOfficeLink, path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  // The dashboard is /admin itself: every other page is under it, so only the page itself is the dashboard.
  if (link.href === adminRoutes.dashboard) return clean === link.href;
  return clean === link.href || clean.startsWith(`${link.href}/`) || (link.href === routes.adminOrders && clean === '/admin/order');
}

/** The signed-in member of staff: loading, their role and name, or nobody (signed out, or the call failed). */
export type StaffState = { status: 'loading' } | { status: 'ready'; role: Role; name: string } | { status: 'none' };

/** Who is using the back office. */
export const $staff = atom<StaffState>({ status: 'loading' });

/** Reads the signed-in user's role for the menu. */
export async function loadStaff(fetchImpl?: typeof fetch): Promise<void> {
  const r = await callApi<MeResponse>(authApiPaths.me, { auth: true }, fetchImpl);
  $staff.set(r.ok ? { status: 'ready', role: r.data.user.role, name: r.data.user.firstName } : { status: 'none' });
}
