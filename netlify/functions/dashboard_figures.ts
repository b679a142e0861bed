import type { Config } from '@netlify/functions';
import { indiaDay } from '@shared/india-time';
import { checkFigures } from '@server/services/figures-check.service';

/**
 * Scheduled hourly: checks the owner's daily figures of yesterday and today against the raw orders, return
 * requests and product events, finishes changes a dead process left half-counted and corrects what still differs
 * (figures-check.service.ts). Every change is counted as it happens; this is what makes one lost to a crash come back.
 */
export default async function dashboardFigures(): Promise<Response> {
  const now = new Date();
  const since = indiaDay(new Date(now.getTime() - 86_400_000));
  const r = await checkFigures({ since, fix: true, now });
  console.log(
    `[figures] ${r.days} days from ${since}: ${r.orders} orders, ${r.events} events; ${r.ordersBehind} behind, ${r.ordersUncounted} uncounted, ${r.mismatches.length} figures differed; ${r.corrected} documents corrected${r.left ? `, ${r.left} written meanwhile and left for the next run` : ''}`,
  );
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '43 * * * *' };
