// One rule for every phone box (sign-in, checkout, the account's address, contact, admin search), run by the
// browser and the server alike, so a number is read the same way wherever it is typed or pasted.

/** The messages a phone box shows, word for word. */
export const PHONE_MESSAGES = {
  required: 'Phone is required',
  digits: 'Phone must be 10 digits',
  mobile: 'Enter a valid Indian mobile number',
} as const;

// Spaces (any, including the non-breaking ones formatPhone writes), dashes and round brackets: what people
// put between digits. Everything else stays, so letters or dots make the number invalid rather than vanish.
const SEPARATORS = /[\s\-\u2010-\u2015()]/g;

/**
 * The 10 digits of a phone as typed or pasted, or null when it is not one: "+91 98765 43210",
 * "+919876543210", "098765 43210", "98765-43210" and "(98765) 43210" all give "9876543210". After dropping
 * separators, one leading "+91", "91" (only on 12 digits) or "0" (only on 11 digits) goes; what is left must
 * be exactly 10 digits. Nothing is ever cut to fit: a longer number is refused, never shortened into a
 * stranger's.
 */
export function normalisePhone(raw: string): string | null {
  let s = raw.replace(SEPARATORS, '');
  if (s.startsWith('+91')) s = s.slice(3);
  else if (/^91\d{10}$/.test(s)) s = s.slice(2);
  else if (/^0\d{10}$/.test(s)) s = s.slice(1);
  return /^\d{10}$/.test(s) ? s : null;
}

/** Whether 10 digits are an Indian mobile number (they start with 6, 7, 8 or 9); texts can only reach these. */
function isIndianMobile(digits: string): boolean {
  return /^[6-9]\d{9}$/.test(digits);
}

/**
 * What is wrong with a typed phone, as the one message to show, or null when it is fine. `mobile`: it must
 * be an Indian mobile (sign-in codes and delivery calls go to it); `any`: any 10 digits (a billing phone).
 */
export function phoneProblem(raw: string, kind: 'mobile' | 'any'): string | null {
  if (raw.trim() === '') return PHONE_MESSAGES.required;
  const digits = normalisePhone(raw);
  if (digits === null) return PHONE_MESSAGES.digits;
  return kind === 'mobile' && !isIndianMobile(digits) ? PHONE_MESSAGES.mobile : null;
}

/**
 * What a phone box shows once the shopper leaves it: the 10 digits when the typing is a number, otherwise
 * exactly what was typed (so the message under the box refers to what the shopper sees).
 */
export function tidyPhoneInput(raw: string): string {
  return normalisePhone(raw) ?? raw;
}

/** A stored phone as people read it: +91 98765 43210, with non-breaking spaces so it never breaks across lines. */
export function formatPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+91\u00a0${phone.slice(0, 5)}\u00a0${phone.slice(5)}` : phone;
}
