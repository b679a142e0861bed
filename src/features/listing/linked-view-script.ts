/**
 * The inline head script that marks <html> for a listing address asking for more than the default view (see
 * ./linked-view.ts). Build-time only: the listing pages hand it to BaseLayout, which renders and hashes it, so the
 * island's code never carries it.
 */
import { FILTER_KEY_PREFIXES } from './filters';
import { LINKED_VIEW_ATTRIBUTE } from './linked-view';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a query that asks for more than the default view: a sort other than Latest, or any filter. */
export const LINKED_VIEW_QUERY = new RegExp(
  `(?:^\\?|&)(?:sort=(?!latest(?:&|$))|min=|max=|instock=1|tags=|${FILTER_KEY_PREFIXES.map(escape).join('|')})`,
);

/** The inline head script. An address it cannot read leaves the page as it is. */
export const LINKED_VIEW_HEAD_SCRIPT = `try{if(${String(LINKED_VIEW_QUERY)}.test(location.search))document.documentElement.setAttribute(${JSON.stringify(LINKED_VIEW_ATTRIBUTE)},"")}catch(e){}`;
