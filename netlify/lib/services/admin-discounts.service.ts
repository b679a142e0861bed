import { type DiscountCode, type DiscountStatus } from '@shared/discounts';
import type { DiscountCodeInput } from '@shared/schemas/discounts';
import type { UserDoc } from '../collections';
import { AppError, conflict, notFound } from '../errors';
import { discountsRepository, toDiscountCode, type DiscountRulesInput } from '../repositories/discounts.repository';
import { fromIndiaLocal } from '@shared/india-time';

/** Who made a change, in the form order histories record it: 'admin:9876543210' (the CLI passes its own). */
type Actor = UserDoc | string;

// The same 'admin:<phone>' the order history records, so one search finds everything an admin changed.
const byOf = (actor: Actor): string => (typeof actor === 'string' ? actor : `admin:${actor.phone}`);

/** The rules as set: India's wall-clock dates become instants; the code itself is the _id, kept apart. */
function toRules(input: DiscountCodeInput): DiscountRulesInput {
  return {
    kind: input.kind,
    value: input.value,
    minOrder: input.minOrder,
    // A cap means nothing on a flat code; the schema refuses one, and the stored terms never carry it.
    maxOff: input.kind === 'percent' ? input.maxOff : null,
    startsAt: input.validFrom ? fromIndiaLocal(input.validFrom) : null,
    endsAt: input.validTo ? fromIndiaLocal(input.validTo) : null,
    totalUses: input.totalUses,
    perShopperUses: input.perShopperUses,
    firstOrderOnly: input.firstOrderOnly,
    note: input.note,
  };
}

/** For each status, the statuses a code may move to it from: pause and resume freely, end from either; nothing leaves 'ended'. */
const MOVES_TO: Record<DiscountStatus, DiscountStatus[]> = {
  active: ['paused'],
  paused: ['active'],
  ended: ['active', 'paused'],
};

/** Discount codes for admins (the admin page and the CLI): list, create, edit, pause, resume, end. */
export const adminDiscountsService = {
  /** Every code, newest first, with its uses. */
  async list(): Promise<DiscountCode[]> {
    return (await discountsRepository.list()).map(toDiscountCode);
  },

  /** One code, or 404. */
  async get(code: string): Promise<DiscountCode> {
    const doc = await discountsRepository.find(code);
    if (!doc) throw notFound(`The code ${code}`);
    return toDiscountCode(doc);
  },

  /** A new code, active at once (its dates still apply); 409 when the code exists in any case. */
  async create(input: DiscountCodeInput, actor: Actor): Promise<DiscountCode> {
    // The schema has upper-cased the code already; the _id is that form, so 'diwali10' meets 'DIWALI10' here.
    const created = await discountsRepository.create(input.code, toRules(input), byOf(actor));
    if (!created) throw conflict(`A code ${input.code} already exists.`);
    return this.get(input.code);
  },

  /**
   * New rules for an existing code (its uses and status stay). 404 when there is none; 409 when it has ended,
   * because an ended code is a record of what was offered and must not change under past orders.
   */
  async edit(code: string, input: DiscountCodeInput, actor: Actor): Promise<DiscountCode> {
    if (input.code !== code) throw new AppError(400, `The code in the form (${input.code}) is not the code being edited (${code}).`);
    const current = await discountsRepository.find(code);
    if (!current) throw notFound(`The code ${code}`);
    if (current.status === 'ended') throw conflict(`The code ${code} has ended, so it cannot be edited. Create a new code instead.`);
    const updated = await discountsRepository.updateUnlessEnded(code, toRules(input), byOf(actor));
    // Ended (or removed) in the moment between the read and the write: nothing was changed.
    if (!updated) throw conflict(`The code ${code} was ended while you were editing it, so it was not changed.`);
    return toDiscountCode(updated);
  },

  /**
   * Pauses, resumes or ends a code. Asking for the status it has is answered with the code as it is (a
   * repeated click changes nothing); ending is final, so anything asked of an ended code is a 409.
   */
  async changeStatus(code: string, to: DiscountStatus, actor: Actor): Promise<{ code: DiscountCode; changed: boolean }> {
    const current = await discountsRepository.find(code);
    if (!current) throw notFound(`The code ${code}`);
    if (current.status === to) return { code: toDiscountCode(current), changed: false };
    if (current.status === 'ended')
      throw conflict(`The code ${code} has ended, and ending is permanent: it cannot be ${to === 'active' ? 'resumed' : 'paused'}.`);
    // Conditional on a status it may move from, so an End racing a Resume can never bring an ended code back.
    const moved = await discountsRepository.setStatus(code, MOVES_TO[to], to, byOf(actor));
    if (!moved) {
      const now = await discountsRepository.find(code);
      if (!now) throw notFound(`The code ${code}`);
      if (now.status === to) return { code: toDiscountCode(now), changed: false };
      throw conflict(`The code ${code} changed while you were looking at it (it is now ${now.status}). Reload and try again.`);
    }
    return { code: toDiscountCode(moved), changed: true };
  },
};

/** The message for a status change: 'DIWALI10 is now paused.' or 'DIWALI10 was already paused.' */
export function statusMessage(code: string, to: DiscountStatus, changed: boolean): string {
  return changed ? `${code} is now ${to}.` : `${code} was already ${to}.`;
}
