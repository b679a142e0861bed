/**
 * The admin pages' own paths (beside routes.adminOrders, which the account page links): kept here so the
 * storefront's shared routes, in every page's first load, do not carry them.
 */
export const adminRoutes = {
  /** The owner's dashboard of sales, refunds, returns, top pieces and views. */
  dashboard: '/admin',
  /** The admin's stock of every product and size. */
  inventory: '/admin/inventory',
  /** Packing slips: today's confirmed orders, or one order's (packingSlip). */
  packing: '/admin/packing',
  /** One order's packing slip. */
  packingSlip: (orderId: string): string => `/admin/packing?order=${encodeURIComponent(orderId)}`,
  /** The GST invoices of a range of days as CSV, for the accountant. */
  accounts: '/admin/accounts',
  /** The orders list in a given state: its query as adminListSearch writes it ('' for all orders). */
  ordersList: (listSearch = ''): string => `/admin/orders${listSearch}`,
  /**
   * One order's own page (rewritten to /admin/order, which reads the id from the address); `listSearch` is
   * the list it was opened from, so its Back link returns there.
   */
  order: (orderId: string, listSearch = ''): string =>
    `/admin/orders/${encodeURIComponent(orderId)}${listSearch ? `?back=${encodeURIComponent(listSearch.replace(/^\?/, ''))}` : ''}`,
  /** The admin's discount codes: create, edit, pause, resume, end. */
  discounts: '/admin/discounts',
  /** Shoppers' return and replacement requests. */
  returns: '/admin/returns',
} as const;
