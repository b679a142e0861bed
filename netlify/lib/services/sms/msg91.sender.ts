import { AppError } from '../../errors';
import type { SmsMessage, SmsSender } from './sms';

/** MSG91's Flow API: one call per message, the template's variables filled from `vars`. */
const FLOW_URL = 'https://control.msg91.com/api/v5/flow';

/** What the MSG91 sender needs: an auth key, the DLT sender id, and per template MSG91's and DLT's ids. */
interface Msg91Config {
  authKey: string;
  senderId: string;
  templates: Record<SmsMessage['template'], { templateId: string; dltTemplateId: string } | undefined>;
}

/**
 * Sends through MSG91, the usual Indian gateway. Indian operators deliver only texts that match a template
 * registered on the DLT platform under the sender id (TRAI's rules), so each message names its template.
 */
export function msg91Sender(config: Msg91Config, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    name: 'msg91',
    async send(message) {
      const template = config.templates[message.template];
      if (!template) throw new Error(`MSG91 has no template configured for ${message.template} messages`);
      const res = await fetchImpl(FLOW_URL, {
        method: 'POST',
        headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: template.templateId,
          sender: config.senderId,
          DLT_TE_ID: template.dltTemplateId,
          short_url: '0',
          recipients: [{ mobiles: `91${message.to}`, ...message.vars }],
        }),
        // A shopper waits on this; a stuck gateway must not hold the function until Netlify kills it.
        signal: AbortSignal.timeout(8000),
      }).catch((err: unknown) => {
        console.error('[sms] MSG91 unreachable:', err instanceof Error ? err.message : err);
        throw new AppError(503, 'We could not send the text message right now. Please try again in a minute.');
      });
      const body = (await res.json().catch(() => ({}))) as { type?: string; message?: string };
      if (!res.ok || body.type !== 'success') {
        // The provider's reason goes to the log (it never contains the code); the shopper gets a plain message.
        console.error(`[sms] MSG91 refused a ${message.template} message: HTTP ${res.status} ${body.message ?? ''}`);
        throw new AppError(503, 'We could not send the text message right now. Please try again in a minute.');
      }
    },
  };
}
