/**
 * Discount codes: what a code takes off an order, whether it applies, and in the refusal's exact words.
 * Shared by the checkout (Apply shows the same words the server refuses with), the server (which alone
 * decides, at Apply and again at order time) and the admin page. Pure: amounts are worked in whole paise.
 */
import { BASIS_POINTS_IN_WHOLE, BASIS_POINTS_PER_PERCENT, formatINR, toPaise, toRupees, upToWholeRupeeInPaise } from './money';
import { mostOff } from './pricing';
import { SHOP_TIME_ZONE } from './india-time';

/** How a code takes money off: a percentage of the items' value, or a flat amount in rupees. */
export type DiscountKind = 'percent' | 'flat';

/** Whether a code can be used: active, paused by an admin (may be resumed), or ended for good. */
export type DiscountStatus = 'active' | 'paused' | 'ended';

/** A discount code's rules, as the admin set them (dates are instants; the admin enters them in India's time). */
export interface DiscountRule {
  /** The code in upper case: codes are typed in any case and match whatever the case. */
  code: string;
  kind: DiscountKind;
  /** Percent off (e.g. 10 or 7.5) or rupees off. */
  value: number;
  /** Least value of the items (before the COD fee) for the code to apply, in rupees; 0 for none. */
  minOrder: number;
  /** Most a percent code takes off, in rupees; null for no cap. */
  maxOff: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses across all shoppers, or null for no limit. */
  totalUses: number | null;
  /** Uses by one shopper, or null for no limit. */
  perShopperUses: number | null;
  /** Only for a shopper who has not placed an order before. */
  firstOrderOnly: boolean;
  status: DiscountStatus;
}

/** A discount code as the admin page lists it: its rules, what it has been used for, and who changed it last. */
export interface DiscountCode extends Omit<DiscountRule, 'startsAt' | 'endsAt'> {
  /** ISO instants. */
  startsAt: string | null;
  endsAt: string | null;
  /** Orders holding a use now (placed, or awaiting payment); a cancelled or lapsed order gives its use back. */
  used: number;
  /** A note for the team ('Diwali mailer'); never shown to shoppers. */
  note: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** Why a code does not apply: each has its own message for the shopper. */
export type DiscountRefusal =
  'unknown' | 'paused' | 'ended' | 'not_started' | 'expired' | 'minimum' | 'used_up' | 'already_used' | 'first_order';

/** What the rules need to know about the order and the shopper, besides the code. */
interface DiscountContext {
  /** Value of the items in rupees (before the COD fee). */
  subtotal: number;
  now: Date;
  /** Uses of this code the shopper's orders hold. */
  shopperUses: number;
  /** Whether the shopper has placed an order before (one not cancelled). */
  hasOrdered: boolean;
  /** Uses of this code across all shoppers. */
  used: number;
}

/** The outcome of checking a code against an order: the amount off, or why not. */
type DiscountVerdict = { ok: true; code: string; amount: number } | { ok: false; code: string; reason: DiscountRefusal; message: string };

/** Codes are 3 to 20 letters, digits, '-' or '_', matched whatever their case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,19}$/;

/** A code as typed, in the form it is stored and matched by: trimmed, upper case. */
export function normaliseCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/**
 * What a code takes off items worth `subtotal` rupees: a percentage in whole rupees, rounded up (in the
 * shopper's favour: 10% of ₹2,168 is ₹217 off, so no total shows paise nobody quoted), then capped; a flat
 * amount as it is; never more than the items' value less ₹1 (pricing's mostOff: a ₹5,000 code on a ₹1,999 ring
 * takes ₹1,998, for COD and online alike). The checkout, the server, the invoice and the credit note all take
 * the amount this gives (the order stores it).
 */
export function discountAmount(rule: Pick<DiscountRule, 'kind' | 'value' | 'maxOff'>, subtotal: number): number {
  const base = toPaise(subtotal);
  let off: number;
  if (rule.kind === 'percent') {
    // The percentage in basis points (hundredths of a percent), so 7.5% stays exact in integers; then up to the
    // next whole rupee, in paise.
    const basisPoints = Math.round(rule.value * BASIS_POINTS_PER_PERCENT);
    off = upToWholeRupeeInPaise((base * basisPoints) / BASIS_POINTS_IN_WHOLE);
    if (rule.maxOff !== null) off = Math.min(off, toPaise(rule.maxOff));
  } else {
    off = toPaise(rule.value);
  }
  return toRupees(Math.max(0, Math.min(off, toPaise(mostOff(subtotal)))));
}

/**
 * Shares an order's discount among its lines in proportion to their value, in whole paise (largest
 * remainders first, ties to the earlier line), so the shares add up to the discount exactly. The GST
 * invoice taxes each line on its value after its share.
 */
export function allocateDiscount(lineValuesPaise: readonly number[], discountPaise: number): number[] {
  const total = lineValuesPaise.reduce((a, b) => a + b, 0);
  if (discountPaise <= 0 || total <= 0) return lineValuesPaise.map(() => 0);
  const off = Math.min(discountPaise, total);
  const exact = lineValuesPaise.map((v) => (v * off) / total);
  const shares = exact.map(Math.floor);
  let left = off - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** An order line's money as stored: its unit price and its share of the order's discount, in paise. */
export interface LineInPaise {
  pricePaise: number;
  quantity: number;
  discountPaise?: number | undefined;
}

/** An order as the API shows it (rupees) in the paise the refund rules count in: what the admin's preview reads. */
export function orderInPaise(order: {
  products: readonly { price: number; quantity: number; discount?: number | undefined }[];
  discount?: { amount: number } | null | undefined;
}): { products: LineInPaise[]; discount: { amountPaise: number } | null } {
  return {
    products: order.products.map((l) => ({
      pricePaise: toPaise(l.price),
      quantity: l.quantity,
      ...(l.discount ? { discountPaise: toPaise(l.discount) } : {}),
    })),
    discount: order.discount ? { amountPaise: toPaise(order.discount.amount) } : null,
  };
}

/**
 * Each order line's share of the order's discount in paise, the one rule the invoice, refunds, credit notes
 * and the admin's refund preview share: the shares stored at checkout when they add up to the discount,
 * otherwise (lines stored without shares) the discount shared again by allocateDiscount.
 */
export function lineDiscountShares(lines: readonly LineInPaise[], discountPaise: number): number[] {
  if (discountPaise <= 0) return lines.map(() => 0);
  const stored = lines.map((l) => l.discountPaise ?? 0);
  if (stored.reduce((a, b) => a + b, 0) === discountPaise) return stored;
  return allocateDiscount(
    lines.map((l) => l.pricePaise * l.quantity),
    discountPaise,
  );
}

/**
 * What the first `units` units of an order line are worth in paise: the line's charged value (unit price ×
 * quantity, less its share of the discount) pro rata, rounded down, so refunding the units one by one and all at
 * once come to the same paise and the whole line exactly. The server refunds by it; the admin's preview shows it.
 */
export function lineValuePaise(
  order: { products: readonly LineInPaise[]; discount?: { amountPaise: number } | null | undefined },
  index: number,
  units: number,
): number {
  const line = order.products[index]!;
  const linePaise = line.pricePaise * line.quantity - lineDiscountShares(order.products, order.discount?.amountPaise ?? 0)[index]!;
  return Math.floor((linePaise * units) / line.quantity);
}

const istDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const istTime = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: SHOP_TIME_ZONE });

/** An instant in India's time for a shopper: 'Tue, 1 Dec 2026, 10:00 am'. */
export function formatIstMoment(at: Date): string {
  const part = Object.fromEntries(istDay.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part['weekday']}, ${part['day']} ${part['month']} ${part['year']}, ${istTime.format(at).toLowerCase()}`;
}

/** The shopper's message for each refusal, with the facts that make it exact. */
export function refusalMessage(
  reason: DiscountRefusal,
  code: string,
  facts: { rule?: DiscountRule | null; subtotal?: number } = {},
): string {
  const rule = facts.rule;
  switch (reason) {
    case 'unknown':
      return `${code} is not a discount code we know. Please check it.`;
    case 'paused':
      return `The code ${code} is not available just now.`;
    case 'ended':
      return `The code ${code} has ended.`;
    case 'not_started':
      return `The code ${code} starts on ${formatIstMoment(rule!.startsAt!)}.`;
    case 'expired':
      return `The code ${code} expired on ${formatIstMoment(rule!.endsAt!)}.`;
    case 'minimum': {
      const missing = toRupees(toPaise(rule!.minOrder) - toPaise(facts.subtotal ?? 0));
      return `Add ${formatINR(missing)} more to use ${code}: it needs an order of ${formatINR(rule!.minOrder)} or more.`;
    }
    case 'used_up':
      return `The code ${code} has been fully used.`;
    case 'already_used':
      return rule?.perShopperUses && rule.perShopperUses > 1
        ? `You have already used the code ${code} ${rule.perShopperUses} times, its limit.`
        : `You have already used the code ${code}.`;
    case 'first_order':
      return `The code ${code} is for a first order only.`;
  }
}

/**
 * Whether a code applies to an order, and for how much. Checked in the order a shopper can act on: a code
 * that does not exist or cannot be used at all first, then dates, then the shopper, then the order's value.
 */
export function evaluateDiscount(rule: DiscountRule | null, typed: string, ctx: DiscountContext): DiscountVerdict {
  const code = rule?.code ?? normaliseCode(typed);
  const refuse = (reason: DiscountRefusal): DiscountVerdict => ({
    ok: false,
    code,
    reason,
    message: refusalMessage(reason, code, { rule, subtotal: ctx.subtotal }),
  });
  if (!rule) return refuse('unknown');
  if (rule.status === 'ended') return refuse('ended');
  if (rule.endsAt && ctx.now.getTime() >= rule.endsAt.getTime()) return refuse('expired');
  if (rule.status === 'paused') return refuse('paused');
  if (rule.startsAt && ctx.now.getTime() < rule.startsAt.getTime()) return refuse('not_started');
  if (rule.firstOrderOnly && ctx.hasOrdered) return refuse('first_order');
  if (rule.perShopperUses !== null && ctx.shopperUses >= rule.perShopperUses) return refuse('already_used');
  if (rule.totalUses !== null && ctx.used >= rule.totalUses) return refuse('used_up');
  if (toPaise(ctx.subtotal) < toPaise(rule.minOrder)) return refuse('minimum');
  return { ok: true, code, amount: discountAmount(rule, ctx.subtotal) };
}

/** How a code reads next to its amount: '10% off (up to ₹500)', '₹200 off'. */
export function describeDiscount(rule: Pick<DiscountRule, 'kind' | 'value' | 'maxOff'>): string {
  if (rule.kind === 'flat') return `${formatINR(rule.value)} off`;
  return rule.maxOff !== null ? `${rule.value}% off (up to ${formatINR(rule.maxOff)})` : `${rule.value}% off`;
}

/** The label of an order's discount row: 'Discount (DIWALI10)'. */
export const discountLabel = (code: string): string => `Discount (${code})`;
