/**
 * The admin discounts page's state: the list of codes, the create/edit form (checked with the server's
 * schema before it is sent, messages by the fields), and pause / resume / end through
 * PATCH /api/admin/discounts/{code}/status. As on the orders page, the server decides who is an admin: a
 * 401 means sign in again, a 403 means this account is not an admin.
 */
import { atom, map } from 'nanostores';
import { discountsApiPaths, type AdminDiscountResponse, type AdminDiscountsResponse } from '@shared/api/discounts';
import type { DiscountCode, DiscountStatus } from '@shared/discounts';
import { callApi } from '../auth/api-client';
import { fetchInto, refusal, type Fetched, type NotAsked } from '../shared/fetched';
import { EMPTY_DISCOUNT_FORM, formFromCode, parseDiscountForm, type DiscountField, type DiscountForm } from './admin-discounts';

/** Where the list is. 'signed-out': no valid token; 'forbidden': signed in but not an admin. */
export type DiscountListState = Fetched<{ codes: DiscountCode[] }, true> | NotAsked;

/** The loaded codes, or why there are none. */
export const $discountList = atom<DiscountListState>({ status: 'idle' });

/** The form: closed, creating a code, or editing one (whose code cannot change). */
export const $discountForm = map<{
  mode: 'closed' | 'create' | 'edit';
  values: DiscountForm;
  errors: Partial<Record<DiscountField, string>>;
  saving: boolean;
  /** The server's refusal, when it is not about one field (a duplicate code, an ended code). */
  message: string | null;
}>({ mode: 'closed', values: EMPTY_DISCOUNT_FORM, errors: {}, saving: false, message: null });

/** The outcome of the last save or status change, in words. */
export const $discountNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** The code whose status is changing (its buttons wait), if any. */
export const $changingCode = atom<string | null>(null);

/** The code an admin has asked to end and not yet confirmed: ending is permanent, so it asks first. */
export const $confirmingEnd = atom<string | null>(null);

/** Loads every code. */
export async function loadDiscounts(fetchImpl?: typeof fetch): Promise<void> {
  // A reload keeps the codes on screen until its answer.
  await fetchInto(
    $discountList,
    () => callApi<AdminDiscountsResponse>(discountsApiPaths.adminDiscounts, { auth: true }, fetchImpl),
    (data) => ({ codes: data.codes }),
    { fallback: 'The codes could not be loaded. Please try again.', forbidden: true, showLoading: 'unless-ready' },
  );
}

/** Opens an empty form for a new code. */
export function openCreate(): void {
  $discountNotice.set(null);
  $discountForm.set({ mode: 'create', values: EMPTY_DISCOUNT_FORM, errors: {}, saving: false, message: null });
}

/** Opens the form on a code's current rules. */
export function openEdit(code: DiscountCode): void {
  $discountNotice.set(null);
  $discountForm.set({ mode: 'edit', values: formFromCode(code), errors: {}, saving: false, message: null });
}

/** Closes the form without saving. */
export function closeForm(): void {
  $discountForm.set({ mode: 'closed', values: EMPTY_DISCOUNT_FORM, errors: {}, saving: false, message: null });
}

/** Changes one field; its message goes until the next save tries again. */
export function setField<K extends DiscountField>(field: K, value: DiscountForm[K]): void {
  const form = $discountForm.get();
  const { [field]: _gone, ...errors } = form.errors;
  $discountForm.set({ ...form, values: { ...form.values, [field]: value }, errors });
}

/** Puts a saved code into the list (first when new) so the page shows what the server holds. */
function putInList(code: DiscountCode): void {
  const list = $discountList.get();
  if (list.status !== 'ready') return;
  const at = list.codes.findIndex((c) => c.code === code.code);
  $discountList.set({ status: 'ready', codes: at < 0 ? [code, ...list.codes] : list.codes.map((c, i) => (i === at ? code : c)) });
}

/**
 * Checks the form with the shared schema and, if it passes, creates or saves the code. Messages about a
 * field show by it; the server's other refusals show above the buttons. Returns whether it saved.
 */
export async function submitForm(fetchImpl?: typeof fetch): Promise<boolean> {
  const form = $discountForm.get();
  if (form.mode === 'closed' || form.saving) return false;
  const parsed = parseDiscountForm(form.values);
  if (!parsed.ok) {
    $discountForm.set({ ...form, errors: parsed.errors, message: null });
    return false;
  }
  $discountForm.set({ ...form, errors: {}, message: null, saving: true });
  const r =
    form.mode === 'create'
      ? await callApi<AdminDiscountResponse>(
          discountsApiPaths.adminDiscounts,
          { method: 'POST', body: parsed.input, auth: true },
          fetchImpl,
        )
      : await callApi<AdminDiscountResponse>(
          discountsApiPaths.adminDiscount(parsed.input.code),
          { method: 'PUT', body: parsed.input, auth: true },
          fetchImpl,
        );
  if (r.ok) {
    putInList(r.data.code);
    closeForm();
    $discountNotice.set({ kind: 'success', text: r.data.message });
    return true;
  }
  if (r.status === 401 || r.status === 403) {
    closeForm();
    $discountList.set(refusal(r, { fallback: '', forbidden: true }));
    return false;
  }
  const message = r.message ?? 'The code could not be saved. Please try again.';
  $discountForm.set({
    ...$discountForm.get(),
    saving: false,
    message,
    // A taken code is about the code box: say it there too.
    errors: r.status === 409 && form.mode === 'create' ? { code: message } : {},
  });
  return false;
}

/** Asks to end a code: the page shows a confirmation first. */
export function askToEnd(code: string): void {
  $discountNotice.set(null);
  $confirmingEnd.set(code);
}

/** Keeps the code going (the confirmation closes). */
export function cancelEnd(): void {
  $confirmingEnd.set(null);
}

/** Pauses, resumes ('active') or ends a code; the list shows what the server answered. */
export async function changeDiscountStatus(code: string, to: DiscountStatus, fetchImpl?: typeof fetch): Promise<boolean> {
  if ($changingCode.get()) return false;
  $changingCode.set(code);
  $confirmingEnd.set(null);
  $discountNotice.set(null);
  try {
    const r = await callApi<AdminDiscountResponse>(
      discountsApiPaths.adminDiscountStatus(code),
      { method: 'PATCH', body: { status: to }, auth: true },
      fetchImpl,
    );
    if (r.ok) {
      putInList(r.data.code);
      $discountNotice.set({ kind: 'success', text: r.data.message });
      return true;
    }
    if (r.status === 401 || r.status === 403) {
      $discountList.set(refusal(r, { fallback: '', forbidden: true }));
      return false;
    }
    $discountNotice.set({ kind: 'error', text: r.message ?? 'The status could not be changed. Please try again.' });
    return false;
  } finally {
    $changingCode.set(null);
  }
}
