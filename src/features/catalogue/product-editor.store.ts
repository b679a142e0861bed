/**
 * One product being edited: its form values, the messages by field, and saving the draft over the version
 * loaded. A save someone else made first comes back as a conflict naming them, with Reload offered; nothing is
 * overwritten. Saving never changes the live shop.
 */
import { atom } from 'nanostores';
import {
  catalogueAdminApiPaths,
  type AdminProductDraft,
  type AdminProductDraftResponse,
  type AdminProductHistoryResponse,
  type AdminProductVersion,
  type CatalogueOptionsResponse,
} from '@shared/api/catalogue-admin';
import { PRODUCT_LABELS } from '@shared/schemas/product';
import type { StockChangeResponse } from '@shared/api/inventory';
import type { StockReason } from '@shared/inventory';
import { StockChangeSchema } from '@shared/schemas/inventory';
import { callApi, type ApiOutcome } from '../auth/api-client';
import { refusal, type Fetched } from '../shared/fetched';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { $catalogueOptions } from './products-list.store';
import { checkForm, emptyForm, emptySizeRow, formFromProduct, type AttributeRow, type ProductForm, type SizeRow } from './product-form';

/** The product loaded: its id (null for a new one), version, live stock and who saved it last. */
export type EditorState = Fetched<{ draft: AdminProductDraft | null }, true> | { status: 'missing' };

/** What the editor is showing. */
export const $editor = atom<EditorState>({ status: 'loading' });
/** The form's values. */
export const $productForm = atom<ProductForm>(emptyForm());
/** Messages by field name ('price', 'sizes.0.stock'). */
export const $productErrors = atom<Record<string, string>>({});
/** The last save: saving, saved, refused because someone saved first (conflict), or another error. */
export const $saveState = atom<{ status: 'idle' | 'saving' | 'saved' | 'conflict' | 'error'; message: string | null }>({
  status: 'idle',
  message: null,
});

/** The category of a subcategory (from the options loaded). */
const categoryOf = (subcategory: string) => $catalogueOptions.get().subcategories.find((s) => s.slug === subcategory)?.category ?? '';

/** Loads the form's choices, then the product (`id` null: a new product's empty form). */
export async function loadEditor(id: string | null, fetchImpl?: typeof fetch): Promise<void> {
  $saveState.set({ status: 'idle', message: null });
  $productErrors.set({});
  const options = await callApi<CatalogueOptionsResponse>(catalogueAdminApiPaths.adminCatalogueOptions, { auth: true }, fetchImpl);
  if (!options.ok)
    return $editor.set(refusal(options, { fallback: 'The product could not be loaded. Please try again.', forbidden: true }));
  const { success: _ok, ...choices } = options.data;
  $catalogueOptions.set(choices);
  if (!id) {
    $productForm.set(emptyForm());
    return $editor.set({ status: 'ready', draft: null });
  }
  const r = await callApi<AdminProductDraftResponse>(catalogueAdminApiPaths.adminCatalogueProduct(id), { auth: true }, fetchImpl);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) return $editor.set({ status: 'missing' });
    return $editor.set(refusal(r, { fallback: 'The product could not be loaded. Please try again.', forbidden: true }));
  }
  $productForm.set(formFromProduct(r.data.draft.product, categoryOf, r.data.draft.imageUrls));
  $liveStockEdit.set(null);
  $liveStockNotice.set(null);
  $editor.set({ status: 'ready', draft: r.data.draft });
  await loadHistory(fetchImpl);
}

/** Changes one field (its message goes until the next save). */
export function setField<K extends keyof ProductForm>(name: K, value: ProductForm[K]): void {
  const form = { ...$productForm.get(), [name]: value };
  // A new category leaves a subcategory of another category unchosen.
  if (name === 'category' && categoryOf(form.subcategory) !== value) form.subcategory = '';
  // Choosing sizes starts with one row; choosing none keeps the rows out of what is saved.
  if (name === 'sizeKind' && value && form.sizes.length === 0) form.sizes = [emptySizeRow()];
  $productForm.set(form);
  const { [name]: _gone, ...rest } = $productErrors.get();
  $productErrors.set(rest);
}

/** Changes one size row. */
export function setSizeRow(index: number, patch: Partial<SizeRow>): void {
  const form = $productForm.get();
  setField(
    'sizes',
    form.sizes.map((row, i) => (i === index ? { ...row, ...patch } : row)),
  );
}

/** Adds an empty size row. */
export function addSizeRow(): void {
  setField('sizes', [...$productForm.get().sizes, emptySizeRow()]);
}

/** Removes a size row. */
export function removeSizeRow(index: number): void {
  setField(
    'sizes',
    $productForm.get().sizes.filter((_, i) => i !== index),
  );
}

/** Changes, adds (index = length) or removes (null) a filter field. */
export function setAttribute(index: number, row: AttributeRow | null): void {
  const rows = [...$productForm.get().attributes];
  if (row === null) rows.splice(index, 1);
  else rows[index] = row;
  setField('attributes', rows);
}

/** Turns a collection on or off. */
export function toggleCollection(slug: string, on: boolean): void {
  const current = $productForm.get().collections.filter((c) => c !== slug);
  setField('collections', on ? [...current, slug] : current);
}

/**
 * What a save or a restore answered: the saved draft into the form (and its versions reloaded), or the refusal
 * (a save by someone else since is a conflict, offering to reload). Returns whether it was saved.
 */
function showSaved(
  r: ApiOutcome<AdminProductDraftResponse>,
  fallback: string,
  fetchImpl?: typeof fetch,
): r is { ok: true; status: number; data: AdminProductDraftResponse } {
  if (!r.ok) {
    if (r.status === 401) $editor.set({ status: 'signed-out' });
    else
      $saveState.set({
        status: r.status === 409 && r.message?.includes('after you opened it') ? 'conflict' : 'error',
        message: r.message ?? fallback,
      });
    return false;
  }
  $editor.set({ status: 'ready', draft: r.data.draft });
  $productForm.set(formFromProduct(r.data.draft.product, categoryOf, r.data.draft.imageUrls));
  void loadHistory(fetchImpl);
  return true;
}

/**
 * Saves the draft: checks the form with the product schema first (messages by field, nothing sent), then
 * creates a new product's first draft or saves over the version loaded. A new product's page becomes its own.
 */
export async function saveDraft(fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  if (state.status !== 'ready' || $saveState.get().status === 'saving') return;
  const checked = checkForm($productForm.get(), $catalogueOptions.get().silverRate);
  if (!checked.ok) {
    $productErrors.set(checked.errors);
    $saveState.set({ status: 'error', message: 'Some fields need a change before the draft can be saved.' });
    return;
  }
  $productErrors.set({});
  $saveState.set({ status: 'saving', message: null });
  const draft = state.draft;
  const r = draft
    ? await callApi<AdminProductDraftResponse>(
        catalogueAdminApiPaths.adminCatalogueProduct(draft._id),
        { method: 'PUT', auth: true, body: { version: draft.version, product: checked.product } },
        fetchImpl,
      )
    : await callApi<AdminProductDraftResponse>(
        catalogueAdminApiPaths.adminCatalogueProducts,
        { method: 'POST', auth: true, body: { product: checked.product } },
        fetchImpl,
      );
  if (!showSaved(r, 'The draft could not be saved. Please try again.', fetchImpl)) return;
  $saveState.set({ status: 'saved', message: `${r.data.message} The live shop is unchanged until the draft is published.` });
  // A new product now has an address of its own: reloading or sharing it opens this draft.
  if (!draft && typeof history !== 'undefined') history.replaceState(null, '', catalogueRoutes.product(r.data.draft._id));
}

/** Loads the product again (after a conflict: the other person's save), dropping what was typed. */
export function reloadProduct(fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  return loadEditor(state.status === 'ready' && state.draft ? state.draft._id : null, fetchImpl);
}

/** A live unit's stock being changed from the form: the new count as typed and why. */
export interface LiveStockEdit {
  /** '' for a product without sizes, else the size. */
  size: string;
  value: string;
  reason: StockReason | '';
  error: string | null;
  saving: boolean;
}

/** The live unit whose stock is being changed, if any. */
export const $liveStockEdit = atom<LiveStockEdit | null>(null);
/** The outcome of the last stock change, in words. */
export const $liveStockNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** Starts changing a live unit's stock (a count, from the stock shown). */
export function editLiveStock(size: string): void {
  const state = $editor.get();
  const shown = state.status === 'ready' ? state.draft?.liveStock?.[size] : undefined;
  if (shown === undefined) return;
  $liveStockNotice.set(null);
  $liveStockEdit.set({ size, value: String(shown), reason: '', error: null, saving: false });
}

/** Changes the count or the reason being typed. */
export function setLiveStockEdit(patch: Partial<Pick<LiveStockEdit, 'value' | 'reason'>>): void {
  const edit = $liveStockEdit.get();
  if (edit) $liveStockEdit.set({ ...edit, ...patch, error: null });
}

/** Stops changing stock without saving. */
export function cancelLiveStock(): void {
  $liveStockEdit.set(null);
}

/**
 * Saves the new count through the inventory's rules: only if the stock is still what the form showed (an order
 * meanwhile makes it a 409 saying what it is now), with a reason, recorded with who and when. Not part of the
 * draft: stock is live at once.
 */
export async function saveLiveStock(fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  const edit = $liveStockEdit.get();
  if (state.status !== 'ready' || !state.draft?.liveStock || !edit || edit.saving) return;
  const draft = state.draft;
  const expected = draft.liveStock![edit.size]!;
  const body = {
    mode: 'set' as const,
    unit: edit.size ? `${draft._id}:${edit.size}` : draft._id,
    stock: /^\d+$/.test(edit.value.trim()) ? Number(edit.value.trim()) : edit.value,
    expected,
    reason: edit.reason,
  };
  const checked = StockChangeSchema.safeParse(body);
  if (!checked.success) return $liveStockEdit.set({ ...edit, error: checked.error.issues[0]?.message ?? 'Check the count' });
  $liveStockEdit.set({ ...edit, saving: true });
  const r = await callApi<StockChangeResponse>(
    catalogueAdminApiPaths.adminCatalogueProductStock(draft._id),
    { method: 'POST', auth: true, body: checked.data },
    fetchImpl,
  );
  if (!r.ok) {
    if (r.status === 401) return $editor.set({ status: 'signed-out' });
    return $liveStockEdit.set({ ...edit, saving: false, error: r.message ?? 'The stock could not be saved. Please try again.' });
  }
  $editor.set({ status: 'ready', draft: { ...draft, liveStock: { ...draft.liveStock, [edit.size]: r.data.unit.stock } } });
  $liveStockEdit.set(null);
  $liveStockNotice.set({ kind: 'success', text: `${r.data.message}${edit.size ? ` (size ${edit.size})` : ''}. Shoppers see it at once.` });
}

/** The product's saved versions, newest first (empty for a product nobody has saved a draft of). */
export const $productHistory = atom<AdminProductVersion[]>([]);

/** Loads the saved versions of the product open in the form. */
export async function loadHistory(fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  if (state.status !== 'ready' || !state.draft || state.draft.version === 0) return $productHistory.set([]);
  const r = await callApi<AdminProductHistoryResponse>(
    catalogueAdminApiPaths.adminCatalogueProductHistory(state.draft._id),
    { auth: true },
    fetchImpl,
  );
  if (r.ok) $productHistory.set(r.data.versions);
}

/**
 * Restores a saved version as a new draft (over the version loaded: a save by someone else since is a conflict,
 * as for Save draft). What was typed and not saved is replaced by the restored version.
 */
export async function restoreVersion(restore: number, fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  if (state.status !== 'ready' || !state.draft || $saveState.get().status === 'saving') return;
  $saveState.set({ status: 'saving', message: null });
  const r = await callApi<AdminProductDraftResponse>(
    catalogueAdminApiPaths.adminCatalogueProductHistory(state.draft._id),
    { method: 'POST', auth: true, body: { version: state.draft.version, restore } },
    fetchImpl,
  );
  if (!showSaved(r, 'The version could not be restored. Please try again.', fetchImpl)) return;
  $productErrors.set({});
  $saveState.set({ status: 'saved', message: r.data.message });
}

/** What a version changed, in the form's labels: 'Price, SEO title'. */
export function changedLabels(changed: readonly string[]): string {
  const labels: Record<string, string> = {
    ...PRODUCT_LABELS,
    image: 'Photos',
    imageAlt: 'Photo alt text',
    dynamicFields: 'Product details',
  };
  return changed.map((field) => labels[field] ?? field).join(', ') || 'nothing';
}
