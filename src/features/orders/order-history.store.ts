/**
 * The order history page's state: the status dropdown, the search box and the page, over the shopper's
 * orders ($myOrders, loaded and cancelled through orders.store.ts like the account page). Changing the
 * filter or the search goes back to the first page.
 */
import { atom, computed } from 'nanostores';
import { $myOrders } from './orders.store';
import { historyView, type HistoryFilter, type HistoryView } from './order-view';

/** The status dropdown's choice. */
export const $historyFilter = atom<HistoryFilter>('all');
/** What is typed in the search box. */
export const $historySearch = atom('');
/** The page asked for (the view clamps it to the pages there are). */
export const $historyPage = atom(1);

/** The page as shown: heading, rows, pager and the no-match message. */
export const $historyView = computed(
  [$myOrders, $historyFilter, $historySearch, $historyPage],
  (orders, filter, search, page): HistoryView => historyView(orders, filter, search, page),
);

/** Picks a status group from the dropdown. */
export function setHistoryFilter(filter: HistoryFilter): void {
  $historyFilter.set(filter);
  $historyPage.set(1);
}

/** Takes the search box's text. */
export function setHistorySearch(search: string): void {
  $historySearch.set(search);
  $historyPage.set(1);
}

/** Shows another page (clamped to the pages there are). */
export function goToHistoryPage(page: number): void {
  const { pages } = $historyView.get();
  $historyPage.set(Math.min(Math.max(1, page), Math.max(1, pages)));
}
