// zod/mini: the sign-in and code forms parse with these schemas in the browser too.
import * as z from 'zod/mini';
import { MobilePhoneSchema, OptionalEmailSchema, requiredText } from './fields';

/** Digits in a one-time code. */
export const OTP_LENGTH = 4;

/** A shopper's own name and email: the same rules at sign-in and on the account page. */
const profileFields = {
  firstName: requiredText('First name is required', 50, 'First name'),
  lastName: requiredText('Last name is required', 50, 'Last name'),
  email: OptionalEmailSchema,
};

/**
 * POST /api/user_login: who is signing in. The code goes to `phone`, an Indian mobile (stored as 10 digits);
 * the name and email only name an account created by this sign-in.
 */
export const LoginSchema = z.strictObject({ ...profileFields, phone: MobilePhoneSchema });

/** A parsed sign-in request. */
export type LoginInput = z.infer<typeof LoginSchema>;

/** A 4-digit one-time code. */
const OtpSchema = z.string({ error: 'Enter a valid 4-digit OTP' }).check(z.regex(/^\d{4}$/, 'Enter a valid 4-digit OTP'));

/** POST /api/verify-otp: the phone the code was sent to and the code typed. */
export const VerifyOtpSchema = z.strictObject({ mobile: MobilePhoneSchema, otp: OtpSchema });

/** A parsed code check. */
export type VerifyOtpInput = z.infer<typeof VerifyOtpSchema>;

/** PUT /api/me/profile: the signed-in shopper changes their name and email ('' removes the email). */
export const ProfileSchema = z.strictObject(profileFields);

/** A parsed profile change. */
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** POST /api/resend-otp: the phone to send a new code to. */
export const ResendOtpSchema = z.strictObject({ mobile: MobilePhoneSchema });
