/** Where the product preview's own bundle is served from once built, and the entry `astro dev` serves instead. */
export const ADMIN_PREVIEW = {
  script: '/_admin/preview.js',
  style: '/_admin/preview.css',
  devEntry: '/src/features/catalogue/preview-main.tsx',
} as const;
