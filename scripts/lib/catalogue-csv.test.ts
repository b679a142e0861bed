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

  it('ends a row at any line ending, so rows appended in another editor read as rows', () => {
    const rows = [
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', '4'] },
    ];
    expect(parseCsvRecords('a,b\r\n1,2\n3,4\n')).toEqual(rows);
    expect(parseCsvRecords('a,b\n1,2\r\n3,4\r\n')).toEqual(rows);
    expect(parseCsvRecords('a,b\r1,2\n3,4')).toEqual(rows);
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
