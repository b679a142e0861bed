/** Where a credit note is printed: one pre-rendered page, the note's id in the query (kept out of src/shared/routes.ts, which the storefront loads). */
export const creditNotePath = (id: string): string => `/credit-note?id=${encodeURIComponent(id)}`;
