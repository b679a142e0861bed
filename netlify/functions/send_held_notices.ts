import type { Config } from '@netlify/functions';
import { requireEnv } from '@server/env';
import { sendHeldNotices as sendHeld } from '@server/services/notices/notices.service';

requireEnv(['mail']);

/**
 * Scheduled every minute: sends the messages admins' status steps held for their undo window once it has
 * passed, so no request ever waits out the window (failed sends are retried by reconcile_payments).
 */
export default async function sendHeldNotices(): Promise<Response> {
  const { sent } = await sendHeld();
  if (sent) console.log(`[notices] ${sent} held messages sent`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '* * * * *' };
