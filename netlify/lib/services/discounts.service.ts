import {
  describeDiscount,
  evaluateDiscount,
  normaliseCode,
  refusalMessage,
  type DiscountRefusal,
  type DiscountRule,
} from '@shared/discounts';
import type { DiscountCodeDoc, OrderDiscountDoc, OrderDoc, UserDoc } from '../collections';
import { AppError } from '../errors';
import { toTermsDoc } from '../repositories/discount-terms';
import { discountsRepository, toRule } from '../repositories/discounts.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { usersRepository } from '../repositories/users.repository';
import { toPaise, toRupees } from '@shared/money';

/** A code that applies to an order: its rules and what it takes off the items, in paise. */
export interface AppliedDiscount {
  rule: DiscountRule;
  amountPaise: number;
}

/** The status a refused code answers with: the request was fine, the code does not apply to it. */
const REFUSED = 422;

/** A refusal of a code, with the shopper's message for it. */
export class DiscountRefused extends AppError {
  constructor(
    readonly reason: DiscountRefusal,
    message: string,
  ) {
    super(REFUSED, message);
  }
}

/** What the refusing conditional update tells a try: refused for a reason, or held by a twin of its attempt. */
export class DiscountHeldByTwin extends Error {
  constructor(readonly refusal: DiscountRefused) {
    super(refusal.message);
  }
}

/** The most uses a shopper may hold of a code: its own limit, or one for a first-order code. */
const shopperLimit = (rule: DiscountRule): number | null => rule.perShopperUses ?? (rule.firstOrderOnly ? 1 : null);

/**
 * How long a first-order claim whose order was never stored may be a try still placing it; after this it is a
 * try that died between claiming and storing, and the next first order may take the claim.
 */
const FIRST_ORDER_CLAIM_STALE_MS = 10 * 60_000;

/** Gives back what a try's mark holds: the code's use, the shopper's use and the shopper's first order. */
async function release(code: string, userId: UserDoc['_id'], mark: string): Promise<void> {
  await Promise.all([discountsRepository.giveBack(code, userId, mark), usersRepository.releaseFirstOrder(userId, mark)]);
}

/**
 * Whether a first-order claim is dead: its order (the mark starts with the order's id) was cancelled, or was
 * never stored and the claim is older than a live try could be. Such a claim would otherwise lock the shopper
 * out of first-order codes for good.
 */
async function claimIsDead(claim: { mark: string; at: Date }, now: Date): Promise<boolean> {
  const order = await ordersRepository.findById(claim.mark.split(':')[0] ?? '');
  // Stored (by this try or a twin of its attempt): the shopper's first order stands unless it was cancelled.
  if (order) return order.status === 'cancelled';
  return now.getTime() - claim.at.getTime() > FIRST_ORDER_CLAIM_STALE_MS;
}

/** What an order stores of the code it used. */
export function orderDiscountDoc(applied: AppliedDiscount): OrderDiscountDoc {
  return { code: applied.rule.code, ...toTermsDoc(applied.rule), amountPaise: applied.amountPaise };
}

/** The read half of a check: the code's rules and the facts about the shopper the rules need. */
async function facts(
  user: UserDoc,
  code: string,
): Promise<{ doc: DiscountCodeDoc | null; rule: DiscountRule | null; shopperUses: number; hasOrdered: boolean }> {
  const doc = await discountsRepository.find(code);
  const rule = doc ? toRule(doc) : null;
  const [shopperUses, hasOrdered] = await Promise.all([
    rule && shopperLimit(rule) !== null ? discountsRepository.shopperUses(code, user._id) : 0,
    rule?.firstOrderOnly ? ordersRepository.hasPlacedOrder(user._id) : false,
  ]);
  return { doc, rule, shopperUses, hasOrdered };
}

/**
 * Discount codes at checkout: only the server decides whether a code applies and what it takes off, at
 * Apply and again when the order is placed, and each use is held by one order.
 */
export const discountsService = {
  /**
   * Whether `typed` applies for this shopper to items worth `subtotal` rupees: the rules and what the code
   * takes off, or a DiscountRefused (422) with the exact reason.
   */
  async apply(user: UserDoc, typed: string, subtotal: number, now = new Date()): Promise<AppliedDiscount> {
    const code = normaliseCode(typed);
    const { doc, rule, shopperUses, hasOrdered } = await facts(user, code);
    const verdict = evaluateDiscount(rule, code, { subtotal, now, shopperUses, hasOrdered, used: doc?.used ?? 0 });
    if (!verdict.ok) throw new DiscountRefused(verdict.reason, verdict.message);
    return { rule: rule!, amountPaise: toPaise(verdict.amount) };
  },

  /** How a code reads next to its amount ('10% off'). */
  describe: (rule: DiscountRule): string => describeDiscount(rule),

  /**
   * Takes the uses an order try needs (the code's, and the shopper's where the code limits them), each one
   * conditional update carrying the try's mark. If the last use went meanwhile (or an admin paused the code)
   * nothing is kept and the shopper reads why; if it is held by a twin request of the same checkout attempt,
   * DiscountHeldByTwin says so (the twin's order will answer). A take with no answer is settled by giving back
   * whatever the mark holds, and reported as our problem.
   */
  async take(user: UserDoc, applied: AppliedDiscount, mark: string, twin?: { prefix: string; except: string }): Promise<void> {
    const { code } = applied.rule;
    let rule = applied.rule;
    for (let tries = 0; ; tries++) {
      const onCode = await discountsRepository.takeUse(code, rule.totalUses, mark);
      if (typeof onCode === 'object') return this.unanswered(user, code, mark, onCode.unknown);
      if (onCode === 'taken') break;
      // Refused: used up, paused or ended since Apply, or its limit was edited (then the take is tried again).
      const now = await discountsRepository.find(code);
      const reason = refusalOf(now ? toRule(now) : null, code, now?.used ?? 0);
      if (!reason && now && tries < 2) {
        rule = toRule(now);
        continue;
      }
      const refusal = new DiscountRefused(
        reason ?? 'used_up',
        refusalMessage(reason ?? 'used_up', code, { rule: now ? toRule(now) : rule }),
      );
      if (twin && (await discountsRepository.heldByTwin(code, twin))) throw new DiscountHeldByTwin(refusal);
      throw refusal;
    }
    if (rule.firstOrderOnly) {
      const claimed = await this.claimFirstOrder(user, mark, twin).catch((err: unknown) => ({ unknown: err }));
      if (typeof claimed === 'object') return this.unanswered(user, code, mark, claimed.unknown);
      if (claimed !== 'taken') {
        await release(code, user._id, mark);
        const refusal = new DiscountRefused('first_order', refusalMessage('first_order', code, { rule }));
        throw claimed === 'twin' ? new DiscountHeldByTwin(refusal) : refusal;
      }
    }
    const limit = shopperLimit(rule);
    if (limit === null) return;
    const onShopper = await discountsRepository.takeShopperUse(code, user._id, limit, mark);
    if (onShopper === 'taken') return;
    await release(code, user._id, mark);
    if (typeof onShopper === 'object') return this.unanswered(user, code, mark, onShopper.unknown);
    const reason: DiscountRefusal = rule.perShopperUses === null ? 'first_order' : 'already_used';
    const refusal = new DiscountRefused(reason, refusalMessage(reason, code, { rule }));
    // The shopper's use may be held by a twin of this attempt (its mark is on the code too): its order answers.
    if (twin && (await discountsRepository.heldByTwin(code, twin))) throw new DiscountHeldByTwin(refusal);
    throw refusal;
  },

  /**
   * Claims the shopper's one first order for this try (a first-order code): 'taken', 'twin' when a twin request
   * of the same attempt holds it (its order answers), or 'refused'. A claim whose try died or whose order was
   * cancelled without releasing it is released here and the claim tried again.
   */
  async claimFirstOrder(user: UserDoc, mark: string, twin?: { prefix: string; except: string }): Promise<'taken' | 'twin' | 'refused'> {
    for (let tries = 0; tries < 3; tries++) {
      const now = new Date();
      if (await usersRepository.claimFirstOrder(user._id, mark, now)) return 'taken';
      const held = await usersRepository.firstOrderClaim(user._id);
      if (!held) continue; // Released meanwhile.
      if (twin && held.mark.startsWith(twin.prefix) && !held.mark.startsWith(twin.except)) return 'twin';
      if (!(await claimIsDead(held, now))) return 'refused';
      await usersRepository.releaseFirstOrder(user._id, held.mark);
    }
    return 'refused';
  },

  /** A take without an answer: whatever the mark holds goes back, and the shopper is told it was our problem. */
  async unanswered(user: UserDoc, code: string, mark: string, reason: unknown): Promise<never> {
    console.error(`[discounts] taking a use of ${code} for ${mark} ended without an answer:`, reason);
    await release(code, user._id, mark).catch(() => undefined);
    throw new AppError(
      503,
      'We could not apply your discount code just now (a temporary problem on our side). Nothing was charged. Please try again in a moment.',
    );
  },

  /**
   * Gives back the use an order holds (cancelled, its payment hold lapsed, or never stored): at most once,
   * since only the update that finds the order's mark on the code moves the count. Never throws.
   */
  async giveBack(order: Pick<OrderDoc, 'discount' | 'userId' | 'attemptId' | 'orderNumber'>, mark = order.attemptId): Promise<void> {
    if (!order.discount || !mark) return;
    await release(order.discount.code, order.userId, mark).catch((err: unknown) =>
      console.error(`[discounts] could not give back the use of ${order.discount!.code} held by ${order.orderNumber}:`, err),
    );
  },

  /**
   * Takes the use again, whatever the limits, for an order revived by a payment that arrived after its hold
   * lapsed. Never throws: the payment is recorded whatever happens to the count (a failure is logged).
   */
  async takeAgain(order: Pick<OrderDoc, 'discount' | 'userId' | 'attemptId' | 'orderNumber'>): Promise<void> {
    if (!order.discount || !order.attemptId) return;
    const { code } = order.discount;
    const mark = order.attemptId;
    const userId = order.userId;
    await (async () => {
      await discountsRepository.takeRegardless(code, userId, mark);
      // Its first order too, unless another order took it meanwhile (then the code's use is all it keeps).
      if ((await discountsRepository.find(code))?.firstOrderOnly) await usersRepository.claimFirstOrder(userId, mark, new Date());
    })().catch((err: unknown) =>
      console.error(`[discounts] could not count the use of ${order.discount!.code} by ${order.orderNumber} again:`, err),
    );
  },

  /**
   * Forgets a delivered order's mark on its code (the use stays counted): a delivered order never gives its use
   * back, so only orders still in flight keep marks and a code's document stays small however often it is used.
   */
  async retire(order: Pick<OrderDoc, 'discount' | 'userId' | 'attemptId' | 'orderNumber'>): Promise<void> {
    if (!order.discount || !order.attemptId) return;
    await discountsRepository
      .retire(order.discount.code, order.userId, order.attemptId)
      .catch((err: unknown) =>
        console.warn(`[discounts] could not retire the mark of ${order.orderNumber} on ${order.discount!.code}:`, err),
      );
  },
};

/** Why a code cannot take another use now (null when it still could: its limit was raised). */
function refusalOf(rule: DiscountRule | null, code: string, used: number): DiscountRefusal | null {
  // The shopper facts and the order's value were checked at pricing; only the code itself changes meanwhile.
  const verdict = evaluateDiscount(rule, code, {
    subtotal: toRupees(Number.MAX_SAFE_INTEGER),
    now: new Date(),
    shopperUses: 0,
    hasOrdered: false,
    used,
  });
  return verdict.ok ? null : verdict.reason;
}
