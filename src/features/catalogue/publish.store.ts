/**
 * Publish in the back office: what is waiting to go live, the publish under way (followed every few seconds until
 * it is live or failed), the log, and the Publish action. The server decides everything; this store asks and shows.
 */
import { atom } from 'nanostores';
import {
  catalogueAdminApiPaths,
  type CataloguePublish,
  type PendingHome,
  type PendingListing,
  type PendingProduct,
  type PublishStartResponse,
  type PublishStatusResponse,
} from '@shared/api/catalogue-admin';
import { callApi } from '../auth/api-client';
import { publishedWhat } from '@shared/labels';
import { fetchInto, type Fetched } from '../shared/fetched';

/** What the Publish panel shows. */
export type PublishView = Fetched<
  {
    pending: PendingProduct[];
    listings: PendingListing[];
    home: PendingHome | null;
    running: CataloguePublish | null;
    log: CataloguePublish[];
  },
  true
>;

/** The panel's data. */
export const $publish = atom<PublishView>({ status: 'loading' });
/** The last Publish press's outcome, in words, and whether one is being sent. */
export const $publishNotice = atom<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);
/** True while a Publish press is on its way. */
export const $publishSending = atom(false);

/** How often a running publish is asked about. */
export const PUBLISH_POLL_MS = 2_000;

let timer: ReturnType<typeof setTimeout> | null = null;
/** Called when a publish the page watched ends (the product list reloads its "changed" marks). */
let onEnded: (() => void) | null = null;

/** What a finished publish says in the notice. */
function endNotice(p: CataloguePublish): { kind: 'success' | 'error' | 'info'; text: string } {
  const what =
    p.products.length || p.home || p.listings.length
      ? publishedWhat({ products: p.products.length, home: p.home !== null, listings: p.listings })
      : 'the pages';
  if (p.state === 'live') return { kind: 'success', text: `Published: ${what} live. ${p.message ?? ''}`.trim() };
  if (p.state === 'triggered') return { kind: 'info', text: `Published ${what}. ${p.message ?? ''}`.trim() };
  return { kind: 'error', text: `Publishing failed. ${p.message ?? ''}`.trim() };
}

/**
 * Loads the panel; while a publish runs, asks again every PUBLISH_POLL_MS (each ask also moves the publish on
 * server-side), and when the one being watched ends says how it ended.
 */
export async function loadPublish(fetchImpl?: typeof fetch): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const before = $publish.get();
  const watching = before.status === 'ready' ? before.running : null;
  const r = await fetchInto(
    $publish,
    () => callApi<PublishStatusResponse>(catalogueAdminApiPaths.adminCataloguePublish, { auth: true }, fetchImpl),
    (d) => ({ pending: d.pending, listings: d.listings, home: d.home, running: d.running, log: d.log }),
    { fallback: 'What is waiting to be published could not be loaded.', forbidden: true, showLoading: 'unless-ready' },
  );
  if (!r.ok) return;
  if (watching && r.data.running?.id !== watching.id) {
    const ended = r.data.log.find((p) => p.id === watching.id);
    if (ended) $publishNotice.set(endNotice(ended));
    onEnded?.();
  }
  if (r.data.running) timer = setTimeout(() => void loadPublish(fetchImpl), PUBLISH_POLL_MS);
}

/** Starts the panel; `ended` runs whenever a watched publish ends. */
export function startPublishPanel(ended: () => void, fetchImpl?: typeof fetch): Promise<void> {
  onEnded = ended;
  return loadPublish(fetchImpl);
}

/** Publish: sends how many changes the editor was shown, and follows the publish that starts (or the one it waits for). */
export async function publishNow(fetchImpl?: typeof fetch): Promise<void> {
  const view = $publish.get();
  if (view.status !== 'ready' || $publishSending.get()) return;
  $publishSending.set(true);
  $publishNotice.set(null);
  try {
    const r = await callApi<PublishStartResponse>(
      catalogueAdminApiPaths.adminCataloguePublish,
      {
        method: 'POST',
        auth: true,
        body: {
          products: view.pending.map((p) => ({ id: p.id, version: p.version })),
          listings: view.listings.map((l) => ({ id: l.id, version: l.version })),
          home: view.home?.version ?? null,
        },
      },
      fetchImpl,
    );
    $publishNotice.set(
      r.ok ? { kind: 'info', text: r.data.message } : { kind: 'error', text: r.message ?? 'Publishing could not start. Please try again.' },
    );
    if (r.ok) $publish.set({ ...view, running: r.data.publish });
  } finally {
    $publishSending.set(false);
  }
  await loadPublish(fetchImpl);
}

/** Stops following (the page is leaving). */
export function stopPublishPanel(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  onEnded = null;
}
