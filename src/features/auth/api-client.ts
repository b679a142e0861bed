/**
 * Calls to the shop's API from islands: JSON in and out, the bearer token when asked for, and one rule
 * for a refused token: a 401 on an authenticated call means the token is missing, forged, expired or
 * revoked, so it is forgotten (the account icon then leads to sign-in).
 */
import { $token, signOut } from './token.store';

/** A call's outcome: the body on success; on failure the status (0 for no answer) and the server's message. */
export type ApiOutcome<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string | null };

/** Options of one call. */
export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  body?: unknown;
  /** A binary body (a photo) sent as it is, with its own type, instead of a JSON `body`. */
  bytes?: Blob;
  /** Send the stored token as Authorization: Bearer. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls `path`; never throws (network failures come back as status 0). */
export async function callApi<T>(path: string, opts: ApiCallOptions = {}, fetchImpl: typeof fetch = fetch): Promise<ApiOutcome<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.bytes) headers['Content-Type'] = opts.bytes.type || 'application/octet-stream';
  const sent = opts.bytes ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const token = $token.get();
  if (opts.auth && token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetchImpl(path, {
      method: opts.method ?? (sent === undefined ? 'GET' : 'POST'),
      headers,
      ...(sent === undefined ? {} : { body: sent }),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    console.warn(`[api] ${path} unreachable`, error);
    return { ok: false, status: 0, message: null };
  }
  const body = (await res.json().catch(() => null)) as ({ success?: boolean; message?: unknown } & T) | null;
  if (res.ok && body && body.success !== false) return { ok: true, status: res.status, data: body };
  if (res.status === 401 && opts.auth) signOut();
  return { ok: false, status: res.status, message: typeof body?.message === 'string' ? body.message : null };
}
