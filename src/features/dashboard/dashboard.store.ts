/**
 * The owner's dashboard: the range being looked at (kept in the address, so Back and a bookmark show it again),
 * its figures as the server counted them, and a custom range being typed. The server decides who is an admin.
 */
import { atom } from 'nanostores';
import { dashboardApiPaths, type DashboardResponse } from '@shared/api/dashboard';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';
import { saveFile } from '../shared/save-file';
import {
  csvName,
  customRangeProblem,
  presetRange,
  rangeFromSearch,
  searchOfRange,
  tableCsv,
  type DashboardRange,
  type DashboardTable,
  type RangePreset,
} from './dashboard';

/** The figures of the range shown, or why there are none. */
export type DashboardState = Fetched<{ data: Omit<DashboardResponse, 'success'> }, true>;

/** The figures. */
export const $dashboard = atom<DashboardState>({ status: 'loading' });
/** True while figures are on their way (the ones shown stay until they come). */
export const $dashboardLoading = atom(false);
/** The range shown. */
export const $dashboardRange = atom<DashboardRange>(presetRange('7d'));
/** The custom range's dates as typed, and why they cannot be shown yet. */
export const $customRange = atom<{ from: string; to: string; error: string | null }>({ from: '', to: '', error: null });

/** Which load is the latest: an answer to an older one (the owner clicked on) is dropped. */
let loads = 0;

/** Loads the figures of the range shown. */
export async function loadDashboard(fetchImpl?: typeof fetch): Promise<void> {
  const { from, to } = $dashboardRange.get();
  const mine = ++loads;
  $dashboardLoading.set(true);
  await fetchInto(
    $dashboard,
    () => callApi<DashboardResponse>(`${dashboardApiPaths.adminDashboard}?from=${from}&to=${to}`, { auth: true }, fetchImpl),
    ({ success: _success, ...data }) => ({ data }),
    {
      fallback: 'The figures could not be loaded. Please try again.',
      forbidden: true,
      showLoading: 'unless-ready',
      current: () => mine === loads,
    },
  );
  if (mine === loads) $dashboardLoading.set(false);
}

/** Starts the page on the range its address asks for. */
export function startDashboard(search: string, fetchImpl?: typeof fetch): Promise<void> {
  const range = rangeFromSearch(search);
  $dashboardRange.set(range);
  $customRange.set({ from: range.from, to: range.to, error: null });
  return loadDashboard(fetchImpl);
}

/** Shows a range: remembered in the address (a new history entry) and loaded. */
function show(range: DashboardRange, fetchImpl?: typeof fetch): Promise<void> {
  $dashboardRange.set(range);
  if (typeof history !== 'undefined') history.pushState(null, '', `${location.pathname}${searchOfRange(range)}`);
  return loadDashboard(fetchImpl);
}

/** Picks a preset range; 'custom' only opens the two dates (shown once they are a range). */
export function pickPreset(preset: RangePreset, fetchImpl?: typeof fetch): Promise<void> | void {
  if (preset === 'custom') {
    const { from, to } = $dashboardRange.get();
    $customRange.set({ from, to, error: null });
    $dashboardRange.set({ ...$dashboardRange.get(), preset: 'custom' });
    return;
  }
  return show(presetRange(preset), fetchImpl);
}

/** Types one of the custom range's dates. */
export function setCustomDate(which: 'from' | 'to', value: string): void {
  $customRange.set({ ...$customRange.get(), [which]: value, error: null });
}

/** Shows the custom range typed, or says why it cannot. */
export function applyCustomRange(fetchImpl?: typeof fetch): Promise<void> | void {
  const { from, to } = $customRange.get();
  const error = customRangeProblem(from, to);
  if (error) return $customRange.set({ from, to, error });
  return show({ preset: 'custom', from, to }, fetchImpl);
}

/** Downloads one of the tables of the figures shown as a CSV file, named after their range. */
export function downloadTable(table: DashboardTable, save: (blob: Blob, filename: string) => void = saveFile): void {
  const state = $dashboard.get();
  if (state.status !== 'ready') return;
  save(new Blob([tableCsv(table, state.data)], { type: 'text/csv;charset=utf-8' }), csvName(table, state.data));
}
