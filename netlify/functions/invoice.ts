import type { Config } from '@netlify/functions';
import type { GetInvoiceResponse } from '@shared/api/orders';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { invoiceService } from '@server/services/invoice.service';

/** GET /api/invoice/{orderId} (bearer; the owner or an admin): the order's GST tax invoice, numbered on first request. */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  const id = pathParam(req, '/api/invoice/:id', ObjectIdSchema, 'order id');
  return json({ success: true, invoice: await invoiceService.getForReader(id, user) } satisfies GetInvoiceResponse);
});

export const config: Config = { path: '/api/invoice/:id' };
