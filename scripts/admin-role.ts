/**
 * npm run admin:grant -- <phone>   makes the account with this phone a shop admin
 * npm run admin:revoke -- <phone>  makes it a customer again
 * Roles live only on the user record; every admin call re-reads it, so a change applies at once.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { closeDb } from '../netlify/lib/db';
import { usersRepository } from '../netlify/lib/repositories/users.repository';

const [action, phone] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !phone || !/^\d{10}$/.test(phone)) {
  console.error('Usage: npm run admin:grant -- <10-digit phone>   or   npm run admin:revoke -- <10-digit phone>');
  process.exit(2);
}
const db = await ensureDatabase();
const ok = await usersRepository.setRole(phone, action === 'grant' ? 'admin' : 'customer');
console.log(
  action === 'grant'
    ? `${phone} is now a shop admin. They sign in with their phone and code as usual, then open /admin/orders.`
    : ok
      ? `${phone} is no longer an admin.`
      : `No account has the phone ${phone}.`,
);
await closeDb();
await db?.stop();
process.exitCode = ok ? 0 : 1;
