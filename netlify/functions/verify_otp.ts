import type { Config } from '@netlify/functions';
import type { VerifyOtpResponse } from '@shared/api/auth';
import { VerifyOtpSchema } from '@shared/schemas/auth';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';

/** POST /api/verify-otp: checks the code; on success answers the token and the user. */
export default handle(
  async (req) => {
    const input = await jsonBody(req, VerifyOtpSchema, { maxBytes: 1_024 });
    const { token, user } = await authService.verifyCode(input);
    return json({ success: true, message: 'Signed in', token, user } satisfies VerifyOtpResponse);
  },
  { methods: ['POST'], env: ['auth'] },
);

export const config: Config = { path: '/api/verify-otp' };
