/**
 * Why an order needs a person, as codes: the one table of each reason's sentence (what the admin reads on
 * the order, stored with it) and the hint shown beside it. Flags stored before reasons had codes get theirs at
 * first connection (codeUncodedAttention); a sentence without a code shows as it is, with LEGACY_ATTENTION_HINT.
 */
import { formatPaiseAsINR } from './money';

/** A reason an order was flagged, with what its sentence names. */
export type Attention =
  | { code: 'paid_after_hold' }
  | { code: 'refund_failed'; detail: string }
  | { code: 'refund_failed_reported'; refundId: string }
  | { code: 'refund_not_done'; amountPaise: number; detail: string; refundKey: string }
  | { code: 'refund_no_answer'; amountPaise: number; detail: string; refundKey: string }
  | { code: 'stray_payment'; paymentId: string; amountPaise: number }
  | { code: 'stock_given_back' };

/** The code of a reason. */
export type AttentionCode = Attention['code'];

/** What an order stores beside the sentence: the reason's code and, for a refund of lines, which refund. */
export interface AttentionRecord {
  code: AttentionCode;
  refundKey?: string;
}

const STOCK_HINT =
  "A paid order whose stock hold had expired: its pieces' stock may be negative. Check the stock before packing, and contact the shopper if a piece is short.";
const REFUND_BY_HAND_HINT = "Refund the payment by hand in Razorpay's dashboard, then tell the shopper.";
const RETRY_REFUND_HINT =
  "Retry it with Retry refund in this order's Refunds card (Razorpay is asked again, once; the shopper is told when it is made), or refund it by hand in Razorpay's dashboard and tell the shopper. A failure flagged before the shop knew why has no Retry: Razorpay may have made it, so look it up there first.";
const REFUND_AGAIN_HINT = "Refund it again from this page, or by hand in Razorpay's dashboard, then tell the shopper.";
const NO_ANSWER_HINT =
  "Look the refund up in Razorpay's dashboard before refunding again. The shop asks Razorpay again with the same key (the same click or Retry refund again, or the reconciliation job after 10 minutes), which never refunds twice; Razorpay's answer clears this flag.";

/** The hint beside a flag without a code: the sentence alone says what happened. */
const LEGACY_ATTENTION_HINT = "Read the reason; the order's history below says what happened.";

/** Each reason's sentence and hint. */
const ATTENTION: { [C in AttentionCode]: { sentence: (a: Extract<Attention, { code: C }>) => string; hint: string } } = {
  paid_after_hold: {
    sentence: () => 'Paid after its stock hold had expired: stock was taken again and may be short.',
    hint: STOCK_HINT,
  },
  refund_failed: {
    // Only a certain refusal is flagged so (an unclear error is refund_no_answer), so Retry refund is offered for it.
    sentence: (a) => `Razorpay refused the refund (${a.detail}): retry it with Retry refund, or refund it by hand.`,
    hint: RETRY_REFUND_HINT,
  },
  refund_failed_reported: {
    sentence: (a) => `Razorpay reported the refund ${a.refundId} failed: retry it with Retry refund, or refund it by hand.`,
    hint: RETRY_REFUND_HINT,
  },
  refund_not_done: {
    sentence: (a) => `A refund of ${formatPaiseAsINR(a.amountPaise)} did not go through (${a.detail}): refund it again or by hand.`,
    hint: REFUND_AGAIN_HINT,
  },
  refund_no_answer: {
    // Its webhook, or asking again with the same key, settles the refund and clears this flag.
    sentence: (a) =>
      `No answer from Razorpay for a refund of ${formatPaiseAsINR(a.amountPaise)} (${a.detail}): check Razorpay's dashboard before refunding again.`,
    hint: NO_ANSWER_HINT,
  },
  stock_given_back: {
    sentence: () =>
      'Its pieces were put back on sale while it was being placed (the shop was recovering from an outage): they were taken again and stock is short.',
    hint: STOCK_HINT,
  },
  stray_payment: {
    sentence: (a) =>
      `A second payment (${a.paymentId}) of up to ${formatPaiseAsINR(a.amountPaise)} was captured for this order: refund it by hand in Razorpay's dashboard.`,
    hint: REFUND_BY_HAND_HINT,
  },
};

/** The sentence an admin reads for a reason. */
export function attentionSentence(a: Attention): string {
  return (ATTENTION[a.code].sentence as (a: Attention) => string)(a);
}

/** The fields an order stores when flagged: the sentence as shown and the reason's code. */
export function attentionFields(a: Attention): { needsAttention: string; attention: AttentionRecord } {
  return {
    needsAttention: attentionSentence(a),
    attention: 'refundKey' in a ? { code: a.code, refundKey: a.refundKey } : { code: a.code },
  };
}

/** The hint shown beside a flag: its reason's, or LEGACY_ATTENTION_HINT for a flag without a code. */
export function attentionHint(code: AttentionCode | null): string {
  return code ? ATTENTION[code].hint : LEGACY_ATTENTION_HINT;
}
