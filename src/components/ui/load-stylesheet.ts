/**
 * Adds a stylesheet to the page and resolves once it has loaded (or failed: what needs it still works). For
 * parts loaded on first use (GLightbox, the size guide, the cart drawer), whose styles must not block the page's
 * first paint and cannot be imported: the page's CSS is inlined, so an imported stylesheet has no file to fetch.
 */
export function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}
