import { afterAll, beforeAll } from 'vitest';
import { startMailOutbox, type MailOutbox } from '../../scripts/lib/mail-outbox';
import { resetEnvForTests } from '@server/env';

/**
 * Serves the local SMTP mail outbox for this test file and points SMTP_URL at it, so emails go through the
 * functions' real nodemailer SMTP path into this file's database (as under `npm start`).
 */
export function serveMailOutbox(): void {
  let outbox: MailOutbox | undefined;
  beforeAll(async () => {
    outbox = await startMailOutbox({ quiet: true });
    process.env.SMTP_URL = outbox.url;
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    await outbox?.close();
  });
}
