import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { $accountHref, $isLoggedIn, $token, setToken, signOut } from './token.store';

beforeEach(() => {
  useTestStorageEngine();
  keepMount($token);
  keepMount($accountHref);
  signOut();
});

afterEach(() => {
  cleanStores($token, $isLoggedIn, $accountHref);
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
});
