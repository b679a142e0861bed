/** Escapes text for use inside a regular expression, so "a.b" or "(" in it mean those characters. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
