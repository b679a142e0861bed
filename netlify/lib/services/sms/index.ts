import { getAuthEnv } from '../../env';
import { msg91Sender } from './msg91.sender';
import { outboxSender } from './outbox.sender';
import type { SmsSender } from './sms';

let sender: SmsSender | undefined;

/**
 * The configured sender: MSG91 when its variables are set, otherwise the local outbox. getAuthEnv() refuses
 * CONTEXT=production without MSG91, so the outbox can never serve real shoppers.
 */
export function getSmsSender(): SmsSender {
  if (sender) return sender;
  const env = getAuthEnv();
  if (env.MSG91_AUTH_KEY && env.MSG91_SENDER_ID && env.MSG91_OTP_TEMPLATE_ID && env.MSG91_OTP_DLT_TEMPLATE_ID) {
    sender = msg91Sender({
      authKey: env.MSG91_AUTH_KEY,
      senderId: env.MSG91_SENDER_ID,
      templates: {
        otp: { templateId: env.MSG91_OTP_TEMPLATE_ID, dltTemplateId: env.MSG91_OTP_DLT_TEMPLATE_ID },
        order_status:
          env.MSG91_ORDER_TEMPLATE_ID && env.MSG91_ORDER_DLT_TEMPLATE_ID
            ? { templateId: env.MSG91_ORDER_TEMPLATE_ID, dltTemplateId: env.MSG91_ORDER_DLT_TEMPLATE_ID }
            : undefined,
        order_confirmed:
          env.MSG91_CONFIRM_TEMPLATE_ID && env.MSG91_CONFIRM_DLT_TEMPLATE_ID
            ? { templateId: env.MSG91_CONFIRM_TEMPLATE_ID, dltTemplateId: env.MSG91_CONFIRM_DLT_TEMPLATE_ID }
            : undefined,
      },
    });
  } else {
    sender = outboxSender;
  }
  return sender;
}

export type { SmsMessage } from './sms';
