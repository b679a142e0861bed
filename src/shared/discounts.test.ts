import { describe, expect, it } from 'vitest';
import {
  describeDiscount,
  discountAmount,
  evaluateDiscount,
  formatIstMoment,
  lineDiscountShares,
  normaliseCode,
  type DiscountRule,
} from './discounts';
import { fromIndiaLocal, toIndiaLocal } from './india-time';

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  code: 'DIWALI10',
  kind: 'percent',
  value: 10,
  minOrder: 0,
  maxOff: null,
  startsAt: null,
  endsAt: null,
  totalUses: null,
  perShopperUses: null,
  firstOrderOnly: false,
  status: 'active',
  ...overrides,
});

const now = new Date('2026-11-25T06:30:00Z');
const ctx = { subtotal: 2000, now, shopperUses: 0, hasOrdered: false, used: 0 };

describe('what a code takes off', () => {
  it('takes a percentage in whole rupees, rounded up in the shopper’s favour, and caps it', () => {
    expect(discountAmount(rule(), 1999)).toBe(200);
    expect(discountAmount(rule(), 2168)).toBe(217);
    expect(discountAmount(rule(), 2000)).toBe(200);
    expect(discountAmount(rule({ value: 7.5 }), 450)).toBe(34);
    expect(discountAmount(rule({ value: 15, maxOff: 500 }), 6997)).toBe(500);
    // Never the whole of the items' value, even rounded up: the goods stay charged at least ₹1.
    expect(discountAmount(rule({ value: 100 }), 899)).toBe(898);
    expect(discountAmount(rule({ value: 99.9 }), 1)).toBe(0);
    expect(discountAmount(rule({ value: 99.9 }), 450.5)).toBe(449.5);
  });

  it('takes a flat amount, never more than the items are worth less ₹1', () => {
    expect(discountAmount(rule({ kind: 'flat', value: 250 }), 1999)).toBe(250);
    expect(discountAmount(rule({ kind: 'flat', value: 250 }), 199)).toBe(198);
    expect(discountAmount(rule({ kind: 'flat', value: 1e6 }), 1999)).toBe(1998);
  });

  it('reads as the shopper sees it', () => {
    expect(describeDiscount(rule())).toBe('10% off');
    expect(describeDiscount(rule({ maxOff: 500 }))).toBe('10% off (up to ₹500)');
    expect(describeDiscount(rule({ kind: 'flat', value: 200 }))).toBe('₹200 off');
  });
});

describe('whether a code applies', () => {
  it('matches whatever the case and spacing it is typed in', () => {
    expect(normaliseCode('  diwali10 ')).toBe('DIWALI10');
    expect(evaluateDiscount(rule(), ' diwali10', ctx)).toEqual({ ok: true, code: 'DIWALI10', amount: 200 });
  });

  it('gives the reason a shopper can act on, in order: unknown, ended, expired, paused, not started, first order, per shopper, used up, minimum', () => {
    const reason = (r: DiscountRule | null, c: Partial<typeof ctx> = {}) => {
      const v = evaluateDiscount(r, 'nosuch', { ...ctx, ...c });
      return v.ok ? 'ok' : v.reason;
    };
    expect(reason(null)).toBe('unknown');
    expect(reason(rule({ status: 'ended', endsAt: new Date('2026-01-01') }))).toBe('ended');
    expect(reason(rule({ status: 'paused', endsAt: new Date('2026-11-25T06:30:00Z') }))).toBe('expired');
    expect(reason(rule({ status: 'paused' }))).toBe('paused');
    expect(reason(rule({ startsAt: new Date('2026-11-25T06:30:01Z') }))).toBe('not_started');
    expect(reason(rule({ startsAt: new Date('2026-11-25T06:30:00Z') }))).toBe('ok');
    expect(reason(rule({ firstOrderOnly: true }), { hasOrdered: true })).toBe('first_order');
    expect(reason(rule({ perShopperUses: 2, totalUses: 5 }), { shopperUses: 2, used: 5 })).toBe('already_used');
    expect(reason(rule({ totalUses: 5, minOrder: 3000 }), { used: 5 })).toBe('used_up');
    expect(reason(rule({ minOrder: 2000.01 }))).toBe('minimum');
    expect(reason(rule({ minOrder: 2000 }))).toBe('ok');
  });

  it('says exactly what is missing or when, in India’s time', () => {
    const v = evaluateDiscount(rule({ minOrder: 2500 }), 'x', { ...ctx, subtotal: 1999.5 });
    expect(!v.ok && v.message).toBe('Add ₹500.50 more to use DIWALI10: it needs an order of ₹2,500 or more.');
    const later = evaluateDiscount(rule({ startsAt: fromIndiaLocal('2026-12-01T10:00') }), 'x', ctx);
    expect(!later.ok && later.message).toBe('The code DIWALI10 starts on Tue, 1 Dec 2026, 10:00 am.');
    const over = evaluateDiscount(rule({ endsAt: fromIndiaLocal('2026-11-24T23:59') }), 'x', ctx);
    expect(!over.ok && over.message).toBe('The code DIWALI10 expired on Tue, 24 Nov 2026, 11:59 pm.');
    const twice = evaluateDiscount(rule({ perShopperUses: 3 }), 'x', { ...ctx, shopperUses: 3 });
    expect(!twice.ok && twice.message).toBe('You have already used the code DIWALI10 3 times, its limit.');
  });
});

describe('India’s wall clock', () => {
  it('turns a datetime-local value into the instant and back', () => {
    expect(fromIndiaLocal('2026-12-01T10:00').toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(toIndiaLocal(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12-01T00:00');
    expect(formatIstMoment(new Date('2026-11-30T18:30:00Z'))).toBe('Tue, 1 Dec 2026, 12:00 am');
  });
});

describe('each line’s share of an order’s discount', () => {
  it('uses the shares stored at checkout when they add up, and shares the discount again when they do not', () => {
    const lines = [
      { pricePaise: 50_000, quantity: 1, discountPaise: 5_000 },
      { pricePaise: 33_300, quantity: 3, discountPaise: 10_000 },
    ];
    expect(lineDiscountShares(lines, 15_000)).toEqual([5000, 10000]);
    // Stored without shares (or with shares that do not add up): shared by value, to the paisa.
    const bare = lines.map(({ pricePaise, quantity }) => ({ pricePaise, quantity }));
    const shares = lineDiscountShares(bare, 15_000);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(15000);
    expect(shares).toEqual([5003, 9997]);
    expect(lineDiscountShares(bare, 0)).toEqual([0, 0]);
  });
});
