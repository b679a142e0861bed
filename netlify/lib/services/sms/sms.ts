/** One text message. `template` and `vars` are what a DLT-registered provider needs; `text` is the full wording. */
export interface SmsMessage {
  /** 10-digit Indian mobile number. */
  to: string;
  /** The registered template this text follows (Indian operators only deliver registered templates). */
  template: 'otp' | 'order_status' | 'order_confirmed';
  /** The template's variables, e.g. { otp: '1234' }. */
  vars: Record<string, string>;
  /** The text as the shopper reads it. */
  text: string;
}

/** Sends text messages. One interface, two implementations: MSG91 in production, a local outbox otherwise. */
export interface SmsSender {
  /** For logs and tests: 'msg91' or 'outbox'. */
  readonly name: 'msg91' | 'outbox';
  /** Sends (or keeps) one message; throws when the provider refused it. */
  send(message: SmsMessage): Promise<void>;
}
