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

  it('an odd paisa of tax goes to CGST so the halves still add up', () => {
    // 3783 paise of tax does not halve evenly: 1892 + 1891.
    expect(splitInclusive(129_900, 'intra')).toEqual({ taxable: 126_117, cgst: 1_892, sgst: 1_891, igst: 0 });
    // ₹500 → 48544 taxable (48543.69 rounded), 1456 tax → 728 + 728.
    expect(splitInclusive(50_000, 'intra')).toEqual({ taxable: 48_544, cgst: 728, sgst: 728, igst: 0 });
    // ₹1 → 97 taxable (97.087), 3 paise tax → 2 + 1.
    expect(splitInclusive(100, 'intra')).toEqual({ taxable: 97, cgst: 2, sgst: 1, igst: 0 });
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
    // Each ₹0.35 line is 34 taxable + 1 tax (33.98 rounds to 34); rounding the total instead would give 102.
    expect(lines[0]).toMatchObject({ gross: 35, taxable: 34, cgst: 1, sgst: 0 });
    expect(lines[3]).toMatchObject({ gross: 259_800, taxable: 252_233, cgst: 3_784, sgst: 3_783 });
    expect(lines[4]).toMatchObject({ gross: 10_000, taxable: 9_709, cgst: 146, sgst: 145 });
  });

  it('inter-state puts all the tax in IGST', () => {
    const { totals } = computeInvoice([line(129_900, 2), line(10_000)], 'inter');
    expect(totals).toEqual({ taxable: 252_233 + 9_709, cgst: 0, sgst: 0, igst: 7_567 + 291, tax: 7_858, gross: 269_800 });
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
