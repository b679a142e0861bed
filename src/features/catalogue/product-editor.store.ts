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
  type CatalogueOptionsResponse,
} from '../../shared/api/catalogue-admin';
import { callApi } from '../auth/api-client';
import { refusal, type Fetched } from '../shared/fetched';
import { catalogueRoutes } from './catalogue-routes';
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
  $catalogueOptions.set({
    categories: options.data.categories,
    subcategories: options.data.subcategories,
    collections: options.data.collections,
  });
  if (!id) {
    $productForm.set(emptyForm());
    return $editor.set({ status: 'ready', draft: null });
  }
  const r = await callApi<AdminProductDraftResponse>(catalogueAdminApiPaths.adminCatalogueProduct(id), { auth: true }, fetchImpl);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) return $editor.set({ status: 'missing' });
    return $editor.set(refusal(r, { fallback: 'The product could not be loaded. Please try again.', forbidden: true }));
  }
  $productForm.set(formFromProduct(r.data.draft.product, categoryOf));
  $editor.set({ status: 'ready', draft: r.data.draft });
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
 * Saves the draft: checks the form with the product schema first (messages by field, nothing sent), then
 * creates a new product's first draft or saves over the version loaded. A new product's page becomes its own.
 */
export async function saveDraft(fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  if (state.status !== 'ready' || $saveState.get().status === 'saving') return;
  const checked = checkForm($productForm.get());
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
  if (!r.ok) {
    if (r.status === 401) return $editor.set({ status: 'signed-out' });
    $saveState.set({
      status: r.status === 409 && r.message?.includes('after you opened it') ? 'conflict' : 'error',
      message: r.message ?? 'The draft could not be saved. Please try again.',
    });
    return;
  }
  $editor.set({ status: 'ready', draft: r.data.draft });
  $productForm.set(formFromProduct(r.data.draft.product, categoryOf));
  $saveState.set({ status: 'saved', message: `${r.data.message} The live shop is unchanged until the draft is published.` });
  // A new product now has an address of its own: reloading or sharing it opens this draft.
  if (!draft && typeof history !== 'undefined') history.replaceState(null, '', catalogueRoutes.product(r.data.draft._id));
}

/** Loads the product again (after a conflict: the other person's save), dropping what was typed. */
export function reloadProduct(fetchImpl?: typeof fetch): Promise<void> {
  const state = $editor.get();
  return loadEditor(state.status === 'ready' && state.draft ? state.draft._id : null, fetchImpl);
}
