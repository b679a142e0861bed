import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { getAuthEnv } from '../env';
import { AppError, tooManyRequests, unauthorized } from '../errors';
import { otpRepository } from '../repositories/otp.repository';
import { rateLimitService, waitInWords } from './rate-limit.service';
import { getSmsSender } from './sms';
import type { OtpChallengeDoc } from '../collections';
import { OTP_LENGTH } from '@shared/schemas/auth';

// Every limit on one-time codes, together.
/** How long a code stays valid. */
const OTP_TTL_SECONDS = 10 * 60;
/** The shortest wait between two codes to one phone. */
const RESEND_COOLDOWN_SECONDS = 30;
/** Codes one phone may receive per hour. */
const SENDS_PER_PHONE_PER_HOUR = 5;
/**
 * Guesses ever compared against one code, however many arrive at once: each takes one of these before its
 * comparison, so 50 parallel guesses get 5 compared (a 5-in-10,000 chance), not 50. The fifth wrong one
 * kills the code.
 */
const MAX_CODE_GUESSES = 5;
/** Codes one network may request per hour, across phones: set per deploy (OTP_IP_SENDS_PER_HOUR in env.ts). */
const sendsPerNetworkPerHour = (): number => getAuthEnv().OTP_IP_SENDS_PER_HOUR;
/** Digits in a code. */
const CODE_DIGITS = OTP_LENGTH;
const HOUR_MS = 60 * 60 * 1000;

/** The name typed at sign-in; once the code proves the phone, it names the account if this sign-in creates it. */
interface PendingProfile {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The stored form of a code: an HMAC under a server secret, bound to the phone and to this send's version,
 * so the same 4 digits sent twice (or to two phones) never store the same value, and a leaked database
 * does not reveal live codes without the secret.
 */
export function hashCode(phone: string, version: number, code: string, secret = getAuthEnv().OTP_SECRET): string {
  return createHmac('sha256', secret).update(`${phone}:${version}:${code}`).digest('base64url');
}

/** A fresh code of CODE_DIGITS digits from the operating system's CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** Why a send is refused now, with how long to wait; null when a send is allowed. */
function sendRefusal(doc: OtpChallengeDoc | null, now: Date): { message: string; retryAfter: number } | null {
  if (!doc) return null;
  const sinceLast = (now.getTime() - doc.lastSentAt.getTime()) / 1000;
  if (sinceLast < RESEND_COOLDOWN_SECONDS) {
    const wait = RESEND_COOLDOWN_SECONDS - sinceLast;
    return { message: `Please wait ${waitInWords(wait).replace(/^in /, '')} before asking for a new code.`, retryAfter: wait };
  }
  const windowEnd = doc.sendWindowStart.getTime() + HOUR_MS;
  if (now.getTime() < windowEnd && doc.sendsInWindow >= SENDS_PER_PHONE_PER_HOUR) {
    const wait = (windowEnd - now.getTime()) / 1000;
    return { message: `Too many codes were sent to this number. Try again ${waitInWords(wait)}.`, retryAfter: wait };
  }
  return null;
}

/** The SMS a shopper receives. The last line lets Android's browser offer the code for autofill (WebOTP). */
function codeText(code: string, siteHost: string): string {
  return `${code} is your Chandi Kala sign-in code. It expires in ${OTP_TTL_SECONDS / 60} minutes. Never share it.\n\n@${siteHost} #${code}`;
}

/** One-time codes: sending under per-phone and per-network limits, and checking with a cap on wrong tries. */
export const otpService = {
  /**
   * Sends a new code to `phone` (the previous one dies), within the limits: one send per 30 s and five per
   * hour per phone, OTP_IP_SENDS_PER_HOUR per network. Every refusal is a 429 with Retry-After.
   */
  async send(phone: string, ip: string, pending: PendingProfile | undefined, siteHost: string, now = new Date()): Promise<void> {
    // A resend keeps the name typed at sign-in; without a sign-in in progress there is nothing to resend.
    if (!pending && !(await otpRepository.find(phone))) {
      throw new AppError(400, 'No sign-in is in progress for this number. Start again with your name and phone.');
    }
    // Texts cost money and can be abused to flood strangers' phones: the network cap comes first.
    await rateLimitService.consume(
      {
        name: 'otp-ip',
        limit: sendsPerNetworkPerHour(),
        windowSeconds: 3600,
        message: 'Too many codes were requested from your network.',
      },
      ip,
      now,
    );
    const code = newCode();
    for (let attempt = 0; attempt < 5; attempt++) {
      const doc = await otpRepository.find(phone);
      const refusal = sendRefusal(doc, now);
      if (refusal) throw tooManyRequests(refusal.message, refusal.retryAfter);
      const windowOpen = doc !== null && now.getTime() < doc.sendWindowStart.getTime() + HOUR_MS;
      const nextVersion = (doc?.version ?? 0) + 1;
      const won = await otpRepository.replace(phone, doc?.version ?? null, {
        codeHash: hashCode(phone, nextVersion, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        failedAttempts: 0,
        consumed: false,
        lastSentAt: now,
        sendWindowStart: windowOpen ? doc.sendWindowStart : now,
        sendsInWindow: windowOpen ? doc.sendsInWindow + 1 : 1,
        pending: pending ?? doc!.pending,
      });
      if (won) {
        await getSmsSender().send({ to: phone, template: 'otp', vars: { otp: code }, text: codeText(code, siteHost) });
        return;
      }
      // Another send for this phone landed first; the rules are applied again to what it wrote.
    }
    throw tooManyRequests('Please wait a moment before asking for a new code.', RESEND_COOLDOWN_SECONDS);
  },

  /**
   * Checks a code. Right: it is used up and the name typed at sign-in is returned. Wrong: 401 saying how many
   * guesses are left (the fifth wrong one kills the code). Expired, used or out of guesses: 401 or 429 asking
   * for a new code. A guess is compared only after it has taken one of the code's MAX_CODE_GUESSES with a
   * conditional update, so parallel guesses cannot get more comparisons than sequential ones.
   */
  async verify(phone: string, code: string, now = new Date()): Promise<PendingProfile> {
    const doc = await otpRepository.find(phone);
    const dead = deadCodeError(doc, now);
    if (dead) throw dead;
    const reserved = await otpRepository.reserveGuess(phone, doc!.version, MAX_CODE_GUESSES, now);
    // No guess left for this one: the code was used by a parallel request, replaced, expired or ran out of guesses.
    if (!reserved) throw await stillDeadError(phone, now);
    if (reserved.codeHash !== null && sameHash(reserved.codeHash, hashCode(phone, reserved.version, code))) {
      if (await otpRepository.consume(phone, reserved.version, now)) return reserved.pending;
      throw await stillDeadError(phone, now);
    }
    const left = MAX_CODE_GUESSES - reserved.failedAttempts;
    if (left <= 0) throw unauthorized('Wrong code. No tries left: request a new code.');
    throw unauthorized(`Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  },
};

/** Constant-time comparison of two stored-form hashes, so timing says nothing about how close a guess was. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why a code that just refused a guess cannot be tried, read afresh. */
async function stillDeadError(phone: string, now: Date): Promise<AppError> {
  return deadCodeError(await otpRepository.find(phone), now) ?? unauthorized('This code is no longer valid. Request a new code.');
}

/** The error for a phone with no live code, or null when its code can still be tried. */
function deadCodeError(doc: OtpChallengeDoc | null, now: Date): AppError | null {
  if (!doc || doc.codeHash === null || doc.consumed) return unauthorized('No valid code for this number. Request a new code.');
  if (doc.expiresAt.getTime() <= now.getTime()) return unauthorized('This code has expired. Request a new code.');
  if (doc.failedAttempts >= MAX_CODE_GUESSES) {
    const wait = Math.max(1, RESEND_COOLDOWN_SECONDS - (now.getTime() - doc.lastSentAt.getTime()) / 1000);
    return tooManyRequests('Too many wrong codes. Request a new code.', wait);
  }
  return null;
}
