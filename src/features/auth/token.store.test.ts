import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { $accountHref, $firstName, $isLoggedIn, $token, rememberFirstName, setToken, signOut } from './token.store';

beforeEach(() => {
  useTestStorageEngine();
  keepMount($token);
  keepMount($accountHref);
  keepMount($firstName);
  signOut();
});

afterEach(() => {
  cleanStores($token, $isLoggedIn, $accountHref, $firstName);
  cleanTestStorage();
});

describe('auth store', () => {
  it('is signed out with no token, and the account icon leads to /login', () => {
    expect($isLoggedIn.get()).toBe(false);
    expect($accountHref.get()).toBe('/login');
  });

  it('stores the raw token under "token" (not JSON-quoted) and leads to /account', () => {
    setToken('eyJhbGciOi.abc.def');
    expect(getTestStorage()['token']).toBe('eyJhbGciOi.abc.def');
    expect($isLoggedIn.get()).toBe(true);
    expect($accountHref.get()).toBe('/account');
  });

  it('removes the key on sign-out', () => {
    setToken('abc');
    signOut();
    expect(getTestStorage()).not.toHaveProperty('token');
    expect($isLoggedIn.get()).toBe(false);
  });

  it('follows a login in another tab', () => {
    setTestStorageKey('token', 'from-other-tab');
    expect($token.get()).toBe('from-other-tab');
    expect($accountHref.get()).toBe('/account');
  });

  it('keeps the first name for the header under its own key and forgets it on sign-out', () => {
    setToken('abc');
    rememberFirstName('  Asha ');
    expect(getTestStorage()['firstName']).toBe('Asha');
    expect($firstName.get()).toBe('Asha');
    signOut();
    expect(getTestStorage()).not.toHaveProperty('firstName');
    expect($firstName.get()).toBe('');
  });

  it('follows a name set in another tab', () => {
    setTestStorageKey('firstName', 'Ravi');
    expect($firstName.get()).toBe('Ravi');
  });
});
