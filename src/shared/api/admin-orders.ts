/**
 * The admin order pages' own API paths, apart from ordersApiPaths: that object is in the storefront's first
 * load (checkout, order pages), which these paths have no business growing.
 */
export const adminOrdersApiPaths = {
  /** POST: undoes an admin's last status step while its messages to the shopper are still held. */
  adminOrderUndo: (orderId: string): string => `/api/admin/orders/${encodeURIComponent(orderId)}/undo`,
} as const;
