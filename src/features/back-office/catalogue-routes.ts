/** The back office's catalogue pages (editors and admins). */
export const catalogueRoutes = {
  /** The product list; `search` is its query as the list writes it ('' for the first page of everything). */
  products: (search = ''): string => `/admin/products${search}`,
  /** A new product's form. */
  newProduct: '/admin/products/new',
  /** A product as shoppers will see it once published, from its saved draft (its own file: served before the rewrite). */
  preview: (id: string): string => `/admin/products/preview?id=${encodeURIComponent(id)}`,
  /** One product's form (rewritten to /admin/product, which reads the id from the address). */
  product: (id: string): string => `/admin/products/${encodeURIComponent(id)}`,
  /** Collections and subcategories: names, descriptions, pictures, a collection's pieces. */
  listings: '/admin/collections',
  /** The home page's banners, announcement bar and feature strip. */
  homePage: '/admin/home',
  /** The day's silver rate and the prices it gives (admins). */
  silverRate: '/admin/silver-rate',
} as const;
