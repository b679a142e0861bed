/**
 * The API contract shared by the Netlify functions and the browser: every endpoint's path, and per
 * endpoint the body it answers with (types named after the endpoint, e.g. GetProductsResponse).
 * Every error is ApiError, { success: false, message }.
 *
 * One file per domain (catalogue.ts, events.ts, contact.ts, newsletter.ts, auth.ts, orders.ts, admin-orders.ts, discounts.ts, inventory.ts, returns.ts, refunds.ts, catalogue-admin.ts, dashboard.ts), each exporting `<domain>ApiPaths` and
 * its response types; a new domain adds its file, spreads its paths into `apiPaths` below and
 * re-exports it. Functions import from here; islands and stores import the domain file they call,
 * so a page's bundle carries only the paths it uses. tests/unit/api-contract.test.ts checks that
 * every path here is served by exactly one function and that every function is listed here.
 */
import { adminOrdersApiPaths } from './admin-orders';
import { authApiPaths } from './auth';
import { catalogueApiPaths } from './catalogue';
import { catalogueAdminApiPaths } from './catalogue-admin';
import { contactApiPaths } from './contact';
import { dashboardApiPaths } from './dashboard';
import { discountsApiPaths } from './discounts';
import { inventoryApiPaths } from './inventory';
import { eventsApiPaths } from './events';
import { newsletterApiPaths } from './newsletter';
import { ordersApiPaths } from './orders';
import { returnsApiPaths } from './returns';
import { refundsApiPaths } from './refunds';

export * from './common';
export * from './catalogue';
export * from './catalogue-admin';
export * from './contact';
export * from './events';
export * from './newsletter';
export * from './auth';
export * from './orders';
export * from './admin-orders';
export * from './discounts';
export * from './inventory';
export * from './returns';
export * from './refunds';
export * from './dashboard';

/** Every endpoint's path: a string, or a function of the path parameter (with `.prefix`). */
export const apiPaths = {
  ...catalogueApiPaths,
  ...eventsApiPaths,
  ...contactApiPaths,
  ...newsletterApiPaths,
  ...authApiPaths,
  ...ordersApiPaths,
  ...adminOrdersApiPaths,
  ...discountsApiPaths,
  ...inventoryApiPaths,
  ...returnsApiPaths,
  ...refundsApiPaths,
  ...catalogueAdminApiPaths,
  ...dashboardApiPaths,
} as const;
