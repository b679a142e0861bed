import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markAccountName, markSignedIn } from './signed-in';
import { SIGNED_IN_HEAD_SCRIPT, scriptHash } from './signed-in-script';

/** A stand-in <html>: its attributes and custom properties. */
function fakeRoot() {
  const attrs = new Set<string>();
  const props = new Map<string, string>();
  const root = {
    attrs,
    props,
    setAttribute: (name: string) => attrs.add(name),
    toggleAttribute: (name: string, on: boolean) => (on ? attrs.add(name) : attrs.delete(name)),
    style: { setProperty: (name: string, value: string) => props.set(name, value), removeProperty: (name: string) => props.delete(name) },
  };
  return root;
}

/** Runs the head script against a fake localStorage and <html>; returns the marks it left. */
function runScript(stored: Record<string, string> | 'throws') {
  const root = fakeRoot();
  const localStorage = {
    getItem: (key: string) => {
      if (stored === 'throws') throw new Error('blocked');
      return stored[key] ?? null;
    },
  };
  new Function('localStorage', 'document', SIGNED_IN_HEAD_SCRIPT)(localStorage, { documentElement: root });
  return { signedIn: root.attrs.has('data-signed-in'), named: root.attrs.has('data-account-name'), name: root.props.get('--account-name') };
}

/** Whether the head script marks <html> as signed in for this stored token. */
const run = (token: string | null | 'throws'): boolean =>
  runScript(token === 'throws' ? 'throws' : token === null ? {} : { token }).signedIn;

describe('signed-in head script', () => {
  it('marks <html> only when a token is stored under STORAGE_KEYS.token', () => {
    expect(run('eyJhbGciOi.token')).toBe(true);
    expect(run(null)).toBe(false);
    expect(run('   ')).toBe(false);
    expect(run('throws')).toBe(false);
  });

  it('gives <html> the stored first name, as a CSS string, only beside a token', () => {
    expect(runScript({ token: 't', firstName: 'Asha' })).toEqual({ signedIn: true, named: true, name: '"Asha"' });
    expect(runScript({ token: 't', firstName: 'Say "hi" \\ Ravi' }).name).toBe('"Say \\"hi\\" \\\\ Ravi"');
    expect(runScript({ token: 't', firstName: '  ' })).toEqual({ signedIn: true, named: false, name: undefined });
    expect(runScript({ token: 't' })).toEqual({ signedIn: true, named: false, name: undefined });
    expect(runScript({ firstName: 'Asha' })).toEqual({ signedIn: false, named: false, name: undefined });
  });

  it('keeps its names off window', () => {
    expect(SIGNED_IN_HEAD_SCRIPT).not.toMatch(/\bvar\b/);
  });

  it('has the sha256 hash the page policy must carry', async () => {
    expect(await scriptHash()).toBe(`sha256-${createHash('sha256').update(SIGNED_IN_HEAD_SCRIPT).digest('base64')}`);
  });

  it('is toggled on the page after sign-in and sign-out', () => {
    const attrs = new Set<string>();
    const root = { toggleAttribute: (name: string, on: boolean) => (on ? attrs.add(name) : attrs.delete(name)) } as unknown as Element;
    markSignedIn(true, root);
    expect(attrs.has('data-signed-in')).toBe(true);
    markSignedIn(false, root);
    expect(attrs.has('data-signed-in')).toBe(false);
  });

  it('shows and clears the name on the page as the head script does', () => {
    const root = fakeRoot();
    markAccountName('Asha', root as unknown as HTMLElement);
    expect(root.props.get('--account-name')).toBe('"Asha"');
    expect(root.attrs.has('data-account-name')).toBe(true);
    markAccountName('', root as unknown as HTMLElement);
    expect(root.props.has('--account-name')).toBe(false);
    expect(root.attrs.has('data-account-name')).toBe(false);
  });
});
