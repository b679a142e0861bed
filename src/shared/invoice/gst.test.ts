import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  computeInvoice,
  financialYear,
  formatPaise,
  invoiceNumber,
  isWellFormedGstin,
  numberInWords,
  splitInclusive,
  stateCode,
  supplyKind,
  JEWELLERY_HSN,
} from './gst';
import { allocateDiscount, discountAmount } from '../discounts';
import { toPaise } from '../money';

const line = (unitPricePaise: number, quantity = 1) => ({ description: 'Ring', hsn: JEWELLERY_HSN, quantity, unitPricePaise });

describe('splitInclusive: 3% GST included in the price', () => {
  it('₹1,030 is ₹1,000 taxable and ₹30 tax; within the state ₹15 + ₹15', () => {
    expect(splitInclusive(103_000, 'intra')).toEqual({ taxable: 100_000, cgst: 1_500, sgst: 1_500, igst: 0 });
    expect(splitInclusive(103_000, 'inter')).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 3_000 });
  });

  it('rounds the taxable value to the nearest paisa and leaves the rest as tax, to the paisa', () => {
    // ₹1,299 → 129900 × 100 / 103 = 126116.504… → 126117 taxable, 3783 tax.
    expect(splitInclusive(129_900, 'inter')).toEqual({ taxable: 126_117, cgst: 0, sgst: 0, igst: 3_783 });
  });

  it('within the state CGST equals SGST to the paisa: each half is rounded, the taxable value is what remains', () => {
    // ₹1,299: half = 129900 × 300 / 20600 = 1891.75 → 1892 each; taxable 129900 − 3784 = 126116 (inter-state
    // rounds the taxable value instead, 126116.50 → 126117, so the two differ by a paisa; the total never does).
    expect(splitInclusive(129_900, 'intra')).toEqual({ taxable: 126_116, cgst: 1_892, sgst: 1_892, igst: 0 });
    // ₹500: half = 728.16 → 728 each; taxable 50000 − 1456 = 48544.
    expect(splitInclusive(50_000, 'intra')).toEqual({ taxable: 48_544, cgst: 728, sgst: 728, igst: 0 });
    // ₹1: half = 1.46 → 1 each; taxable 98 (inter-state: 97 taxable + 3 IGST).
    expect(splitInclusive(100, 'intra')).toEqual({ taxable: 98, cgst: 1, sgst: 1, igst: 0 });
    // ₹1.03: half = 30900 / 20600 = 1.5 exactly, which rounds up to 2 each; taxable 99.
    expect(splitInclusive(103, 'intra')).toEqual({ taxable: 99, cgst: 2, sgst: 2, igst: 0 });
  });

  it('CGST === SGST and taxable + tax === gross for every amount up to ₹100', () => {
    for (let gross = 0; gross <= 10_000; gross++) {
      const s = splitInclusive(gross, 'intra');
      expect(s.cgst).toBe(s.sgst);
      expect(s.taxable + s.cgst + s.sgst).toBe(gross);
    }
  });

  it('refuses fractions of a paisa and negatives', () => {
    expect(() => splitInclusive(10.5, 'intra')).toThrow(RangeError);
    expect(() => splitInclusive(-1, 'intra')).toThrow(RangeError);
  });
});

describe('computeInvoice', () => {
  it('totals are the sums of the printed lines and add up exactly to what was charged', () => {
    // Three lines whose own roundings drift from rounding the total: 3 × ₹0.35 lines.
    const charges = [line(3_5, 1), line(3_5, 1), line(3_5, 1), line(129_900, 2), line(10_000, 1)];
    const { lines, totals } = computeInvoice(charges, 'intra');
    for (const l of lines) expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.gross);
    expect(totals.gross).toBe(35 * 3 + 259_800 + 10_000);
    expect(totals.taxable + totals.tax).toBe(totals.gross);
    expect(totals.cgst + totals.sgst).toBe(totals.tax);
    expect(totals.taxable).toBe(lines.reduce((n, l) => n + l.taxable, 0));
    // Each ₹0.35 line: half = 35 × 300 / 20600 = 0.51 → 1 paisa each, 33 taxable (equal halves cost the odd paisa).
    expect(lines[0]).toMatchObject({ value: 35, discount: 0, gross: 35, taxable: 33, cgst: 1, sgst: 1 });
    // 2 × ₹1,299: half = 259800 × 300 / 20600 = 3783.495 → 3783 each; taxable 259800 − 7566 = 252234.
    expect(lines[3]).toMatchObject({ gross: 259_800, taxable: 252_234, cgst: 3_783, sgst: 3_783 });
    // ₹100: half = 145.63 → 146 each; taxable 10000 − 292 = 9708.
    expect(lines[4]).toMatchObject({ gross: 10_000, taxable: 9_708, cgst: 146, sgst: 146 });
    expect(totals.cgst).toBe(totals.sgst);
  });

  it('inter-state puts all the tax in IGST', () => {
    const { totals } = computeInvoice([line(129_900, 2), line(10_000)], 'inter');
    expect(totals).toEqual({
      value: 269_800,
      discount: 0,
      taxable: 252_233 + 9_709,
      cgst: 0,
      sgst: 0,
      igst: 7_567 + 291,
      tax: 7_858,
      gross: 269_800,
    });
  });
});

describe('GST on discounted lines', () => {
  // ₹1,999 × 1 and ₹2,499 × 2: items worth ₹6,997; 10% off is ₹699.70, which the shop rounds up to ₹700. In proportion
  // that is 19998.57 + 50001.43 paise: 19998 + 50001, and the paisa left goes to the larger remainder, the first line.
  const values = [199_900, 2 * 249_900];
  const off = toPaise(discountAmount({ kind: 'percent', value: 10, maxOff: null }, 6_997));
  const shares = allocateDiscount(values, off);
  const charges = [
    { ...line(199_900, 1), discountPaise: shares[0] },
    { ...line(249_900, 2), discountPaise: shares[1] },
  ];
  // The order's total: ₹6,997 − ₹700 = ₹6,297 (no COD fee on an online order).
  const totalAmount = 6_297;

  it('the discount is ₹700, shared in proportion', () => {
    expect(off).toBe(70_000);
    expect(shares).toEqual([19_999, 50_001]);
  });

  it('within the state each line is taxed on its value after its share, CGST === SGST', () => {
    const { lines, totals } = computeInvoice(charges, 'intra');
    // Line 1: 199900 − 19999 = 179901; half = 179901 × 300 / 20600 = 2619.92 → 2620; taxable 179901 − 5240 = 174661.
    expect(lines[0]).toMatchObject({
      value: 199_900,
      discount: 19_999,
      gross: 179_901,
      taxable: 174_661,
      cgst: 2_620,
      sgst: 2_620,
      igst: 0,
    });
    // Line 2: 499800 − 50001 = 449799; half = 6550.47 → 6550; taxable 449799 − 13100 = 436699.
    expect(lines[1]).toMatchObject({
      value: 499_800,
      discount: 50_001,
      gross: 449_799,
      taxable: 436_699,
      cgst: 6_550,
      sgst: 6_550,
      igst: 0,
    });
    for (const l of lines) expect(l.cgst).toBe(l.sgst);
    expect(totals).toEqual({
      value: 699_700,
      discount: 70_000,
      taxable: 611_360,
      cgst: 9_170,
      sgst: 9_170,
      igst: 0,
      tax: 18_340,
      gross: 629_700,
    });
    expect(totals.gross).toBe(toPaise(totalAmount));
  });

  it('across states each line is split into taxable value and IGST', () => {
    const { lines, totals } = computeInvoice(charges, 'inter');
    // 179901 × 10000 / 10300 = 174661.17 → 174661, IGST 5240; 449799 → 436698.06 → 436698, IGST 13101.
    expect(lines[0]).toMatchObject({ gross: 179_901, taxable: 174_661, cgst: 0, sgst: 0, igst: 5_240 });
    expect(lines[1]).toMatchObject({ gross: 449_799, taxable: 436_698, cgst: 0, sgst: 0, igst: 13_101 });
    expect(totals.gross).toBe(toPaise(totalAmount));
    expect(totals.taxable + totals.igst).toBe(629_700);
  });

  it('a line discount beyond its value, or not whole paise, is refused', () => {
    expect(() => computeInvoice([{ ...line(100), discountPaise: 101 }], 'intra')).toThrow(RangeError);
    expect(() => computeInvoice([{ ...line(100), discountPaise: 0.5 }], 'intra')).toThrow(RangeError);
  });
});

describe('place of supply', () => {
  it('the same state (any case or spacing) is intra-state; another state is inter-state', () => {
    expect(supplyKind('Rajasthan', 'rajasthan ')).toBe('intra');
    expect(supplyKind('Rajasthan', 'Karnataka')).toBe('inter');
    expect(stateCode('Rajasthan')).toBe('08');
    expect(stateCode('Dadra & Nagar Haveli and Daman & Diu')).toBe('26');
    expect(stateCode('Atlantis')).toBe('');
  });

  it('GSTINs: a well-formed sample passes, a changed character fails the check', () => {
    expect(isWellFormedGstin('08AABCC1234D1ZB')).toBe(true);
    expect(isWellFormedGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isWellFormedGstin('08AABCC1234D1ZC')).toBe(false);
    expect(isWellFormedGstin('08AABCC1234D1Z')).toBe(false);
  });
});

describe('amount in words (Indian system)', () => {
  it('reads rupees and paise', () => {
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(123_456_789)).toBe('Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Eighty Nine Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });

  it('counts in thousands, lakhs and crores', () => {
    expect(numberInWords(1_999)).toBe('One Thousand Nine Hundred Ninety Nine');
    expect(numberInWords(2_05_00_010)).toBe('Two Crore Five Lakh Ten');
    expect(numberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
  });
});

describe('invoice numbers', () => {
  it('the financial year runs April to March in India time', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // midnight IST, 1 April
    expect(financialYear(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });

  it('pads the sequence to six digits', () => {
    expect(invoiceNumber('2026-27', 123)).toBe('INV/2026-27/000123');
    expect(invoiceNumber('2026-27', 1_234_567)).toBe('INV/2026-27/1234567');
  });

  it('formats paise the Indian way', () => {
    expect(formatPaise(123_456_789)).toBe('12,34,567.89');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(100_000)).toBe('1,000.00');
  });
});
