// zod/mini: these schemas run in the browser (sign-in and checkout forms) as well as on the server.
import * as z from 'zod/mini';
import { PHONE_MESSAGES, normalisePhone, phoneProblem } from '../phone';

// Control characters (C0, DEL, C1) and the bidi embedding, override and isolate controls: they make stored
// text display differently from what it is (a name that reads backwards in the admin's list, a city with a
// hidden tab), and no name or address needs them.
const NOT_ALLOWED = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
// Line breaks and tabs, which only a multi-line field (the contact message) may hold.
const LINE_BREAKS = /[\t\n\r]/g;
// Nothing a reader would see: whitespace, format characters (zero-width space and joiners, word joiner,
// BOM, soft hyphen), default-ignorable fillers (Hangul filler) and the blank Braille pattern. ZWJ and ZWNJ
// are fine inside visible text: Devanagari and Malayalam names need them.
const NOTHING_VISIBLE = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * The checks every shopper text field shares: NFC (the form stored), a refusal of hidden controls naming the
 * field (which stops further checks, so one message), then trimmed, with text that shows nothing as ''.
 */
function shopperText(label: string, multiline: boolean) {
  return [
    z.normalize('NFC'),
    z.superRefine((s: string, ctx) => {
      if (NOT_ALLOWED.test(multiline ? s.replace(LINE_BREAKS, '') : s))
        ctx.addIssue({ code: 'custom', message: `${label} contains characters that are not allowed`, continue: false });
    }),
    z.overwrite((s: string) => (NOTHING_VISIBLE.test(s) ? '' : s.trim())),
  ] as const;
}

/**
 * A required text field: NFC, trimmed, with the given message when missing or showing nothing, a refusal of
 * control and bidi override characters, and a length cap. `multiline` lets it hold line breaks and tabs.
 */
export function requiredText(message: string, max: number, label: string, opts: { multiline?: boolean } = {}) {
  return z
    .string({ error: message })
    .check(
      ...shopperText(label, opts.multiline ?? false),
      z.minLength(1, { message, abort: true }),
      z.maxLength(max, `${label} is too long (${max} characters at most)`),
    );
}

/** An optional text field: NFC, trimmed, '' when absent or showing nothing; control and bidi override characters refused. */
export function optionalText(max: number, label: string) {
  return z._default(
    z.string().check(...shopperText(label, false), z.maxLength(max, `${label} is too long (${max} characters at most)`)),
    '',
  );
}

/**
 * A phone by the shared rule (src/shared/phone.ts): what was typed or pasted becomes its 10 digits, or is
 * refused with one message ('Phone is required', 'Phone must be 10 digits', and for `mobile` 'Enter a valid
 * Indian mobile number'). The first issue stops the rest, so a form never shows two messages for one box.
 */
function phoneField(kind: 'mobile' | 'any') {
  return z.string({ error: PHONE_MESSAGES.required }).check(
    z.superRefine((raw, ctx) => {
      const problem = phoneProblem(raw, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
    }),
    // Runs only when the check passed (a failed check above aborts), so what is stored is always 10 digits.
    z.overwrite((raw) => normalisePhone(raw) ?? raw),
  );
}

/** Any 10-digit phone (a billing address's: a US billing phone has 10 digits too), stored as its digits. */
export const PhoneSchema = phoneField('any');

/** An Indian mobile (starts with 6 to 9): sign-in codes are texted to it and couriers call it. Stored as 10 digits. */
export const MobilePhoneSchema = phoneField('mobile');

/** An optional phone (the contact form's): '' when not given, otherwise any 10-digit phone. */
export const OptionalPhoneSchema = z._default(
  z.string({ error: PHONE_MESSAGES.digits }).check(
    z.superRefine((raw, ctx) => {
      const problem = raw.trim() === '' ? null : phoneProblem(raw, 'any');
      if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
    }),
    z.overwrite((raw) => (raw.trim() === '' ? '' : (normalisePhone(raw) ?? raw))),
  ),
  '',
);

/** A plausible email address: something@domain.tld, no spaces (deliverability is the mail server's call). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An optional email: '' when not given, otherwise a valid address (lower-cased). */
export const OptionalEmailSchema = z._default(
  z.string({ error: 'Enter a valid email' }).check(
    z.trim(),
    z.maxLength(254, 'Email is too long'),
    z.refine((s) => s === '' || EMAIL_PATTERN.test(s), 'Enter a valid email'),
    z.toLowerCase(),
  ),
  '',
);

/** The years an admin's date may fall in: wide enough for any real plan, narrow enough to catch a typo ('0000', '20266'). */
export const ADMIN_YEARS = { from: 2000, to: 2099 } as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Why a 'YYYY-MM-DD' date (its shape already checked) is not one an admin may enter, or null when it is: a year
 * outside ADMIN_YEARS, or a day the month does not have (30 February is refused, never rolled over to 2 March).
 */
export function calendarDateProblem(ymd: string): string | null {
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  if (year < ADMIN_YEARS.from || year > ADMIN_YEARS.to) return `the year must be from ${ADMIN_YEARS.from} to ${ADMIN_YEARS.to}`;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay)
    return `${day} ${MONTHS[month - 1] ?? `month ${month}`} ${year} is not a date on the calendar`;
  return null;
}
