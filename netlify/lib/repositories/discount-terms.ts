/**
 * What a discount code takes off, between its stored form (paise, see DiscountTermsDoc) and the rupees the shared
 * arithmetic and the pages read. Pure: the codes' repository, the orders' and the migrations share it.
 */
import type { DiscountRule } from '@shared/discounts';
import { toPaise, toRupees } from '@shared/money';
import type { DiscountTermsDoc } from '../collections';

/** What a code takes off, as the shared arithmetic and the pages read it (rupees). */
export type DiscountTerms = Pick<DiscountRule, 'kind' | 'value' | 'maxOff'>;

/** A code's terms as typed (rupees) → as stored (paise). */
export function toTermsDoc(terms: DiscountTerms): DiscountTermsDoc {
  const percent = terms.kind === 'percent';
  return {
    kind: terms.kind,
    percent: percent ? terms.value : null,
    flatPaise: percent ? null : toPaise(terms.value),
    // A cap means nothing on a flat code: a stored flat code never carries one.
    maxOffPaise: percent && terms.maxOff !== null ? toPaise(terms.maxOff) : null,
  };
}

/** Stored terms (paise) → as the shared arithmetic and the pages read them (rupees). */
export function toTerms(d: DiscountTermsDoc): DiscountTerms {
  return d.kind === 'percent'
    ? { kind: 'percent', value: d.percent ?? 0, maxOff: d.maxOffPaise === null ? null : toRupees(d.maxOffPaise) }
    : { kind: 'flat', value: toRupees(d.flatPaise ?? 0), maxOff: null };
}
