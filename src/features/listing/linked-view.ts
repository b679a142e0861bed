/**
 * A listing opened from a link with a sort or filters (?sort=price-asc, ?tags=gift): the static page holds only the
 * default view (Latest), and the island shows the linked one once it has hydrated and read the address. Until then
 * the static cards would stand for a view the shopper did not ask for, and would move from under a tap when it came.
 * A tiny head script (./linked-view-script.ts) marks <html> for such an address before the first paint; the
 * listing's stylesheet keeps the static cards out of sight (their space kept) until the island removes the mark.
 */

/** The mark on <html> while the static cards stand for a view other than the one the address asks for. */
export const LINKED_VIEW_ATTRIBUTE = 'data-listing-linked';
