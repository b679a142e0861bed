import { smsOutboxRepository } from '../../repositories/sms-outbox.repository';
import type { SmsSender } from './sms';

/**
 * The local stand-in for an SMS provider: keeps each text in the sms_outbox collection and prints one line
 * on the server log, so a developer (or a test) can read their code. Refused in production by the env rules.
 */
export const outboxSender: SmsSender = {
  name: 'outbox',
  async send(message) {
    await smsOutboxRepository.add(message.to, message.text);
    console.log(`[sms outbox] to ${message.to}: ${message.text.replace(/\s+/g, ' ')}`);
  },
};
