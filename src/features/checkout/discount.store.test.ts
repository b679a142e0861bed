import { afterEach, describe, expect, it, vi } from 'vitest';
import { $appliedDiscount, $discountRefusal, $paymentMethod, $source, $totals, $codAvailable, type CheckoutLine } from './checkout.store';
import { $discountInput, applyDiscount, removeDiscount, setDiscountInput } from './discount.store';

const line: CheckoutLine = {
  productId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  name: 'Lotus Ring',
  image: '/uploads/lotus.jpg',
  price: 2600,
  discountPrice: null,
  quantity: 1,
};

/** A stubbed API answering each call with the next of `answers`, and the bodies it was sent. */
function api(...answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  const fetchImpl = vi.fn(async (_path: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    const next = answers.shift()!;
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, sent };
}

const saves = (code: string, amount: number, subtotal: number) => ({
  status: 200,
  body: {
    success: true,
    message: `You save ₹${amount}`,
    discount: { code, amount, description: `₹${amount} off` },
    subtotal,
    shippingCost: 0,
    total: subtotal - amount,
  },
});

afterEach(() => {
  removeDiscount();
  $source.set({ kind: 'loading' });
  $paymentMethod.set('razorpay');
});

describe('the discount code field', () => {
  it('Apply sends the code and the lines, then the totals take the saving off and COD opens under the limit', async () => {
    $source.set({ kind: 'buy-now', line });
    expect($codAvailable.get()).toBe(false);
    const { fetchImpl, sent } = api(saves('SAVE200', 200, 2600));
    setDiscountInput(' save200 ');
    await applyDiscount(fetchImpl);
    expect(sent[0]).toEqual({
      code: 'SAVE200',
      paymentMethod: 'razorpay',
      products: [{ productId: line.productId, price: 2600, quantity: 1 }],
    });
    expect($appliedDiscount.get()).toMatchObject({ code: 'SAVE200', amount: 200 });
    expect($totals.get()).toMatchObject({ subtotal: 2600, discount: 200, shipping: 0, total: 2400 });
    // ₹2,400 of goods after the discount is under ₹2,499: cash on delivery is offered, its fee added after.
    expect($codAvailable.get()).toBe(true);
    $paymentMethod.set('cod');
    expect($totals.get()).toMatchObject({ discount: 200, shipping: 100, total: 2500 });
  });

  it('shows the server’s reason and applies nothing when the code does not apply', async () => {
    $source.set({ kind: 'buy-now', line });
    const { fetchImpl } = api({ status: 422, body: { success: false, message: 'The code OLD10 expired on Sun, 30 Nov 2025, 11:59 pm.' } });
    setDiscountInput('old10');
    await applyDiscount(fetchImpl);
    expect($appliedDiscount.get()).toBeNull();
    expect($discountRefusal.get()).toBe('The code OLD10 expired on Sun, 30 Nov 2025, 11:59 pm.');
    expect($totals.get().discount).toBe(0);
  });

  it('refuses a code that cannot be one without asking the server', async () => {
    $source.set({ kind: 'buy-now', line });
    const { fetchImpl } = api();
    setDiscountInput('x');
    await applyDiscount(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect($discountRefusal.get()).toBe('A discount code is 3 to 20 letters or digits (- and _ allowed)');
  });

  it('leaves the saving out of the totals when the lines change, until the server answers for the new lines', async () => {
    $source.set({ kind: 'buy-now', line });
    const first = api(saves('TEN', 260, 2600));
    setDiscountInput('TEN');
    await applyDiscount(first.fetchImpl);
    expect($totals.get().discount).toBe(260);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(saves('TEN', 520, 5200).body), { status: 200 })),
    );
    $source.set({ kind: 'buy-now', line: { ...line, quantity: 2 } });
    expect($totals.get().discount).toBe(0);
    await vi.waitFor(() => expect($totals.get().discount).toBe(520));
    expect($discountInput.get()).toBe('TEN');
    vi.unstubAllGlobals();
  });

  it('drops the answer to a check the shopper no longer wants (Remove while it was on its way)', async () => {
    $source.set({ kind: 'buy-now', line });
    let answer: (r: Response) => void = () => undefined;
    const fetchImpl = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    setDiscountInput('TEN');
    const applying = applyDiscount(fetchImpl);
    removeDiscount();
    answer(new Response(JSON.stringify(saves('TEN', 260, 2600).body), { status: 200 }));
    await applying;
    expect($appliedDiscount.get()).toBeNull();
    expect($totals.get().discount).toBe(0);
  });
});
