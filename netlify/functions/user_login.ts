import type { Config } from '@netlify/functions';
import type { LoginResponse } from '@shared/api/auth';
import { formatPhone } from '@shared/phone';
import { LoginSchema } from '@shared/schemas/auth';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { clientIp } from '@server/services/rate-limit.service';

/** POST /api/user_login: starts a sign-in by sending a one-time code. No token until the code is checked. */
export default handle(
  async (req) => {
    const input = await jsonBody(req, LoginSchema, { maxBytes: 4_096 });
    await authService.startLogin(input, clientIp(req));
    return json({
      success: true,
      message: `We sent a 4-digit code to ${formatPhone(input.phone)}.`,
      otpRequired: true,
    } satisfies LoginResponse);
  },
  { methods: ['POST'], env: ['auth'] },
);

export const config: Config = { path: '/api/user_login' };
