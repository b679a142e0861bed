import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markSignedIn } from './signed-in';
import { SIGNED_IN_HEAD_SCRIPT, scriptHash } from './signed-in-script';

/** Runs the head script against a fake localStorage and <html>. */
function run(stored: string | null | 'throws'): boolean {
  const attrs = new Set<string>();
  const localStorage = {
    getItem: (key: string) => {
      if (stored === 'throws') throw new Error('blocked');
      return key === 'token' ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string) => attrs.add(name) } };
  new Function('localStorage', 'document', SIGNED_IN_HEAD_SCRIPT)(localStorage, document);
  return attrs.has('data-signed-in');
}

describe('signed-in head script', () => {
  it('marks <html> only when a token is stored under the spec key', () => {
    expect(run('eyJhbGciOi.token')).toBe(true);
    expect(run(null)).toBe(false);
    expect(run('   ')).toBe(false);
    expect(run('throws')).toBe(false);
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
});
