/**
 * npm run sms:outbox [-- <phone>]: the latest texts the local SMS stand-in kept instead of sending (sign-in
 * codes, order updates), newest first, for a phone or for everyone. Local development only: with MSG91
 * configured nothing goes to the outbox.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { closeDb } from '@server/db';
import { smsOutboxRepository } from '@server/repositories/sms-outbox.repository';

const phone = process.argv[2];
if (phone && !/^\d{10}$/.test(phone)) {
  console.error('Usage: npm run sms:outbox [-- <10-digit phone>]');
  process.exit(2);
}
const db = await ensureDatabase(() => {});
const texts = await smsOutboxRepository.latest(phone, 10);
if (!texts.length) console.log(phone ? `No texts for ${phone} yet.` : 'The outbox is empty.');
for (const t of texts) console.log(`${t.createdAt.toLocaleString('en-IN')}  to ${t.to}: ${t.text.replace(/\s+/g, ' ')}`);
await closeDb();
await db?.stop();
