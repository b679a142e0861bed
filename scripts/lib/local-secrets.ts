import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './ferretdb';

/** Secrets the functions require; locally they are generated once so `npm start` needs no setup. */
export const LOCAL_SECRETS = ['AUTH_SECRET', 'OTP_SECRET', 'RAZORPAY_SANDBOX_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/**
 * Makes sure every required secret is set: a value from the shell or .env wins; a missing one is generated
 * (48 random bytes) and appended to the ignored .env, so tokens stay valid across restarts. Never used in
 * production, where the Netlify UI holds the secrets and the functions refuse to start without them.
 */
export function ensureLocalSecrets(names: readonly string[] = LOCAL_SECRETS, log: (s: string) => void = console.log): void {
  const file = join(ROOT, '.env');
  const missing = names.filter((name) => !process.env[name]);
  if (!missing.length) return;
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = missing.map((name) => {
    const value = randomBytes(48).toString('base64url');
    process.env[name] = value;
    return `${name}=${value}`;
  });
  const prefix = existing && !existing.endsWith('\n') ? '\n' : '';
  appendFileSync(file, `${prefix}# Generated for local use by npm start (never used in production)\n${lines.join('\n')}\n`);
  log(`Generated ${missing.join(', ')} into .env (local only).`);
}
