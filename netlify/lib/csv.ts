/** The one CSV writer (src/shared/csv.ts): the server's exports and the dashboard's downloads neutralise cells alike. */
export { neutraliseCell, toCsv } from '@shared/csv';
