/**
 * The admin's inventory page: every unit's stock (low ones first), a filter, the low-stock threshold, one
 * unit's change being edited (a new count, or pieces added or taken, with a reason), and the latest
 * recorded changes. The server decides who is an admin and checks every change again.
 */
import { atom, computed } from 'nanostores';
import {
  inventoryApiPaths,
  type AdminInventoryResponse,
  type InventorySettingsResponse,
  type StockChangeResponse,
  type StockChangesResponse,
  type StockLedgerResponse,
} from '@shared/api/inventory';
import { isLowStock, type InventoryUnit, type StockChange, type StockReason } from '@shared/inventory';
import { InventorySettingsSchema, StockChangeSchema } from '@shared/schemas/inventory';
import { callApi, type ApiOutcome } from '../auth/api-client';
import { fetchInto, refusal, type Fetched } from '../shared/fetched';

/** Where the page is. 'signed-out': no valid token; 'forbidden': signed in but not an admin. */
export type InventoryState = Fetched<{ units: InventoryUnit[]; threshold: number }, true>;

/** The units and the threshold, or why there are none. */
export const $inventory = atom<InventoryState>({ status: 'loading' });
/** Text that narrows the list (a name, a size or a SKU). */
export const $inventoryFilter = atom('');
/** The latest recorded changes across the shop. */
export const $stockChanges = atom<StockChange[]>([]);
/** The outcome of the last save, in words. */
export const $inventoryNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** A unit's change as typed: a count (mode 'set') or pieces to add (negative: take). */
export interface StockEdit {
  unit: string;
  mode: 'set' | 'adjust';
  value: string;
  reason: StockReason | '';
  note: string;
  /** The stock shown when editing began: a count is saved only if it is still this. */
  expected: number;
  error: string | null;
  saving: boolean;
}

/** The unit being changed, if any. */
export const $stockEdit = atom<StockEdit | null>(null);

/** One unit's stock history as its ledger has it, loading or loaded; null while no history is open. */
export const $unitHistory = atom<{ unit: string; state: Fetched<Omit<StockLedgerResponse, 'success'>, true> } | null>(null);

/** Opens a unit's history (every movement of its stock, newest first), or closes it when it is open already. */
export async function toggleHistory(unit: string, fetchImpl?: typeof fetch): Promise<void> {
  if ($unitHistory.get()?.unit === unit) return $unitHistory.set(null);
  $unitHistory.set({ unit, state: { status: 'loading' } });
  const r = await callApi<StockLedgerResponse>(
    `${inventoryApiPaths.adminStockLedger}?unit=${encodeURIComponent(unit)}`,
    { auth: true },
    fetchImpl,
  );
  // Another unit's history was opened (or this one closed) while this one loaded.
  if ($unitHistory.get()?.unit !== unit) return;
  if (!r.ok)
    return $unitHistory.set({
      unit,
      state: refusal(r, { fallback: 'The history could not be loaded. Please try again.', forbidden: true }),
    });
  const { success: _success, ...history } = r.data;
  $unitHistory.set({ unit, state: { status: 'ready', ...history } });
}

/** Closes the history. */
export function closeHistory(): void {
  $unitHistory.set(null);
}

/** Pieces a unit's stock differs from what its movements add up to (0: they agree). */
export const unexplainedPieces = (h: Pick<StockLedgerResponse, 'stock' | 'inFlight' | 'ledgerTotal'>): number =>
  h.stock + h.inFlight - h.ledgerTotal;

/** The units the filter matches, in the server's order (low stock first). */
export const $visibleUnits = computed([$inventory, $inventoryFilter], (state, filter) => {
  if (state.status !== 'ready') return [];
  const q = filter.trim().toLowerCase();
  if (!q) return state.units;
  return state.units.filter((u) => [u.name, u.size ?? '', u.sku ?? ''].some((text) => text.toLowerCase().includes(q)));
});

/** How many units are at or under the threshold. */
export const $lowCount = computed($inventory, (state) =>
  state.status === 'ready' ? state.units.filter((u) => isLowStock(u.stock, state.threshold)).length : 0,
);

/** Loads every unit and the latest changes. */
export async function loadInventory(fetchImpl?: typeof fetch): Promise<void> {
  let changes: ApiOutcome<StockChangesResponse> | undefined;
  const both = async () => {
    const [units, latest] = await Promise.all([
      callApi<AdminInventoryResponse>(inventoryApiPaths.adminInventory, { auth: true }, fetchImpl),
      callApi<StockChangesResponse>(inventoryApiPaths.adminStockChanges, { auth: true }, fetchImpl),
    ]);
    changes = latest;
    return units;
  };
  // A reload (after a save) keeps the list on screen until its answer.
  const r = await fetchInto($inventory, both, (data) => ({ units: data.units, threshold: data.lowStockThreshold }), {
    fallback: 'The stock could not be loaded. Please try again.',
    forbidden: true,
    showLoading: 'never',
  });
  if (r.ok && changes?.ok) $stockChanges.set(changes.data.changes);
}

/** Narrows the list. */
export function setInventoryFilter(text: string): void {
  $inventoryFilter.set(text);
}

/** Starts changing one unit (a count, by default, from the stock shown). */
export function editUnit(unit: InventoryUnit): void {
  $inventoryNotice.set(null);
  $stockEdit.set({
    unit: unit.unit,
    mode: 'set',
    value: String(unit.stock),
    reason: '',
    note: '',
    expected: unit.stock,
    error: null,
    saving: false,
  });
}

/** Changes a field of the edit. */
export function setEdit(patch: Partial<Pick<StockEdit, 'mode' | 'value' | 'reason' | 'note'>>): void {
  const edit = $stockEdit.get();
  if (edit) $stockEdit.set({ ...edit, ...patch, error: null });
}

/** Stops editing without saving. */
export function cancelEdit(): void {
  $stockEdit.set(null);
}

/** What the edit would make the stock, or null while the number is not a whole number. */
export function stockAfter(edit: StockEdit): number | null {
  if (!/^-?\d+$/.test(edit.value.trim())) return null;
  const n = Number(edit.value.trim());
  return edit.mode === 'set' ? n : edit.expected + n;
}

/** Replaces a unit in the list with its new stock. */
function replaceUnit(unit: InventoryUnit): void {
  const state = $inventory.get();
  if (state.status === 'ready') $inventory.set({ ...state, units: state.units.map((u) => (u.unit === unit.unit ? unit : u)) });
}

/** Saves the edit (checked with the server's own schema first); the list and the changes show what was saved. */
export async function saveEdit(fetchImpl?: typeof fetch): Promise<void> {
  const edit = $stockEdit.get();
  if (!edit || edit.saving) return;
  const n = Number(edit.value.trim());
  const body =
    edit.mode === 'set'
      ? { mode: 'set', unit: edit.unit, stock: n, expected: edit.expected, reason: edit.reason, note: edit.note }
      : { mode: 'adjust', unit: edit.unit, delta: n, reason: edit.reason, note: edit.note };
  const parsed = StockChangeSchema.safeParse(/^-?\d+$/.test(edit.value.trim()) ? body : { ...body, stock: NaN, delta: NaN });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return $stockEdit.set({ ...edit, error: issue?.message ?? 'Check the change.' });
  }
  $stockEdit.set({ ...edit, saving: true, error: null });
  const r = await callApi<StockChangeResponse>(inventoryApiPaths.adminInventory, { body: parsed.data, auth: true }, fetchImpl);
  if (!r.ok) {
    if (r.status === 401 || r.status === 403) {
      $stockEdit.set(null);
      return $inventory.set(refusal(r, { fallback: '', forbidden: true }));
    }
    // A count refused because the stock moved: the list is read again so the admin sees the stock now.
    if (r.status === 409) void loadInventory(fetchImpl);
    return $stockEdit.set({ ...edit, saving: false, error: r.message ?? 'The stock could not be saved. Please try again.' });
  }
  replaceUnit(r.data.unit);
  $stockChanges.set([r.data.change, ...$stockChanges.get()].slice(0, 50));
  // An open history of this unit shows the change just saved.
  if ($unitHistory.get()?.unit === edit.unit) {
    $unitHistory.set(null);
    void toggleHistory(edit.unit, fetchImpl);
  }
  $stockEdit.set(null);
  $inventoryNotice.set({
    kind: 'success',
    text: `${r.data.message}: ${r.data.change.name}${r.data.change.size ? ` (${r.data.change.size})` : ''}.`,
  });
}

/** Saves the low-stock threshold; the list is read again in its new order. */
export async function saveThreshold(value: string, fetchImpl?: typeof fetch): Promise<void> {
  const parsed = InventorySettingsSchema.safeParse({ lowStockThreshold: /^\d+$/.test(value.trim()) ? Number(value) : NaN });
  if (!parsed.success) return $inventoryNotice.set({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Check the threshold.' });
  const r = await callApi<InventorySettingsResponse>(
    inventoryApiPaths.adminInventorySettings,
    { method: 'PUT', body: parsed.data, auth: true },
    fetchImpl,
  );
  if (!r.ok) return $inventoryNotice.set({ kind: 'error', text: r.message ?? 'The threshold could not be saved.' });
  $inventoryNotice.set({ kind: 'success', text: `${r.data.message}.` });
  await loadInventory(fetchImpl);
}
