import type { Config } from '@netlify/functions';
import type { OrderReturnsResponse } from '@shared/api/returns';
import { ObjectIdSchema } from '@shared/schemas/common';
import { CreateReturnSchema } from '@shared/schemas/returns';
import { tellYou } from '@shared/notices';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { returnsService } from '@server/services/returns.service';

/**
 * GET /api/orders/{id}/returns (the owner): the order's return and replacement requests.
 * POST: asks to return one line of a delivered order. One request per line (its id is the order's and the
 * line's), so a retried or doubled request answers with the one stored: 201 when made now, 200 when found.
 */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const id = pathParam(req, '/api/orders/:id/returns', ObjectIdSchema, 'order id');
    if (req.method === 'GET')
      return json({ success: true, returns: await returnsService.listForOwner(user, id) } satisfies OrderReturnsResponse);
    const input = await jsonBody(req, CreateReturnSchema, { maxBytes: 4_096 });
    const { created, emailed } = await returnsService.create(user, id, input);
    return json(
      {
        success: true,
        message: created ? `Your request is sent. We will ${tellYou(emailed)} our answer.` : 'You have already asked about this piece.',
        returns: await returnsService.listForOwner(user, id),
      } satisfies OrderReturnsResponse,
      { status: created ? 201 : 200 },
    );
  },
  { methods: ['GET', 'POST'], env: ['mail'] },
);

export const config: Config = { path: '/api/orders/:id/returns' };
