/**
 * One GST credit note, read from GET /api/credit-notes/{id} (its order's owner or an admin). Refusals become
 * the messages the page shows.
 */
import { atom } from 'nanostores';
import { refundsApiPaths, type CreditNote, type GetCreditNoteResponse } from '@shared/api/refunds';
import { CREDIT_NOTE_ID_PATTERN } from '@shared/credit-note-path';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';

/** Where the credit note is: loading, loaded, refused with a message, or the token was refused. */
export const $creditNote = atom<Fetched<{ creditNote: CreditNote }>>({ status: 'loading' });

/** The note's id in the page's query (?id=…), or null. */
export function creditNoteIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && CREDIT_NOTE_ID_PATTERN.test(id.toLowerCase()) ? id.toLowerCase() : null;
}

/** Loads a credit note (null: no valid id in the address). */
export async function loadCreditNote(id: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!id) return $creditNote.set({ status: 'error', message: 'No credit note ID found.' });
  await fetchInto(
    $creditNote,
    () => callApi<GetCreditNoteResponse>(refundsApiPaths.creditNote(id), { auth: true }, fetchImpl),
    (data) => ({ creditNote: data.creditNote }),
    {
      fallback: 'The credit note could not be loaded. Please try again.',
      messageFor: (status) => (status === 404 ? 'Credit note not found.' : undefined),
    },
  );
}
