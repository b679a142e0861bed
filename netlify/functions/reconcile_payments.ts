import type { Config } from '@netlify/functions';
import { requireEnv } from '@server/env';
import { reconcilePayments } from '@server/services/reconcile.service';

requireEnv(['payment', 'mail']);

/**
 * Scheduled every 10 minutes: asks Razorpay about online orders still unpaid after 15 minutes, marks the
 * captured ones paid and cancels those whose 30-minute hold has expired, returning their stock; refunds
 * payments that arrived for orders a person cancelled; sends messages still queued.
 */
export default async function reconcile(): Promise<Response> {
  const report = await reconcilePayments();
  console.log(
    `[reconcile] checked ${report.checked}: ${report.paid.length} paid, ${report.cancelled.length} cancelled, ${report.refunded.length} refunded, ${report.stillWaiting.length} waiting, ${report.errors.length} errors; messages retried on ${report.noticesRetried} orders; ${report.refundsAsked} refunds asked about again; ${report.creditNotesIssued} credit notes issued late; ${report.movementsRecorded} stock movements recorded`,
  );
  for (const error of report.errors) console.error(`[reconcile] ${error}`);
  return new Response(null, { status: report.errors.length ? 500 : 204 });
}

export const config: Config = { schedule: '*/10 * * * *' };
