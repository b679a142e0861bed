/**
 * Signing in, step 2: the 4-digit code. Boxes take one digit each (non-digits stripped, a pasted or
 * autofilled code fills them all), clear after a failure or a resend, and a resend waits 30 s. A right
 * code stores the token. Used by /resent-otp and by the checkout's first step.
 */
import { atom, computed } from 'nanostores';
import { authApiPaths, type ResendOtpResponse, type VerifyOtpResponse } from '@shared/api/auth';
import { OTP_LENGTH } from '@shared/schemas/auth';
import { receiveSignIn } from './handoff';
import { safeReturnPath } from './return-to';
import { rememberFirstName, setToken } from './token.store';
import { callApi } from './api-client';

/** Seconds between two codes to one phone (the server enforces the same). */
export const RESEND_SECONDS = 30;

const EMPTY = Array.from({ length: OTP_LENGTH }, () => '');

/** The phone the code was sent to; null when none is known (the page then offers a way back to sign-in). */
export const $otpPhone = atom<string | null>(null);
/** One digit (or '') per box. */
export const $otpDigits = atom<string[]>([...EMPTY]);
/** What the shopper is waiting for. */
export const $otpBusy = atom<'idle' | 'verifying' | 'resending'>('idle');
/** The last outcome, in the shop's words; `kind` decides role="status" or role="alert". */
export const $otpNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);
/** When (ms since epoch) a new code may be asked for. */
export const $resendAt = atom(0);
/** The code typed so far. */
export const $otpCode = computed($otpDigits, (digits) => digits.join(''));

/** The code page's sign-in: 'unknown' before the page has looked, 'none' when there is nothing to finish. */
export const $codePage = atom<{ state: 'unknown' | 'none' | 'ready'; returnTo: string }>({ state: 'unknown', returnTo: '/' });

/** The code page picks up the sign-in the login page handed over (or its own, after a reload). */
export function resumeSignIn(): void {
  const pending = receiveSignIn();
  if (!pending) return $codePage.set({ state: 'none', returnTo: '/' });
  startCodeEntry(pending.mobile, pending.sentAt);
  $codePage.set({ state: 'ready', returnTo: safeReturnPath(pending.returnTo) });
}

/** Starts code entry for a phone whose code was just sent. */
export function startCodeEntry(phone: string, sentAt = Date.now()): void {
  $otpPhone.set(phone);
  $otpDigits.set([...EMPTY]);
  $otpNotice.set(null);
  $resendAt.set(sentAt + RESEND_SECONDS * 1000);
}

/**
 * Puts what was typed or pasted into box `index`: digits only, one per box from there on (so a pasted or
 * autofilled "1234" fills every box). Returns the box to focus next.
 */
export function enterDigits(index: number, raw: string): number {
  const digits = raw.replace(/\D/g, '');
  const boxes = [...$otpDigits.get()];
  if (!digits) {
    boxes[index] = '';
    $otpDigits.set(boxes);
    return index;
  }
  // A full code pasted into any box fills all of them from the first.
  const start = digits.length >= OTP_LENGTH ? 0 : index;
  const fill = digits.slice(0, OTP_LENGTH - start);
  for (let i = 0; i < fill.length; i++) boxes[start + i] = fill[i]!;
  $otpDigits.set(boxes);
  return Math.min(start + fill.length, OTP_LENGTH - 1);
}

/** Backspace on box `index`: an empty box clears and moves to the one before. Returns the box to focus. */
export function backspaceAt(index: number): number {
  const boxes = [...$otpDigits.get()];
  if (boxes[index]) {
    boxes[index] = '';
    $otpDigits.set(boxes);
    return index;
  }
  const previous = Math.max(0, index - 1);
  boxes[previous] = '';
  $otpDigits.set(boxes);
  return previous;
}

/**
 * Checks the code. Right: the token is stored and true returned ('OTP verified successfully!'). Wrong or
 * expired: 'Invalid OTP: ' and the server's reason (how many tries are left). No answer: 'Failed to verify
 * OTP. Please try again.' The boxes clear after any failure.
 */
export async function verifyCode(fetchImpl?: typeof fetch): Promise<boolean> {
  const phone = $otpPhone.get();
  if (!phone || $otpBusy.get() !== 'idle') return false;
  const otp = $otpCode.get();
  if (!/^\d{4}$/.test(otp)) {
    $otpNotice.set({ kind: 'error', text: 'Enter a valid 4-digit OTP' });
    return false;
  }
  $otpBusy.set('verifying');
  $otpNotice.set(null);
  try {
    const r = await callApi<VerifyOtpResponse>(authApiPaths.verifyOtp, { body: { mobile: phone, otp } }, fetchImpl);
    if (r.ok) {
      setToken(r.data.token);
      // The header greets the shopper by name from now on; an answer without one leaves the icon alone.
      rememberFirstName(r.data.user?.firstName ?? '');
      $otpNotice.set({ kind: 'success', text: 'OTP verified successfully!' });
      return true;
    }
    $otpDigits.set([...EMPTY]);
    const refused = r.status >= 400 && r.status < 500;
    $otpNotice.set({
      kind: 'error',
      text: refused ? `Invalid OTP: ${r.message ?? 'the code was not accepted'}` : 'Failed to verify OTP. Please try again.',
    });
    return false;
  } finally {
    $otpBusy.set('idle');
  }
}

/** Asks for a new code (the old one dies). 'OTP resent successfully!' or 'Failed to resend OTP.' and why. */
export async function resendCode(fetchImpl?: typeof fetch, now = Date.now): Promise<boolean> {
  const phone = $otpPhone.get();
  if (!phone || $otpBusy.get() !== 'idle' || now() < $resendAt.get()) return false;
  $otpBusy.set('resending');
  $otpNotice.set(null);
  try {
    const r = await callApi<ResendOtpResponse>(authApiPaths.resendOtp, { body: { mobile: phone } }, fetchImpl);
    $otpDigits.set([...EMPTY]);
    if (r.ok) {
      $resendAt.set(now() + RESEND_SECONDS * 1000);
      $otpNotice.set({ kind: 'success', text: 'OTP resent successfully!' });
      return true;
    }
    $otpNotice.set({ kind: 'error', text: r.message ? `Failed to resend OTP. ${r.message}` : 'Failed to resend OTP.' });
    return false;
  } finally {
    $otpBusy.set('idle');
  }
}
