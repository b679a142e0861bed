import { describe, expect, it } from 'vitest';
import { canMove, movesFrom, paymentAfterMove, paymentStatesMovableTo, UNPAID_ONLINE_STATES } from './orders';

describe('the one table of order and payment moves', () => {
  it('gives an admin the next step forward, then cancel, from an open status', () => {
    expect(movesFrom('confirmed', 'admin')).toEqual(['packed', 'cancelled']);
    expect(movesFrom('delivered', 'admin')).toEqual([]);
    expect(canMove('shipped', 'cancelled', 'customer')).toBe(false);
  });

  it('moves the money with the status only as the payment table allows', () => {
    const cod = { paymentMethod: 'cod', paymentStatus: 'cod_pending' } as const;
    const attempt = { paymentMethod: 'razorpay', paymentStatus: 'pending' } as const;
    expect(paymentAfterMove(cod, 'delivered')).toBe('paid');
    expect(paymentAfterMove(cod, 'shipped')).toBe('cod_pending');
    expect(paymentAfterMove(attempt, 'cancelled')).toBe('failed');
    expect(paymentAfterMove({ paymentMethod: 'razorpay', paymentStatus: 'paid' }, 'cancelled')).toBe('paid');
    for (const order of [cod, attempt]) {
      for (const to of ['delivered', 'cancelled'] as const) {
        const after = paymentAfterMove(order, to);
        if (after !== order.paymentStatus) expect(paymentStatesMovableTo(after)).toContain(order.paymentStatus);
      }
    }
    expect(UNPAID_ONLINE_STATES).toEqual(['pending', 'failed']);
  });
});
