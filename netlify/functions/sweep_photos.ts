import type { Config } from '@netlify/functions';
import { sweepUnusedPhotos } from '@server/services/photo-sweep.service';

/**
 * Scheduled daily: deletes uploaded product photos that no product, draft or saved version uses and that are more
 * than a week old (photo-sweep.service.ts), so photos tried and dropped in the back office do not pile up in Blobs.
 */
export default async function sweepPhotos(): Promise<Response> {
  const { stored, deleted } = await sweepUnusedPhotos();
  console.log(`[photos] ${stored} stored, ${deleted.length} unused deleted${deleted.length ? `: ${deleted.join(', ')}` : ''}`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '17 3 * * *' };
