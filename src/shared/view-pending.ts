/**
 * The mark on <html> while the page's static HTML stands for a view other than the one its address asks for (a
 * listing linked with ?sort=price-asc is built as Latest). Set by a head script before the first paint; islands
 * that render the asked-for view hydrate at once (no static paint to protect) and take the mark off once they have.
 */
export const VIEW_PENDING_ATTRIBUTE = 'data-view-pending';
