/**
 * The silver-rate page: the day's rate, the prices a new rate gives the pieces priced from it (which change and by
 * how much), and setting it, which saves those prices as drafts for the Publish panel to put live together.
 */
import { atom } from 'nanostores';
import { catalogueAdminApiPaths, type ApplySilverRateResponse, type SilverRateResponse } from '@shared/api/catalogue-admin';
import { ApplySilverRateSchema } from '@shared/schemas/catalogue-admin';
import { callApi } from '../auth/api-client';
import { refusal, type Fetched } from '../shared/fetched';
import { loadPublish } from './publish.store';

/** The rate now and the prices at the rate shown (`proposed`). */
export type SilverRateView = Fetched<Omit<SilverRateResponse, 'success'>, true>;

/** What the page shows. */
export const $silverRate = atom<SilverRateView>({ status: 'loading' });
/** The rate box, as typed. */
export const $rateInput = atom('');
/** The rate box's message. */
export const $rateError = atom<string | null>(null);
/** The last "Set the rate" press: sending, done (with what it did), refused because something changed, or failed. */
export const $rateSave = atom<{ status: 'idle' | 'saving' | 'saved' | 'conflict' | 'error'; message: string | null }>({
  status: 'idle',
  message: null,
});

const FALLBACK = 'The silver rate could not be loaded. Please try again.';

/** Loads the prices at `rate` (the rate now when not given). */
async function fetchPrices(rate: number | null, fetchImpl?: typeof fetch): Promise<void> {
  const path = `${catalogueAdminApiPaths.adminCatalogueSilverRate}${rate === null ? '' : `?rate=${rate}`}`;
  const r = await callApi<SilverRateResponse>(path, { auth: true }, fetchImpl);
  if (!r.ok) return $silverRate.set(refusal(r, { fallback: FALLBACK, forbidden: true }));
  const { success: _ok, ...view } = r.data;
  $silverRate.set({ status: 'ready', ...view });
}

/** Opens the page: the rate now in the box and its prices. */
export async function loadSilverRate(fetchImpl?: typeof fetch): Promise<void> {
  $rateSave.set({ status: 'idle', message: null });
  await fetchPrices(null, fetchImpl);
  const view = $silverRate.get();
  if (view.status === 'ready') $rateInput.set(view.rate ? String(view.rate.rupeesPerGram) : '');
}

/** Changes the rate box (its message goes until the next check). */
export function setRateInput(value: string): void {
  $rateInput.set(value);
  $rateError.set(null);
}

/** Checks the box with the API's own rule, then shows the prices that rate gives. */
export async function showPrices(fetchImpl?: typeof fetch): Promise<void> {
  const typed = $rateInput.get().trim().replace(/,/g, '');
  const parsed = ApplySilverRateSchema.shape.rupeesPerGram.safeParse(typed === '' ? undefined : Number(typed));
  if (!parsed.success || !/^\d+(\.\d+)?$/.test(typed)) {
    $rateError.set(parsed.success ? 'Enter the rate in rupees a gram, e.g. 92.50' : parsed.error.issues[0]!.message);
    return;
  }
  $rateSave.set({ status: 'idle', message: null });
  await fetchPrices(parsed.data, fetchImpl);
}

/** Sets the rate shown and saves the prices shown, then has the Publish panel look again. */
export async function setRate(fetchImpl?: typeof fetch): Promise<void> {
  const view = $silverRate.get();
  if (view.status !== 'ready' || view.proposed === null) return;
  $rateSave.set({ status: 'saving', message: null });
  const r = await callApi<ApplySilverRateResponse>(
    catalogueAdminApiPaths.adminCatalogueSilverRate,
    {
      auth: true,
      body: {
        rupeesPerGram: view.proposed,
        rateVersion: view.rate?.version ?? 0,
        products: view.changes.map((c) => ({ id: c.id, version: c.version })),
      },
    },
    fetchImpl,
  );
  if (!r.ok) {
    if (r.status === 401) return $silverRate.set({ status: 'signed-out' });
    return $rateSave.set({
      status: r.status === 409 ? 'conflict' : 'error',
      message: r.message ?? 'The rate could not be set. Please try again.',
    });
  }
  const skipped = r.data.skipped.length
    ? ` Not repriced (saved by someone meanwhile; their next save prices them): ${r.data.skipped.join(', ')}.`
    : '';
  $rateSave.set({ status: 'saved', message: `${r.data.message}${skipped}` });
  await Promise.all([fetchPrices(null, fetchImpl), loadPublish(fetchImpl)]);
}
