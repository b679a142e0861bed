/**
 * Carries a sign-in in progress from /login to /resent-otp: the phone the code went to, where to return,
 * and when the code was sent. The login page leaves it in sessionStorage; the code page moves it into
 * its own history entry's state, which survives a reload of that page, and removes the copy.
 */

/** What the code page needs to know about the sign-in in progress. */
export interface PendingSignIn {
  mobile: string;
  returnTo: string;
  sentAt: number;
}

const KEY = 'pendingSignIn';

function parse(value: unknown): PendingSignIn | null {
  const v = value as Partial<PendingSignIn> | null;
  if (!v || typeof v.mobile !== 'string' || !/^\d{10}$/.test(v.mobile)) return null;
  return {
    mobile: v.mobile,
    returnTo: typeof v.returnTo === 'string' ? v.returnTo : '/',
    sentAt: typeof v.sentAt === 'number' ? v.sentAt : 0,
  };
}

/** Called by the login page just before it goes to the code page. */
export function handOffSignIn(pending: PendingSignIn): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Blocked storage: the code page will offer the way back to sign-in.
  }
}

/** The sign-in in progress for this page: from its history state (a reload), else from the login page's hand-off. */
export function receiveSignIn(): PendingSignIn | null {
  const fromHistory = parse((history.state as { pendingSignIn?: unknown } | null)?.pendingSignIn);
  if (fromHistory) return fromHistory;
  let handed: PendingSignIn | null;
  try {
    handed = parse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    sessionStorage.removeItem(KEY);
  } catch {
    handed = null;
  }
  if (handed) history.replaceState({ ...(history.state as object | null), pendingSignIn: handed }, '');
  return handed;
}
