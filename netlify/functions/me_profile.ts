import type { Config } from '@netlify/functions';
import type { SaveProfileResponse } from '@shared/api/auth';
import { ProfileSchema } from '@shared/schemas/auth';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';

/** PUT /api/me/profile (bearer): changes the signed-in shopper's name and email, by the sign-in form's rules. */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const profile = await jsonBody(req, ProfileSchema, { maxBytes: 1_024 });
    const saved = await authService.saveProfile(user, profile);
    return json({ success: true, message: 'Details saved', user: saved } satisfies SaveProfileResponse);
  },
  { methods: ['PUT'] },
);

export const config: Config = { path: '/api/me/profile' };
