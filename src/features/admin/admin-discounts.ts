/**
 * The admin discounts page's rules, pure so they are tested alone: the form's text values to and from a
 * code, the form parsed with the same schema the server uses (messages by field), and how a code's
 * validity and uses read in the list.
 */
import { describeDiscount, type DiscountCode, type DiscountStatus } from '@shared/discounts';
import { DiscountCodeInputSchema, type DiscountCodeInput } from '@shared/schemas/discounts';
import { formatINR } from '@shared/money';
import { SHOP_TIME_ZONE } from '@shared/india-time';
import { toIndiaLocal } from '@shared/india-time';

/** The form's values as the inputs hold them (text; the checkbox a boolean). */
export interface DiscountForm {
  code: string;
  kind: 'percent' | 'flat';
  value: string;
  minOrder: string;
  maxOff: string;
  validFrom: string;
  validTo: string;
  totalUses: string;
  perShopperUses: string;
  firstOrderOnly: boolean;
  note: string;
}

/** A field of the form. */
export type DiscountField = keyof DiscountForm;

/** An empty form: a percent code with no limits. */
export const EMPTY_DISCOUNT_FORM: DiscountForm = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  maxOff: '',
  validFrom: '',
  validTo: '',
  totalUses: '',
  perShopperUses: '',
  firstOrderOnly: false,
  note: '',
};

const text = (n: number | null) => (n === null ? '' : String(n));

/** A saved code as the form shows it, with its dates in India's wall-clock time. */
export function formFromCode(c: DiscountCode): DiscountForm {
  return {
    code: c.code,
    kind: c.kind,
    value: String(c.value),
    minOrder: c.minOrder ? String(c.minOrder) : '',
    maxOff: text(c.maxOff),
    validFrom: c.startsAt ? toIndiaLocal(new Date(c.startsAt)) : '',
    validTo: c.endsAt ? toIndiaLocal(new Date(c.endsAt)) : '',
    totalUses: text(c.totalUses),
    perShopperUses: text(c.perShopperUses),
    firstOrderOnly: c.firstOrderOnly,
    note: c.note,
  };
}

// A number typed in a box: a number when it reads as one, the text itself otherwise (so the schema says
// 'must be a number' by the field), and null when empty (no limit).
const numberOrText = (s: string): number | string | null => {
  const t = s.trim();
  if (t === '') return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
};

/** The form as the API takes it: empty boxes are 'no limit' (null) or the default, never ''. */
export function formToBody(f: DiscountForm): Record<string, unknown> {
  const value = numberOrText(f.value);
  return {
    code: f.code,
    kind: f.kind,
    ...(value === null ? {} : { value }),
    minOrder: numberOrText(f.minOrder) ?? 0,
    // A cap is for percentage codes; a cap left in the box after switching to flat is not sent.
    maxOff: f.kind === 'percent' ? numberOrText(f.maxOff) : null,
    validFrom: f.validFrom || null,
    validTo: f.validTo || null,
    totalUses: numberOrText(f.totalUses),
    perShopperUses: numberOrText(f.perShopperUses),
    firstOrderOnly: f.firstOrderOnly,
    note: f.note,
  };
}

/** The form checked with the server's own schema: the input to send, or one message per field. */
export function parseDiscountForm(
  f: DiscountForm,
): { ok: true; input: DiscountCodeInput } | { ok: false; errors: Partial<Record<DiscountField, string>> } {
  const result = DiscountCodeInputSchema.safeParse(formToBody(f));
  if (result.success) return { ok: true, input: result.data };
  const errors: Partial<Record<DiscountField, string>> = {};
  for (const issue of result.error.issues) {
    const field = (issue.path[0] ?? 'code') as DiscountField;
    // The first message per field: the one to fix first.
    errors[field] ??= issue.message;
  }
  if (!f.value.trim()) errors.value = 'Enter how much the code takes off';
  return { ok: false, errors };
}

/** When a code can be used, in India's time: 'From 20 Oct 2026, 12:00 am to 5 Nov 2026, 11:59 pm', 'Always'. */
export function validityText(c: Pick<DiscountCode, 'startsAt' | 'endsAt'>): string {
  const at = (iso: string) => ist.format(new Date(iso)).replace(/\b(AM|PM)\b/, (m) => m.toLowerCase());
  if (c.startsAt && c.endsAt) return `${at(c.startsAt)} – ${at(c.endsAt)}`;
  if (c.startsAt) return `From ${at(c.startsAt)}`;
  if (c.endsAt) return `Until ${at(c.endsAt)}`;
  return 'No end date';
}

const ist = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: SHOP_TIME_ZONE,
});

/** Uses so far against the limit: '3 / 100', '3 / no limit'. */
export const usesText = (c: Pick<DiscountCode, 'used' | 'totalUses'>): string => `${c.used} / ${c.totalUses ?? 'no limit'}`;

/** What the code gives and from what order value: '10% off (up to ₹500)'. */
export const givesText = (c: Pick<DiscountCode, 'kind' | 'value' | 'maxOff'>): string => describeDiscount(c);

/** The minimum order in rupees, or 'None'. */
export const minOrderText = (c: Pick<DiscountCode, 'minOrder'>): string => (c.minOrder ? formatINR(c.minOrder) : 'None');

/** The status as a label: 'Active', 'Paused', 'Ended'. */
export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };
