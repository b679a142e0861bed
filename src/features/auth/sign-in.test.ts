import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { $firstName, $token, signOut } from './token.store';
import { $loginAlert, loginForm, requestCode, setLoginField, tidyLoginPhone } from './sign-in.store';
import { $otpCode, $otpDigits, $otpNotice, $resendAt, backspaceAt, enterDigits, resendCode, startCodeEntry, verifyCode } from './otp.store';
import { callApi } from './api-client';

/** A fetch answering with this status and JSON body, recording what it was asked. */
function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}
const unreachable = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

beforeEach(() => {
  useTestStorageEngine();
  keepMount($token);
  signOut();
  loginForm.reset();
  $loginAlert.set(null);
});
afterEach(() => {
  cleanStores($token);
  cleanTestStorage();
});

describe('sign-in form', () => {
  it("shows the form's messages without calling the server", async () => {
    const fetchImpl = answer(200, {});
    expect(await requestCode(fetchImpl)).toBeNull();
    expect(loginForm.$errors.get()).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
    });
    setLoginField('phone', '98765');
    await requestCode(fetchImpl);
    expect(loginForm.$errors.get().phone).toBe('Phone must be 10 digits');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('keeps a pasted number as pasted, tidies it on leaving the box, and sends the 10 digits', async () => {
    setLoginField('firstName', ' Asha ');
    setLoginField('lastName', 'Rao');
    setLoginField('phone', '+919876543210');
    // Nothing is cut while typing: the box holds what was pasted until it is read by the rule.
    expect(loginForm.$fields.get().phone).toBe('+919876543210');
    tidyLoginPhone();
    expect(loginForm.$fields.get().phone).toBe('9876543210');
    setLoginField('phone', '+91 98765 43210');
    const fetchImpl = answer(200, { success: true, message: 'sent', otpRequired: true });
    // The phone handed to the code page is the normalised one.
    expect(await requestCode(fetchImpl)).toBe('9876543210');
    expect(JSON.parse(fetchImpl.mock.calls[0]![1]!.body as string)).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      phone: '9876543210',
      email: '',
    });
  });

  it('never turns a wrong number into somebody else’s: 91 + 9 digits, letters and landlines are refused', async () => {
    setLoginField('firstName', 'Asha');
    setLoginField('lastName', 'Rao');
    const fetchImpl = answer(200, { success: true, message: 'sent', otpRequired: true });
    for (const [typed, message] of [
      ['91987654321', 'Phone must be 10 digits'],
      ['+91 98765 4321', 'Phone must be 10 digits'],
      ['98765abc43', 'Phone must be 10 digits'],
      ['5876543210', 'Enter a valid Indian mobile number'],
    ]) {
      setLoginField('phone', typed!);
      tidyLoginPhone();
      expect(loginForm.$fields.get().phone).toBe(typed);
      expect(await requestCode(fetchImpl)).toBeNull();
      expect(loginForm.$errors.get().phone).toBe(message);
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("alerts 'Failed to login: ' with the server's reason, 'Login failed' without one, and 'Server error' when unreachable", async () => {
    setLoginField('firstName', 'Asha');
    setLoginField('lastName', 'Rao');
    setLoginField('phone', '9876543210');
    await requestCode(answer(429, { success: false, message: 'Please wait 20 seconds before asking for a new code.' }));
    expect($loginAlert.get()).toBe('Failed to login: Please wait 20 seconds before asking for a new code.');
    await requestCode(answer(400, {}));
    expect($loginAlert.get()).toBe('Login failed');
    await requestCode(unreachable);
    expect($loginAlert.get()).toBe('Failed to login: Server error');
  });
});

describe('code boxes', () => {
  beforeEach(() => startCodeEntry('9876543210', 1_000));

  it('take one digit per box, strip non-digits and advance', () => {
    expect(enterDigits(0, '4')).toBe(1);
    expect(enterDigits(1, 'x')).toBe(1);
    expect(enterDigits(1, '7')).toBe(2);
    expect($otpDigits.get()).toEqual(['4', '7', '', '']);
  });

  it('fill every box from a pasted or autofilled code, whichever box it lands in', () => {
    expect(enterDigits(2, ' 12-34 ')).toBe(3);
    expect($otpCode.get()).toBe('1234');
  });

  it('Backspace on an empty box clears and goes back to the one before', () => {
    enterDigits(0, '12');
    expect(backspaceAt(2)).toBe(1);
    expect($otpDigits.get()).toEqual(['1', '', '', '']);
    expect(backspaceAt(0)).toBe(0);
  });
});

describe('checking the code', () => {
  beforeEach(() => startCodeEntry('9876543210', 1_000));

  it("refuses an incomplete code with 'Enter a valid 4-digit OTP'", async () => {
    enterDigits(0, '12');
    const fetchImpl = answer(200, {});
    expect(await verifyCode(fetchImpl)).toBe(false);
    expect($otpNotice.get()).toEqual({ kind: 'error', text: 'Enter a valid 4-digit OTP' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('stores the token, and the first name the header shows, for the right code', async () => {
    enterDigits(0, '1234');
    const ok = await verifyCode(answer(200, { success: true, message: 'Signed in', token: 'a.b.c', user: { firstName: 'Asha' } }));
    expect(ok).toBe(true);
    expect($token.get()).toBe('a.b.c');
    expect($firstName.get()).toBe('Asha');
    expect($otpNotice.get()).toEqual({ kind: 'success', text: 'OTP verified successfully!' });
  });

  it("says 'Invalid OTP: ' and why for a wrong code, and clears the boxes", async () => {
    enterDigits(0, '1234');
    expect(await verifyCode(answer(401, { success: false, message: 'Wrong code. 4 tries left.' }))).toBe(false);
    expect($otpNotice.get()).toEqual({ kind: 'error', text: 'Invalid OTP: Wrong code. 4 tries left.' });
    expect($otpDigits.get()).toEqual(['', '', '', '']);
    enterDigits(0, '1234');
    await verifyCode(unreachable);
    expect($otpNotice.get()).toEqual({ kind: 'error', text: 'Failed to verify OTP. Please try again.' });
  });

  it('resends only after 30 s, then clears the boxes and restarts the wait', async () => {
    const fetchImpl = answer(200, { success: true, message: 'A new code is on its way.' });
    expect(await resendCode(fetchImpl, () => 20_000)).toBe(false);
    expect(fetchImpl).not.toHaveBeenCalled();
    enterDigits(0, '12');
    expect(await resendCode(fetchImpl, () => 31_000)).toBe(true);
    expect($otpNotice.get()).toEqual({ kind: 'success', text: 'OTP resent successfully!' });
    expect($otpDigits.get()).toEqual(['', '', '', '']);
    expect($resendAt.get()).toBe(61_000);
    await resendCode(
      answer(429, { success: false, message: 'Too many codes were sent to this number. Try again in 50 minutes.' }),
      () => 62_000,
    );
    expect($otpNotice.get()?.text).toBe('Failed to resend OTP. Too many codes were sent to this number. Try again in 50 minutes.');
  });
});

describe('authenticated calls', () => {
  it('forget a token the server refuses (401)', async () => {
    $token.set('old.token.value');
    const fetchImpl = answer(401, { success: false, message: 'Your session has expired. Please sign in again.' });
    const r = await callApi('/api/me', { auth: true }, fetchImpl);
    expect(r).toEqual({ ok: false, status: 401, message: 'Your session has expired. Please sign in again.' });
    expect(fetchImpl.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer old.token.value' });
    expect($token.get()).toBe('');
  });
});
