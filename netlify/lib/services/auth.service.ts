import type { LoginInput, ProfileInput, VerifyOtpInput } from '@shared/schemas/auth';
import type { Profile, Role, User } from '@shared/api/auth';
import type { UserDoc } from '../collections';
import { getEnv } from '../env';
import { forbidden, notFound, unauthorized } from '../errors';
import { toProfile, toUser, usersRepository } from '../repositories/users.repository';
import { otpService } from './otp.service';
import { issueToken, readToken } from './tokens';

/** A role that opens the back office. */
type StaffRole = Exclude<Role, 'customer'>;

function siteHost(): string {
  return new URL(getEnv().SITE_URL).host;
}

/** Sign-in by phone and one-time code, the signed-in user's profile, and signing out everywhere. */
export const authService = {
  /** Starts a sign-in: sends a code to the phone. No token and no account change until the code is checked. */
  async startLogin(input: LoginInput, ip: string): Promise<void> {
    await otpService.send(input.phone, ip, { firstName: input.firstName, lastName: input.lastName, email: input.email }, siteHost());
  },

  /** Sends a new code for a sign-in in progress; the previous code stops working. */
  async resendCode(phone: string, ip: string): Promise<void> {
    await otpService.send(phone, ip, undefined, siteHost());
  },

  /**
   * Checks the code; on success returns a token for the user with that phone, creating the account (named
   * as typed at sign-in) on its first sign-in. An existing account keeps its name and email: anyone who
   * knows a number can start a sign-in for it, and only the account page changes them.
   */
  async verifyCode(input: VerifyOtpInput): Promise<{ token: string; user: User }> {
    const pending = await otpService.verify(input.mobile, input.otp);
    const doc = await usersRepository.signIn(input.mobile, pending);
    const token = await issueToken({ userId: doc._id.toHexString(), version: doc.tokenVersion });
    return { token, user: toUser(doc) };
  },

  /**
   * The user a request's bearer token belongs to. Missing, forged, expired and revoked tokens (issued before
   * the user signed out everywhere) all get the same 401. Roles come from this record, never from the token.
   */
  async authenticate(req: Request): Promise<UserDoc> {
    const header = req.headers.get('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(header.trim());
    if (!match) throw unauthorized('Please sign in to continue.');
    const claims = await readToken(match[1]!);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    const user = await usersRepository.findById(claims.userId);
    if (!user || user.tokenVersion !== claims.version) throw unauthorized('Your session has expired. Please sign in again.');
    return user;
  },

  /**
   * The staff member a request comes from, if their role is one of `roles`: 401 without a valid token, 403
   * for anyone else (a shopper, or an editor calling an admin-only endpoint). The role is read from the
   * user record on every call, never from the token, so a grant or revoke applies at once.
   */
  async requireRole(req: Request, ...roles: [StaffRole, ...StaffRole[]]): Promise<UserDoc> {
    const user = await authService.authenticate(req);
    if (!(roles as Role[]).includes(user.role))
      throw forbidden(
        roles.includes('editor') ? 'Only the shop’s admins and catalogue editors can do this.' : 'Only shop admins can do this.',
      );
    return user;
  },

  /** The user id of a request with a valid token, or null (anonymous). Never throws for a bad token. */
  async optionalUserId(req: Request): Promise<string | null> {
    if (!req.headers.get('authorization')) return null;
    try {
      return (await authService.authenticate(req))._id.toHexString();
    } catch {
      return null;
    }
  },

  /** The account page's view of the user. */
  profile(user: UserDoc): Profile {
    return toProfile(user);
  },

  /** Changes the signed-in user's name and email (an empty email removes it). */
  async saveProfile(user: UserDoc, profile: ProfileInput): Promise<Profile> {
    const updated = await usersRepository.setProfile(user._id, {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email || null,
    });
    if (!updated) throw notFound('User');
    return toProfile(updated);
  },

  /** Signs the user out on every device: every token issued so far stops working. */
  async signOutEverywhere(user: UserDoc): Promise<void> {
    await usersRepository.bumpTokenVersion(user._id);
  },
};
