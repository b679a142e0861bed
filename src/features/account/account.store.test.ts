import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { $token } from '../auth/token.store';
import {
  $profile,
  $profileDialogOpen,
  $profileNotice,
  closeProfileDialog,
  openProfileDialog,
  profileForm,
  saveProfile,
  setProfileField,
} from './account.store';

const ASHA = {
  _id: 'a'.repeat(24),
  firstName: 'Asha',
  lastName: 'Rao',
  phone: '9876543210',
  email: null,
  role: 'customer' as const,
  address: null,
};

/** A fetch answering with this status and JSON body, recording what it was asked. */
function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

beforeEach(() => {
  useTestStorageEngine();
  keepMount($token);
  $token.set('a.b.c');
  $profile.set(ASHA);
  closeProfileDialog();
});
afterEach(() => {
  cleanStores($token);
  cleanTestStorage();
});

describe('editing my details', () => {
  it('opens filled with the current name and email, saves them with the token, and shows the saved ones', async () => {
    openProfileDialog();
    expect($profileDialogOpen.get()).toBe(true);
    expect(profileForm.$fields.get()).toEqual({ firstName: 'Asha', lastName: 'Rao', email: '' });
    setProfileField('lastName', ' Iyer ');
    setProfileField('email', 'Asha@Example.in');
    const fetchImpl = answer(200, {
      success: true,
      message: 'Details saved',
      user: { ...ASHA, lastName: 'Iyer', email: 'asha@example.in' },
    });
    expect(await saveProfile(fetchImpl)).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/me/profile');
    expect(init).toMatchObject({ method: 'PUT', headers: { Authorization: 'Bearer a.b.c' } });
    expect(JSON.parse(init!.body as string)).toEqual({ firstName: 'Asha', lastName: 'Iyer', email: 'asha@example.in' });
    expect($profile.get()).toMatchObject({ lastName: 'Iyer', email: 'asha@example.in', phone: '9876543210' });
    expect($profileDialogOpen.get()).toBe(false);
    expect($profileNotice.get()).toEqual({ kind: 'success', text: 'Your details are saved.' });
  });

  it("shows the form's messages without calling the server, and the server's words when it refuses", async () => {
    openProfileDialog();
    setProfileField('firstName', ' ');
    setProfileField('email', 'not-an-email');
    const fetchImpl = answer(200, {});
    expect(await saveProfile(fetchImpl)).toBe(false);
    expect(profileForm.$errors.get()).toMatchObject({ firstName: 'First name is required', email: 'Enter a valid email' });
    expect(fetchImpl).not.toHaveBeenCalled();
    setProfileField('firstName', 'Asha');
    setProfileField('email', '');
    expect(await saveProfile(answer(400, { success: false, message: 'Invalid request: firstName: First name is required' }))).toBe(false);
    expect($profileNotice.get()).toEqual({ kind: 'error', text: 'Invalid request: firstName: First name is required' });
    expect($profileDialogOpen.get()).toBe(true);
    expect($profile.get()).toEqual(ASHA);
  });
});
