/** Where a credit note is printed: one pre-rendered page, the note's id in the query (kept out of src/shared/routes.ts, which the storefront loads). */
export const creditNotePath = (id: string): string => `/credit-note?id=${encodeURIComponent(id)}`;

/** A credit note's id: its order's id, then its refund's ledger key or 'cancel' (the page and the API read it alike). */
export const CREDIT_NOTE_ID_PATTERN = /^[0-9a-f]{24}-(?:r[0-9a-f]{20}|cancel)$/;
