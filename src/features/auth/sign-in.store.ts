/**
 * Signing in, step 1: the shopper's name and phone (email optional), checked with the server's own
 * LoginSchema; the server texts a 4-digit code, and no token exists until that code is checked (step 2,
 * otp.store.ts). Used by /login and by the checkout's first step.
 */
import { atom } from 'nanostores';
import { authApiPaths, type LoginResponse } from '@shared/api/auth';
import { tidyPhoneInput } from '@shared/phone';
import { LoginSchema, type LoginInput } from '@shared/schemas/auth';
import { createForm } from '../forms/form.store';
import { callApi } from './api-client';

/** The sign-in form's fields. */
export interface LoginFields {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

/** The sign-in form. */
export const loginForm = createForm<LoginFields, LoginInput>(LoginSchema, { firstName: '', lastName: '', phone: '', email: '' });

/** True while the request for a code is on its way. */
export const $loginSending = atom(false);

/** The alert after a refused or failed sign-in, in the words shoppers know ('Login failed', 'Failed to login: …'). */
export const $loginAlert = atom<string | null>(null);

/**
 * Sets a field to exactly what was typed: a phone is read by the shared rule only when the form is parsed
 * (or the box is left), never cut while typing, so a pasted "+91 98765 43210" cannot lose its last digits.
 */
export function setLoginField(field: keyof LoginFields, value: string): void {
  loginForm.set(field, value);
}

/** On leaving the phone box: a number the rule can read is shown as its 10 digits (after the +91 shown beside it). */
export function tidyLoginPhone(): void {
  const typed = loginForm.$fields.get().phone;
  const tidy = tidyPhoneInput(typed);
  if (tidy !== typed) loginForm.set('phone', tidy);
}

/**
 * Validates and asks the server to text a code. Returns the phone the code went to, as the 10 digits the
 * server stored (the code page is handed these), or null (messages are then under the fields or in
 * $loginAlert). A refusal the server explains (e.g. too many codes) is shown
 * as 'Failed to login: ' and its words; no answer at all as 'Failed to login: Server error'.
 */
export async function requestCode(fetchImpl?: typeof fetch): Promise<string | null> {
  if ($loginSending.get()) return null;
  $loginAlert.set(null);
  const input = loginForm.validate();
  if (!input) return null;
  $loginSending.set(true);
  try {
    const r = await callApi<LoginResponse>(authApiPaths.userLogin, { body: input }, fetchImpl);
    if (r.ok) return input.phone;
    $loginAlert.set(
      r.status === 0 || r.status >= 500
        ? `Failed to login: ${r.message || 'Server error'}`
        : r.message
          ? `Failed to login: ${r.message}`
          : 'Login failed',
    );
    return null;
  } finally {
    $loginSending.set(false);
  }
}
