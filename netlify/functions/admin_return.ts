import type { Config } from '@netlify/functions';
import * as z from 'zod/mini';
import type { AdminReturnStepResponse } from '@shared/api/returns';
import { ReturnStepSchema } from '@shared/schemas/returns';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { returnsService } from '@server/services/returns.service';

/** A request's id: '<order id>-<line index>'. */
const ReturnIdSchema = z.string().check(z.regex(/^[0-9a-f]{24}-\d{1,2}$/i, 'must be an order id and a line number'));

/**
 * PATCH /api/admin/returns/{id} (admins only): one step of a request (approve or reject with a note, receive
 * with the piece's condition, ship a replacement, mark it delivered), recorded with who and when.
 */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const id = pathParam(req, '/api/admin/returns/:id', ReturnIdSchema, 'return request id').toLowerCase();
    const input = await jsonBody(req, ReturnStepSchema, { maxBytes: 2_048 });
    const { request, message } = await returnsService.step(admin, id, input);
    return json({ success: true, message, request } satisfies AdminReturnStepResponse);
  },
  { methods: ['PATCH'], env: ['mail'] },
);

export const config: Config = { path: '/api/admin/returns/:id' };
