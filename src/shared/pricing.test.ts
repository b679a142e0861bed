import { describe, expect, it } from 'vitest';
import {
  COD_FEE,
  COD_FEE_LABEL,
  COD_LIMIT,
  COD_UNAVAILABLE_MESSAGE,
  cartTotals,
  deliveryChargeLabel,
  discountPercent,
  isCodAvailable,
  lineTotal,
  unitPrice,
} from './pricing';

describe('unitPrice', () => {
  it('charges the discount price when one is set', () => {
    expect(unitPrice({ price: 2000, discountPrice: 1499 })).toBe(1499);
  });

  it('charges the list price when there is no discount', () => {
    expect(unitPrice({ price: 2000, discountPrice: null })).toBe(2000);
    expect(unitPrice({ price: 2000 })).toBe(2000);
  });

  it('ignores a zero or negative discount price rather than selling for free', () => {
    expect(unitPrice({ price: 2000, discountPrice: 0 })).toBe(2000);
    expect(unitPrice({ price: 2000, discountPrice: -5 })).toBe(2000);
  });
});

describe('lineTotal', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(lineTotal({ price: 1200, discountPrice: 999, quantity: 3 })).toBe(2997);
  });

  it('keeps paise exact', () => {
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
  });
});

describe('cartTotals', () => {
  const lines = [
    { price: 1500, discountPrice: 1200, quantity: 2 },
    { price: 800, discountPrice: null, quantity: 1 },
  ];

  it('adds line totals into the subtotal and counts pieces', () => {
    expect(cartTotals(lines)).toEqual({ subtotal: 3200, discount: 0, shipping: 0, total: 3200, itemCount: 3 });
  });

  it('ships free when paying online', () => {
    expect(cartTotals(lines, 'razorpay')).toMatchObject({ shipping: 0, total: 3200 });
  });

  it('adds the ₹100 COD fee for cash on delivery', () => {
    expect(COD_FEE).toBe(100);
    expect(cartTotals(lines, 'cod')).toMatchObject({ subtotal: 3200, shipping: 100, total: 3300 });
  });

  it('takes a discount off the items before the COD fee, never more than the items are worth less ₹1', () => {
    expect(cartTotals(lines, 'cod', 320)).toMatchObject({ subtotal: 3200, discount: 320, shipping: 100, total: 2980 });
    expect(cartTotals(lines, 'razorpay', 5000)).toMatchObject({ subtotal: 3200, discount: 3199, total: 1 });
    expect(cartTotals(lines, 'cod', 5000)).toMatchObject({ subtotal: 3200, discount: 3199, shipping: 100, total: 101 });
  });

  it('is all zeros for an empty cart', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, discount: 0, shipping: 0, total: 0, itemCount: 0 });
  });
});

describe('isCodAvailable', () => {
  it('offers cash on delivery below ₹2,499', () => {
    expect(isCodAvailable(2498)).toBe(true);
    expect(isCodAvailable(0)).toBe(true);
  });

  it('hides cash on delivery from ₹2,499 up', () => {
    expect(COD_LIMIT).toBe(2499);
    expect(isCodAvailable(2499)).toBe(false);
    expect(isCodAvailable(10000)).toBe(false);
  });
});

describe('discountPercent', () => {
  it('computes the whole-percent saving of a real discount only', () => {
    expect(discountPercent(3499, 2969)).toBe(15);
    expect(discountPercent(1000, null)).toBe(0);
    expect(discountPercent(1000, 1200)).toBe(0);
    expect(discountPercent(1000, 0)).toBe(0);
  });
});

describe('the COD words', () => {
  it('names the charge once, and shows Shipping only when nothing is charged', () => {
    expect(COD_FEE_LABEL).toBe('COD fee');
    expect(deliveryChargeLabel(0)).toBe('Shipping');
    expect(deliveryChargeLabel(COD_FEE)).toBe('COD fee');
  });

  it('says where COD stops with the same amount the rule uses, in the Indian format', () => {
    expect(COD_UNAVAILABLE_MESSAGE).toBe('COD is not available for orders of ₹2,499 or more');
    expect(isCodAvailable(COD_LIMIT - 1)).toBe(true);
    expect(isCodAvailable(COD_LIMIT)).toBe(false);
  });
});
