/**
 * The local stand-in for a mail provider: a real SMTP server (the smtp-server package) that keeps every
 * message it receives in the mail_outbox collection instead of delivering it, so the functions' real
 * nodemailer SMTP code path runs locally and in tests. `npm run mail:outbox` reads what it kept.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailOutboxRepository } from '@server/repositories/mail-outbox.repository';

/** A running local mail outbox. */
export interface MailOutbox {
  /** The SMTP_URL the functions send through. */
  url: string;
  close(): Promise<void>;
}

/** Every address of a To/Cc header, lower-cased. */
function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []]
    .flat()
    .flatMap((a) => a.value)
    .map((v) => (v.address ?? '').toLowerCase())
    .filter(Boolean);
}

/**
 * Starts the local SMTP server on 127.0.0.1 (port 0: a free one) and answers its SMTP_URL. No TLS and no
 * login: it listens on loopback only and delivers nothing. Refused in production, like every stand-in.
 */
export async function startMailOutbox(opts: { port?: number; quiet?: boolean } = {}): Promise<MailOutbox> {
  if (process.env.CONTEXT === 'production') throw new Error('The local mail outbox never runs in production: set SMTP_URL');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Chandi Kala local mail outbox (nothing is delivered)',
    size: 5 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const to = [...new Set([...envelopeTo, ...addressesOf(mail.to), ...addressesOf(mail.cc)])];
          await mailOutboxRepository.add({
            from: mail.from?.text ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: new Date(),
          });
          if (!opts.quiet) console.log(`[mail outbox] to ${to.join(', ')}: ${mail.subject ?? '(no subject)'}`);
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
