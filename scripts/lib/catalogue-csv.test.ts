import { describe, expect, it } from 'vitest';
import { parseCsvRecords, readCatalogueCsv } from './catalogue-csv';

describe('parseCsvRecords', () => {
  it('numbers records as a spreadsheet numbers rows: a blank line counts, a line break inside quotes does not', () => {
    const text = '\ufeffslug,name\r\na,"Two\r\nlines"\r\n\r\n,\r\n"b ""B""",x\r\n';
    expect(parseCsvRecords(text)).toEqual([
      { row: 1, cells: ['slug', 'name'] },
      { row: 2, cells: ['a', 'Two\r\nlines'] },
      { row: 5, cells: ['b "B"', 'x'] },
    ]);
  });
});

describe('readCatalogueCsv', () => {
  it('reports a file that is not CSV instead of reading it', () => {
    const sheet = readCatalogueCsv('slug,name\na,"never closed\n');
    expect(sheet.products).toEqual([]);
    expect(sheet.errors).toHaveLength(1);
    expect(sheet.errors[0]!.message).toMatch(/^The file is not a readable CSV: Quote Not Closed/);
  });
});
