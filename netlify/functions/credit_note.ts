import type { Config } from '@netlify/functions';
import type { GetCreditNoteResponse } from '@shared/api/refunds';
import { CreditNoteIdSchema } from '@shared/schemas/refunds';
import { handle, json, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { creditNotesService } from '@server/services/credit-notes.service';

/** GET /api/credit-notes/{id} (bearer; the order's owner or an admin): one GST credit note. */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  const id = pathParam(req, '/api/credit-notes/:id', CreditNoteIdSchema, 'credit note id');
  return json({ success: true, creditNote: await creditNotesService.getForReader(id, user) } satisfies GetCreditNoteResponse);
});

export const config: Config = { path: '/api/credit-notes/:id' };
