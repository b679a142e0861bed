/**
 * The mark on <html> while the page's static HTML stands for a view other than the one its address asks for (a
 * listing linked with ?sort=price-asc is built as Latest). Set by a head script before the first paint. The page's
 * client:afterpaint islands then hydrate at once, the header's too (no static paint to protect), and the island that
 * renders the asked-for view takes the mark off once it has.
 */
export const VIEW_PENDING_ATTRIBUTE = 'data-view-pending';
