import type { Config } from '@netlify/functions';
import { getMailEnv } from '../lib/env';
import { sendAllDueNotices } from '../lib/services/notices/notices.service';

// Order messages go out by email too: production refuses to start without a mail server.
getMailEnv();

/**
 * Scheduled every minute: sends the messages admins' status steps held for their undo window once it has
 * passed (and anything else still queued), so no request ever waits out the window.
 */
export default async function sendHeldNotices(): Promise<Response> {
  const { orders } = await sendAllDueNotices();
  if (orders) console.log(`[notices] queued messages looked at on ${orders} orders`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '* * * * *' };
