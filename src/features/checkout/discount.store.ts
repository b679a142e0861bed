/**
 * The checkout's 'Discount code' field: Apply asks the server whether the code applies to the lines being
 * bought and what it takes off (only the server decides; the amount shown is sent back as a cross-check),
 * Remove takes it off, and a change to the lines asks again, since a code's amount and minimum depend on them.
 */
import { atom } from 'nanostores';
import { discountsApiPaths, type DiscountCheckResponse } from '@shared/api/discounts';
import { DiscountCodeFieldSchema } from '@shared/schemas/discounts';
import { unitPrice } from '@shared/pricing';
import { callApi } from '../auth/api-client';
import { $appliedDiscount, $codAvailable, $discountRecheck, $discountRefusal, $lines, $paymentMethod, linesKey } from './checkout.store';

/** The code as typed in the field. */
export const $discountInput = atom('');
/** True while Apply (or a re-check after the lines changed) waits for the server. */
export const $discountChecking = atom(false);

/** Types into the field (a message from an earlier try stays until the next Apply). */
export function setDiscountInput(value: string): void {
  $discountInput.set(value);
}

/** Counts Apply and Remove: an answer to an older question (the shopper removed the code meanwhile) is dropped. */
let generation = 0;

/** Asks the server about `typed` for the lines as they are now; applies it, or shows why not. */
async function check(typed: string, fetchImpl?: typeof fetch, asked = generation): Promise<void> {
  const parsed = DiscountCodeFieldSchema.safeParse(typed);
  if (!parsed.success) {
    $discountRefusal.set(parsed.error.issues[0]?.message ?? 'Enter a discount code');
    return;
  }
  const lines = $lines.get();
  if (lines.length === 0) return;
  const body = {
    code: parsed.data,
    // The method the order would use: cash on delivery only while it is offered.
    paymentMethod: $paymentMethod.get() === 'cod' && $codAvailable.get() ? ('cod' as const) : ('razorpay' as const),
    products: lines.map((l) => ({
      productId: l.productId,
      ...(l.size ? { size: l.size } : {}),
      price: unitPrice(l),
      quantity: l.quantity,
    })),
  };
  $discountChecking.set(true);
  try {
    const r = await callApi<DiscountCheckResponse>(discountsApiPaths.discountCheck, { body, auth: true }, fetchImpl);
    if (asked !== generation) return;
    // The lines changed while the server answered: ask again about the lines as they are now.
    if (linesKey($lines.get()) !== linesKey(lines)) {
      $discountChecking.set(false);
      return await check(parsed.data, fetchImpl, asked);
    }
    if (!r.ok) {
      $appliedDiscount.set(null);
      $discountRefusal.set(r.message ?? 'This code could not be checked just now. Please try again.');
      return;
    }
    $discountRefusal.set(null);
    $discountInput.set(r.data.discount.code);
    $appliedDiscount.set({ ...r.data.discount, linesKey: linesKey(lines) });
  } finally {
    $discountChecking.set(false);
  }
}

/** Apply: checks the typed code with the server. */
export async function applyDiscount(fetchImpl?: typeof fetch): Promise<void> {
  if ($discountChecking.get()) return;
  generation += 1;
  await check($discountInput.get(), fetchImpl);
}

/** Remove: the order goes without the code. */
export function removeDiscount(): void {
  generation += 1;
  $discountChecking.set(false);
  $appliedDiscount.set(null);
  $discountRefusal.set(null);
  $discountInput.set('');
}

// Lines changed under an applied code (a quantity, a price refresh): the server is asked again, since the
// amount and the minimum depend on them; until it answers, the totals leave the discount out.
$lines.listen((lines) => {
  const applied = $appliedDiscount.get();
  if (applied && lines.length > 0 && applied.linesKey !== linesKey(lines)) void check(applied.code);
});

// The server refused the amounts shown (409): the code's amount may have changed with them, so it is asked again.
$discountRecheck.listen(() => {
  const applied = $appliedDiscount.get();
  if (!applied) return;
  $appliedDiscount.set({ ...applied, linesKey: '' });
  void check(applied.code);
});
