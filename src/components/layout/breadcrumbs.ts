/** Breadcrumb trails: the steps a page shows above its title, and the same trail for search engines. */

/** One step of a breadcrumb trail; the last step is the current page (no href). */
export interface Crumb {
  name: string;
  href?: string;
}

/** schema.org BreadcrumbList for a trail; `path` is the current page's path, `site` the site origin. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], path: string, site: URL | string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.href ?? path, site).href,
    })),
  };
}
