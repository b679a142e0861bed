/**
 * One GST credit note, read from GET /api/credit-notes/{id} (its order's owner or an admin). Refusals become
 * the messages the page shows.
 */
import { atom } from 'nanostores';
import { refundsApiPaths, type CreditNote, type GetCreditNoteResponse } from '../../shared/api/refunds';
import { callApi } from '../auth/api-client';

/** Where the credit note is: loading, loaded, refused with a message, or the token was refused. */
export const $creditNote = atom<
  { state: 'loading' } | { state: 'ready'; creditNote: CreditNote } | { state: 'error'; message: string } | { state: 'signed-out' }
>({ state: 'loading' });

/** The note's id in the page's query (?id=…), or null. */
export function creditNoteIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^[0-9a-f]{24}-(?:r[0-9a-f]{20}|cancel)$/i.test(id) ? id.toLowerCase() : null;
}

/** Loads a credit note (null: no valid id in the address). */
export async function loadCreditNote(id: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!id) return $creditNote.set({ state: 'error', message: 'No credit note ID found.' });
  $creditNote.set({ state: 'loading' });
  const r = await callApi<GetCreditNoteResponse>(refundsApiPaths.creditNote(id), { auth: true }, fetchImpl);
  if (r.ok) return $creditNote.set({ state: 'ready', creditNote: r.data.creditNote });
  if (r.status === 401) return $creditNote.set({ state: 'signed-out' });
  if (r.status === 404) return $creditNote.set({ state: 'error', message: 'Credit note not found.' });
  $creditNote.set({ state: 'error', message: r.message ?? 'The credit note could not be loaded. Please try again.' });
}
