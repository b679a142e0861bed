import nodemailer, { type Transporter } from 'nodemailer';
import { getMailEnv } from '../../env';

/** One email: plain text for every client, HTML for those that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends email over SMTP: the shop's mail provider in production, the local mail outbox otherwise. */
interface MailSender {
  /** Sends one message; throws when the server refused it or could not be reached. */
  send(message: MailMessage): Promise<void>;
}

let transport: Transporter | undefined;
let transportUrl: string | undefined;

/**
 * The configured sender, or null when no SMTP server is set (only outside production: getMailEnv refuses
 * production without one). The same nodemailer SMTP code path runs against the provider and the local outbox.
 */
export function getMailSender(): MailSender | null {
  const env = getMailEnv();
  if (!env.SMTP_URL) return null;
  if (!transport || transportUrl !== env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      // Sending runs after the answer, but a stuck server must still not hold the instance until Netlify stops it.
      connectionTimeout: 8_000,
      greetingTimeout: 8_000,
      socketTimeout: 15_000,
    });
    transportUrl = env.SMTP_URL;
  }
  const from = env.MAIL_FROM;
  const smtp = transport;
  return {
    async send(message) {
      await smtp.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}
