/**
 * The checkout's attempts: every order call carries an Idempotency-Key, the same one for the same order
 * (kept in sessionStorage, so a double click, a reload or a retry after no answer repeats it and the server
 * answers with the first order) and a new one as soon as anything in the order changes or an order is placed.
 */

/** sessionStorage key of the attempt in progress: its Idempotency-Key and what it was for. */
const ATTEMPT_KEY = 'checkoutAttempt';

/** Reads sessionStorage; null when it holds nothing or is blocked. */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes sessionStorage (null removes the key); blocked storage is ignored. */
export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Blocked storage: the attempt is simply not remembered across a reload.
  }
}

/**
 * The Idempotency-Key of this attempt: the same for the same order (so a reload or a retry repeats it and
 * the server answers with the first order), a new one as soon as anything in the order changes.
 */
export function attemptKey(scope: string, payload: unknown): string {
  const fingerprint = `${scope}:${JSON.stringify(payload)}`;
  try {
    const saved = JSON.parse(readSession(ATTEMPT_KEY) ?? 'null') as { fingerprint?: string; key?: string } | null;
    if (saved?.fingerprint === fingerprint && saved.key) return saved.key;
  } catch {
    // Unreadable: a new attempt.
  }
  const key = crypto.randomUUID();
  writeSession(ATTEMPT_KEY, JSON.stringify({ fingerprint, key }));
  return key;
}

/** Forgets the attempt once its order is placed: the next order is a new attempt with a new key. */
export function forgetAttempt(): void {
  writeSession(ATTEMPT_KEY, null);
}
