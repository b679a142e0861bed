import type { Config } from '@netlify/functions';
import type { MeResponse } from '@shared/api/auth';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';

/** GET /api/me (bearer): the signed-in user's profile and saved delivery address. */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  return json({ success: true, user: authService.profile(user) } satisfies MeResponse);
});

export const config: Config = { path: '/api/me' };
