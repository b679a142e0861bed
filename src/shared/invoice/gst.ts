/**
 * The arithmetic of a GST tax invoice for silver jewellery (HSN 7113, 3% GST included in the price), in
 * integer paise so every line and total is exact to the paisa, plus the amount in words (Indian system:
 * lakh, crore) and the Indian financial year of an invoice number. Pure: imports nothing server-side, so
 * the server that issues invoices and the page that shows them share it, and unit tests check it alone.
 */
import { GST_STATE_CODES } from '../india';
import { isWellFormedGstin } from '../schemas/gstin';
import { indiaWallClock } from '../india-time';
import { toRupees } from '../money';

export { isWellFormedGstin };

/** HSN code of articles of jewellery of precious metal (silver included). */
export const JEWELLERY_HSN = '7113';

/** GST rate on silver jewellery, in basis points (3%). */
export const GST_RATE_BP = 300;

/** The GST state code of a state or union territory ('' when it is not one), ignoring case and spacing. */
export function stateCode(state: string): string {
  const key = normaliseState(state);
  return Object.entries(GST_STATE_CODES).find(([name]) => normaliseState(name) === key)?.[1] ?? '';
}

const normaliseState = (state: string) => state.trim().replace(/\s+/g, ' ').replace(/&/g, 'and').toLowerCase();

/**
 * One line as charged: a description, its HSN code, how many, the unit price in paise with GST included,
 * and the line's share of the order's discount in paise (absent or 0 without one; the COD fee never has one).
 */
export interface ChargeInput {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  discountPaise?: number;
}

/**
 * One line of the invoice, all amounts in paise: value = unit price × quantity, gross = value − discount
 * (what was charged for it, and what is taxed: GST is due on the price after a discount shown on the
 * invoice), and gross = taxable + cgst + sgst + igst exactly.
 */
export interface InvoiceLine extends ChargeInput {
  value: number;
  discount: number;
  gross: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The invoice's sums, in paise; each is the sum of the lines' own amounts (gross = value − discount = the order's total). */
export interface InvoiceTotals {
  value: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  gross: number;
}

/** Whether the supply is within the seller's state (CGST + SGST) or across states (IGST). */
export type SupplyKind = 'intra' | 'inter';

/** Intra-state when the place of supply (the shipping address's state) is the seller's state. */
export function supplyKind(sellerState: string, placeOfSupply: string): SupplyKind {
  const a = stateCode(sellerState) || normaliseState(sellerState);
  const b = stateCode(placeOfSupply) || normaliseState(placeOfSupply);
  return a === b ? 'intra' : 'inter';
}

/**
 * Splits a GST-inclusive amount so taxable + tax is always exactly the amount charged. Across states the
 * taxable value is gross × 100 / (100 + rate) rounded to the nearest paisa (halves up) and IGST is what
 * remains. Within a state CGST and SGST must be equal to the paisa, so each half is worked out first,
 * gross × rate / (2 × (100 + rate)) rounded half up, and the taxable value is what remains after both halves
 * (it may then differ by a paisa from the inter-state figure, never the total).
 */
export function splitInclusive(
  grossPaise: number,
  kind: SupplyKind,
  rateBp = GST_RATE_BP,
): Pick<InvoiceLine, 'taxable' | 'cgst' | 'sgst' | 'igst'> {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new RangeError(`gross must be whole paise, got ${grossPaise}`);
  const denominator = 10_000 + rateBp;
  if (kind === 'inter') {
    // Integer arithmetic only: round(gross × 10000 / (10000 + rate)) with halves up.
    const taxable = Math.floor((grossPaise * 10_000 * 2 + denominator) / (2 * denominator));
    return { taxable, cgst: 0, sgst: 0, igst: grossPaise - taxable };
  }
  // round(gross × rate / (2 × (10000 + rate))) with halves up: floor((2 × gross × rate + d) / (2 × d)), d = 2 × (10000 + rate).
  const half = Math.floor((2 * grossPaise * rateBp + 2 * denominator) / (4 * denominator));
  return { taxable: grossPaise - 2 * half, cgst: half, sgst: half, igst: 0 };
}

/**
 * The lines of an invoice with their tax, and the totals. Each line is taxed on its own value after its
 * share of the discount and split on its own (that is what the invoice prints), and the totals are the sums
 * of the printed lines, so the columns always add up and the grand total is exactly what was charged.
 */
export function computeInvoice(charges: readonly ChargeInput[], kind: SupplyKind): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = charges.map((c): InvoiceLine => {
    const value = c.unitPricePaise * c.quantity;
    const discount = c.discountPaise ?? 0;
    if (!Number.isSafeInteger(discount) || discount < 0 || discount > value)
      throw new RangeError(`a line's discount must be whole paise within its value, got ${discount}`);
    const gross = value - discount;
    return { ...c, value, discount, gross, ...splitInclusive(gross, kind) };
  });
  const sum = (key: keyof InvoiceTotals & keyof InvoiceLine) => lines.reduce((n, l) => n + l[key], 0);
  const totals = {
    value: sum('value'),
    discount: sum('discount'),
    taxable: sum('taxable'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    gross: sum('gross'),
    tax: 0,
  };
  totals.tax = totals.cgst + totals.sgst + totals.igst;
  return { lines, totals };
}

/** Paise as rupees with two decimals in the Indian grouping, without a symbol: 1234567 → '12,345.67'. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(toRupees(abs)).toString();
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest ? `${rest},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
}

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return n % 10 ? `${TENS[Math.floor(n / 10)]} ${ONES[n % 10]}` : TENS[Math.floor(n / 10)]!;
}

/** 1–999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, the Indian way: 12,34,567 → 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`expected a whole number, got ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    // Above 99 crore the crores are themselves counted in the Indian way ('One Hundred Crore', 'One Lakh Crore').
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise in words: 'Rupees One Lakh Only', 'Rupees Zero and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`expected whole paise, got ${paise}`);
  const rupees = Math.floor(toRupees(paise));
  const rest = paise % 100;
  return rest ? `Rupees ${numberInWords(rupees)} and ${belowHundred(rest)} Paise Only` : `Rupees ${numberInWords(rupees)} Only`;
}

/** The Indian financial year (April to March, in India's time) a moment falls in: '2026-27'. */
export function financialYear(at: Date): string {
  const ist = indiaWallClock(at);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** An invoice number: 'INV/2026-27/000123' (sequence padded to six digits, longer when it outgrows them). */
export function invoiceNumber(fy: string, sequence: number): string {
  return `INV/${fy}/${String(sequence).padStart(6, '0')}`;
}
