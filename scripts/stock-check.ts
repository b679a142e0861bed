/**
 * npm run stock:check: checks every unit's stock against its ledger (opening + every movement since), against
 * the local database (or MONGODB_URI). Prints each unit that disagrees and exits 1 if any does.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { closeDb } from '@server/db';
import { stockLedgerService } from '@server/services/stock-ledger.service';

const db = await ensureDatabase();
const report = await stockLedgerService.check();
for (const u of report.disagreeing) {
  const gap = u.stock + u.inFlight - u.ledgerTotal;
  console.log(
    `  ${u.unit}: stock ${u.stock}${u.inFlight ? ` (+${u.inFlight} being ordered)` : ''}, ledger ${u.ledgerTotal}: ${gap > 0 ? `${gap} more` : `${-gap} fewer`} than its movements explain`,
  );
}
console.log(
  report.disagreeing.length
    ? `${report.disagreeing.length} of ${report.units} units disagree with their stock ledger.`
    : `All ${report.units} units agree with their stock ledger.`,
);
await closeDb();
await db?.stop();
process.exitCode = report.disagreeing.length ? 1 : 0;
