import type { Config } from '@netlify/functions';
import type { LogoutAllResponse } from '@shared/api/auth';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';

/** POST /api/logout-all (bearer): signs the user out on every device. */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    await authService.signOutEverywhere(user);
    return json({ success: true, message: 'Signed out on every device' } satisfies LogoutAllResponse);
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/logout-all' };
