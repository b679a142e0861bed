/**
 * The accounts page: a range of India's dates and the download of its GST invoices as CSV, fetched with the
 * admin's token (a plain link could not carry it) and handed to the browser as a file.
 */
import { atom } from 'nanostores';
import { inventoryApiPaths } from '@shared/api/inventory';
import { AccountsQuerySchema } from '@shared/schemas/accounts';
import { $token, signOut } from '../auth/token.store';
import { indiaDay } from '@shared/india-time';
import { saveFile } from '../shared/save-file';

/** The range as typed. */
export const $accountsRange = atom<{ from: string; to: string }>(monthSoFar(new Date()));
/** The last download's outcome, or why it failed. */
export const $accountsNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);
/** True while the file is being prepared. */
export const $accountsBusy = atom(false);

/** From the first of this month to today, in India: the usual export. */
export function monthSoFar(now: Date): { from: string; to: string } {
  const today = indiaDay(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Changes one end of the range. */
export function setAccountsRange(field: 'from' | 'to', value: string): void {
  $accountsRange.set({ ...$accountsRange.get(), [field]: value });
  $accountsNotice.set(null);
}

/**
 * Downloads the range's invoices: checked with the server's own schema, fetched with the token, saved by the
 * browser under the server's file name. `save` is how the file reaches the admin (a download link by default).
 */
export async function downloadAccounts(
  fetchImpl: typeof fetch = fetch,
  save: (blob: Blob, filename: string) => void = saveFile,
): Promise<void> {
  const parsed = AccountsQuerySchema.safeParse($accountsRange.get());
  if (!parsed.success) return $accountsNotice.set({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Check the dates.' });
  $accountsBusy.set(true);
  try {
    const query = new URLSearchParams(parsed.data).toString();
    const res = await fetchImpl(`${inventoryApiPaths.adminAccounts}?${query}`, { headers: { Authorization: `Bearer ${$token.get()}` } });
    if (res.status === 401) return signOut();
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      return $accountsNotice.set({ kind: 'error', text: body?.message ?? 'The export could not be prepared. Please try again.' });
    }
    const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'gst-invoices.csv';
    const count = Number(res.headers.get('x-invoice-count') ?? '0');
    save(await res.blob(), filename);
    $accountsNotice.set({ kind: 'success', text: `${count} ${count === 1 ? 'invoice' : 'invoices'} saved as ${filename}.` });
  } finally {
    $accountsBusy.set(false);
  }
}
