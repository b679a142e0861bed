/**
 * One shape for data an island reads from the API, and the rule that sorts a failed call: a refused token
 * is 'signed-out' (the page sends the shopper to sign in), a refused role is 'forbidden' where a page
 * knows admins from others, anything else is an error with the server's message (or the store's own).
 */
import type { WritableAtom } from 'nanostores';
import type { ApiOutcome } from '../auth/api-client';

/**
 * Where fetched data is: on its way, here (with the store's fields), refused with a message, or refused the
 * account. Only admin pages (`AdminOnly`) tell a signed-in shopper from an admin, so only they are 'forbidden'.
 */
export type Fetched<T extends object, AdminOnly extends boolean = false> =
  | { status: 'loading' }
  | ({ status: 'ready' } & T)
  | { status: 'error'; message: string }
  | { status: 'signed-out' }
  | (AdminOnly extends true ? { status: 'forbidden' } : never);

/** Before a page has asked for anything (stores loaded on demand start here). */
export type NotAsked = { status: 'idle' };

/** A failed state with no data in it. */
export type Refusal = Exclude<Fetched<object, true>, { status: 'ready' } | { status: 'loading' }>;

/** How a store words and shows a load. */
export interface FetchOptions {
  /** The message when the server gives none. */
  fallback: string;
  /** A 403 is 'forbidden' (admin pages); elsewhere it is an error carrying the server's message. */
  forbidden?: boolean;
  /** The store's own words for some answers (e.g. a 404); undefined keeps the rule. */
  messageFor?: (status: number, message: string | null) => string | undefined;
  /**
   * When 'loading' shows: on every load, only while nothing is loaded (a refresh keeps the page on screen),
   * or never (the store starts as 'loading' and later loads replace what is shown only with their answer).
   */
  showLoading?: 'always' | 'unless-ready' | 'never';
  /** Whether this answer is still wanted (false: a newer load was started, so this one is dropped). */
  current?: () => boolean;
}

/** Sorts a failed call: 401 signed-out, 403 forbidden (when asked), else the message to show. */
export function refusal(r: { status: number; message: string | null }, opts: Omit<FetchOptions, 'showLoading' | 'current'>): Refusal {
  if (r.status === 401) return { status: 'signed-out' };
  if (r.status === 403 && opts.forbidden) return { status: 'forbidden' };
  return { status: 'error', message: opts.messageFor?.(r.status, r.message) ?? r.message ?? opts.fallback };
}

/** Loads into `store`: 'loading' as asked, then the ready fields `ready` makes from the body, or the refusal. */
export async function fetchInto<T, S extends object>(
  store: WritableAtom<Fetched<S, boolean> | NotAsked>,
  call: () => Promise<ApiOutcome<T>>,
  ready: (data: T) => S,
  opts: FetchOptions,
): Promise<ApiOutcome<T>> {
  const show = opts.showLoading ?? 'always';
  if (show === 'always' || (show === 'unless-ready' && store.get().status !== 'ready')) store.set({ status: 'loading' });
  const r = await call();
  if (opts.current && !opts.current()) return r;
  store.set(r.ok ? { status: 'ready', ...ready(r.data) } : refusal(r, opts));
  return r;
}
