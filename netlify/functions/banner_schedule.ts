import type { Config } from '@netlify/functions';
import { cataloguePublishService } from '@server/services/publish/publish.service';

/**
 * Scheduled hourly, at :31: pages are built ahead, so when a banner's schedule starts or ends (an India day's start) the
 * pages are rebuilt to show it or stop showing it. Puts no saved draft live; logged in the Publish log.
 */
export default async function bannerSchedule(req: Request): Promise<Response> {
  const outcome = await cataloguePublishService.rebuildForBannerSchedule(new URL(req.url).origin);
  console.log(`[banner schedule] ${outcome}`);
  return new Response(null, { status: 204 });
}

// India's days begin at 18:30 UTC: looking at :31 past every hour starts or ends a banner a minute after its day does.
export const config: Config = { schedule: '31 * * * *' };
