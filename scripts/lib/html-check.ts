/**
 * Pure parts of `npm run check:html`: which built pages stand for which page type, and which of the
 * Nu Html Checker's CSS messages are the checker's own gaps rather than mistakes in the page.
 *
 * Why a CSS allowance at all: vnu validates the <style> elements Astro inlines with a CSS grammar that
 * lags the browsers (it knows neither container queries nor the dvh unit). Every such message is
 * excused only when the declaration it points at uses one of the features named below; any other CSS
 * message, and every HTML message, fails the check.
 */

/** One page type and the built file (under dist/) that stands for it. */
export interface PageToCheck {
  type: string;
  file: string;
}

/** The fixed pages, by type; listing, product and banner are picked from the build (their names are data). */
export const FIXED_PAGES: readonly PageToCheck[] = [
  { type: 'home', file: 'index.html' },
  { type: 'cart', file: 'productcard.html' },
  { type: 'wishlist', file: 'wishlist.html' },
  { type: 'search', file: 'search.html' },
  { type: 'privacy policy', file: 'privacy-policy.html' },
  { type: 'terms of service', file: 'terms-of-service.html' },
  { type: 'shipping policy', file: 'shipping-policy.html' },
  { type: 'cancellation and refunds', file: 'cancellation-and-refunds.html' },
  { type: 'contact', file: 'contact.html' },
  { type: 'about', file: 'about.html' },
  { type: 'faq', file: 'faq.html' },
  { type: 'login', file: 'login.html' },
  { type: 'resent-otp', file: 'resent-otp.html' },
  { type: 'account', file: 'account.html' },
  { type: 'checkouts', file: 'checkouts.html' },
  { type: 'Order-success', file: 'Order-success.html' },
  { type: '404', file: '404.html' },
  // The back office's own layout (no storefront header): its product list and product form.
  { type: 'admin products', file: 'admin/products.html' },
  { type: 'admin product', file: 'admin/product.html' },
];

/** A message of vnu's JSON output (the fields this check reads). */
export interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  lastColumn?: number;
  extract?: string;
}

/**
 * Modern CSS that vnu's CSS grammar does not know, each matched against the whole declaration a
 * message points at: container queries (container-type and the cqi unit), dynamic viewport units,
 * the standard line-clamp next to its -webkit- twin, and background-clip's `text` inside the shorthand.
 */
export const CSS_CHECKER_GAPS: readonly { feature: string; declaration: RegExp }[] = [
  { feature: 'container-type', declaration: /^container-type:/ },
  { feature: 'container query units (cqi)', declaration: /\d(?:\.\d+)?cqi\b/ },
  { feature: 'dynamic viewport units (dvh)', declaration: /\d(?:\.\d+)?dvh\b/ },
  { feature: 'line-clamp', declaration: /^line-clamp:\d+$/ },
  { feature: 'background-clip text in the background shorthand', declaration: /^background:.*\)\s+text$/ },
];

/** The CSS declaration (property:value) around a 1-based line and column of a file's text. */
export function declarationAt(text: string, line: number, column: number): string {
  const row = text.split('\n')[line - 1] ?? '';
  const at = Math.min(Math.max(column - 1, 0), row.length);
  let start = at;
  while (start > 0 && !';{}'.includes(row[start - 1]!)) start--;
  let end = at;
  while (end < row.length && !';{}'.includes(row[end]!)) end++;
  return row.slice(start, end).trim();
}

/** The checker gap that excuses a CSS message at this declaration, or null when the message is a real error. */
export function cssCheckerGap(message: string, declaration: string): string | null {
  if (!message.startsWith('CSS:')) return null;
  return CSS_CHECKER_GAPS.find((gap) => gap.declaration.test(declaration))?.feature ?? null;
}
