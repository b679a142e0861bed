import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './csv';

describe('neutraliseCell', () => {
  it('quotes every text cell a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+91 Rao', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '-', '-1e5']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it('leaves other text and plain amounts as they are', () => {
    for (const cell of ['Meera Shah', '1399.00', '-100.00', '0', '', 'INV/2026-27/000001', "'quoted"])
      expect(neutraliseCell(cell)).toBe(cell);
  });
});

describe('toCsv', () => {
  it('neutralises every cell and quotes as CSV does', () => {
    expect(
      toCsv([
        ['Customer', 'Value'],
        ['=HYPERLINK("x","y")', '-1.00'],
      ]),
    ).toBe(`Customer,Value\n"'=HYPERLINK(""x"",""y"")",-1.00\n`);
  });
});
