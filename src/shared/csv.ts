/**
 * CSV for people who open it in a spreadsheet. Every export the shop makes goes through toCsv (the accountant's
 * invoices on the server, the dashboard's tables in the browser), so no cell a shopper or admin typed (a billing
 * name, a product's name, a refund reference) can run as a formula on the machine that opens it.
 */

/** What makes Excel, LibreOffice and Sheets read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number as our amount columns write it ('-100.00'): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell made safe to open: text that starts like a formula gets OWASP's leading single quote; numbers stay numbers to sum. */
export function neutraliseCell(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** A cell as RFC 4180 writes it: quoted (its quotes doubled) when it holds a comma, a quote or a line break. */
const quoted = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** Rows (the header first) as CSV text, every cell neutralised, each row ending in a line break. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map((c) => quoted(neutraliseCell(c))).join(',')}\n`).join('');
}
