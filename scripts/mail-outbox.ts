/**
 * npm run mail:outbox [-- <email>]: the latest emails the local SMTP stand-in received instead of delivering
 * (order confirmations and the like), newest first, for an address or for everyone. `-- --full` prints each
 * one's text too. Local development only: with SMTP_URL set to a real provider nothing reaches the outbox.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { closeDb } from '@server/db';
import { mailOutboxRepository } from '@server/repositories/mail-outbox.repository';

const args = process.argv.slice(2);
const full = args.includes('--full');
const address = args.find((a) => !a.startsWith('--'));
if (address && !/^[^\s@]+@[^\s@]+$/.test(address)) {
  console.error('Usage: npm run mail:outbox [-- <email>] [-- --full]');
  process.exit(2);
}
const db = await ensureDatabase(() => {});
const mails = await mailOutboxRepository.latest(address, 10);
if (!mails.length) console.log(address ? `No emails to ${address} yet.` : 'The mail outbox is empty.');
for (const m of mails) {
  console.log(`${m.receivedAt.toLocaleString('en-IN')}  to ${m.to.join(', ')}: ${m.subject}`);
  if (full) console.log(`${m.text.replace(/^/gm, '    ')}\n`);
}
await closeDb();
await db?.stop();
