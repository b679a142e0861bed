/**
 * The inline head script that marks <html> (VIEW_PENDING_ATTRIBUTE) when a listing's address asks for more than the
 * default view: the static page holds only Latest, and the island shows the linked view once it has hydrated and read
 * the address. Until then the static cards would stand for a view the shopper did not ask for, and would move from
 * under a tap when it came, so the listing's stylesheet keeps them out of sight (their space kept). Build-time only:
 * the listing pages hand the script to BaseLayout, which renders and hashes it, so the island's code never carries it.
 */
import { escapeRegExp } from '@shared/regexp';
import { VIEW_PENDING_ATTRIBUTE } from '@shared/view-pending';
import { DEFAULT_SORT, FILTER_KEY_PREFIXES, SORT_OPTIONS } from './filters';

const otherSorts = SORT_OPTIONS.map((o) => o.value).filter((sort) => sort !== DEFAULT_SORT);

/**
 * Matches a query that asks for a view other than the default, as stateToQuery writes one: a sort other than Latest,
 * or a filter with a value. A hand-made link that asks for nothing the listing knows (?min=abc, a facet value it does
 * not have) may match too; its cards then wait for the island, which takes the mark off.
 */
const LINKED_VIEW_QUERY = new RegExp(
  `(?:^\\?|&)(?:sort=(?:${otherSorts.map(escapeRegExp).join('|')})(?:&|$)|(?:min|max|tags)=[^&]|instock=1(?:&|$)|(?:${FILTER_KEY_PREFIXES.map(escapeRegExp).join('|')})[^=&])`,
);

/** The inline head script. An address it cannot read leaves the page as it is. */
export const LINKED_VIEW_HEAD_SCRIPT = `try{if(${String(LINKED_VIEW_QUERY)}.test(location.search))document.documentElement.setAttribute(${JSON.stringify(VIEW_PENDING_ATTRIBUTE)},"")}catch(e){}`;
