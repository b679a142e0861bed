/**
 * npm run admin:grant -- <phone>                 makes the account with this phone a shop admin
 * npm run admin:grant -- <phone> --role editor   makes it a catalogue editor (products only, nothing else)
 * npm run admin:revoke -- <phone>                makes it a customer again
 * Roles live only on the user record; every admin call re-reads it, so a change applies at once.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { closeDb } from '@server/db';
import { usersRepository } from '@server/repositories/users.repository';

const USAGE = 'Usage: npm run admin:grant -- <10-digit phone> [--role admin|editor]   or   npm run admin:revoke -- <10-digit phone>';
const [action, phone, ...rest] = process.argv.slice(2);
// `--role editor` or `--role=editor`; admin stays the default, as it was before editors existed.
const roleArg = rest.join(' ').match(/^--role(?:=|\s+)(\S+)$/)?.[1] ?? (rest.length ? null : 'admin');
if ((action !== 'grant' && action !== 'revoke') || !phone || !/^\d{10}$/.test(phone) || (roleArg !== 'admin' && roleArg !== 'editor')) {
  console.error(USAGE);
  process.exit(2);
}
if (action === 'revoke' && rest.length) {
  console.error(`${USAGE}\n(revoke takes no --role: it makes the account a customer again)`);
  process.exit(2);
}
const role = roleArg;
const db = await ensureDatabase();
const ok = await usersRepository.setRole(phone, action === 'grant' ? role : 'customer');
console.log(
  action === 'grant'
    ? role === 'admin'
      ? `${phone} is now a shop admin. They sign in with their phone and code as usual, then open /admin.`
      : `${phone} is now a catalogue editor. They sign in with their phone and code as usual, then open /admin/products.`
    : ok
      ? `${phone} is no longer an admin or editor.`
      : `No account has the phone ${phone}.`,
);
await closeDb();
await db?.stop();
process.exitCode = ok ? 0 : 1;
