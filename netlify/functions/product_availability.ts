import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { AVAILABILITY_MAX_IDS } from '@shared/api';
import type { ProductAvailabilityResponse } from '@shared/api';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

const IdsSchema = z
  .string({ error: 'ids is required, e.g. ?ids=<id>,<id>' })
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(ObjectIdSchema).min(1, 'ids is required').max(AVAILABILITY_MAX_IDS, `at most ${AVAILABILITY_MAX_IDS} ids`));

/** GET /api/product-availability?ids=a,b: live price and stock, so static pages and carts never act on stale facts. */
export default handle(async (req) => {
  const ids = IdsSchema.parse(new URL(req.url).searchParams.get('ids') ?? undefined);
  // Not cached anywhere: this is the check carts and product pages make before a shopper acts.
  return json({ success: true, products: await catalogueService.productAvailability(ids) } satisfies ProductAvailabilityResponse, {
    cache: 'none',
  });
});

export const config: Config = { path: '/api/product-availability' };
