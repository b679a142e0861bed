import type { Config } from '@netlify/functions';
import type { ResendOtpResponse } from '@shared/api/auth';
import { ResendOtpSchema } from '@shared/schemas/auth';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { clientIp } from '@server/services/rate-limit.service';

/** POST /api/resend-otp: sends a new code for a sign-in in progress; the old code stops working. */
export default handle(
  async (req) => {
    const { mobile } = await jsonBody(req, ResendOtpSchema, { maxBytes: 1_024 });
    await authService.resendCode(mobile, clientIp(req));
    return json({ success: true, message: 'A new code is on its way.' } satisfies ResendOtpResponse);
  },
  { methods: ['POST'], env: ['auth'] },
);

export const config: Config = { path: '/api/resend-otp' };
