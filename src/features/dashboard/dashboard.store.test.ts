import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $customRange, $dashboard, $dashboardLoading, applyCustomRange, downloadTable, startDashboard } from './dashboard.store';
import { $token } from '../auth/token.store';

/** A dashboard answer for a range, with one day and nothing else. */
const answer = (from: string, to: string) => ({
  success: true,
  from,
  to,
  previousFrom: '2026-10-02',
  previousTo: '2026-10-31',
  totals: { discounts: { codes: [] } },
  previous: {},
  days: [{ day: from, orders: 2, salesPaise: 150_050, revenuePaise: 100_000, views: 7 }],
  topByRevenue: [],
  topByUnits: [],
  mostViewed: [],
  soldOut: [],
  lowStockSellingFast: [],
  lowStockThreshold: 3,
});

describe('the dashboard’s store', () => {
  beforeEach(() => $token.set('token-of-an-admin'));

  it('loads the range its address asks for, says when it is loading, and names a table’s CSV after that range', async () => {
    const fetchImpl = vi.fn(async () => Response.json(answer('2026-11-01', '2026-11-30')));
    const load = startDashboard('?from=2026-11-01&to=2026-11-30', fetchImpl as unknown as typeof fetch);
    expect($dashboardLoading.get()).toBe(true);
    await load;
    expect($dashboardLoading.get()).toBe(false);
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('/api/admin/dashboard?from=2026-11-01&to=2026-11-30');
    expect($dashboard.get().status).toBe('ready');
    const save = vi.fn();
    downloadTable('sales-per-day', save);
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('sales-per-day-2026-11-01-to-2026-11-30.csv');
    expect(await blob.text()).toBe('Day,Orders,Sales (₹),Revenue (₹),Product views\n2026-11-01,2,1500.50,1000.00,7\n');
  });

  it('says why two dates are not a range without asking the server', async () => {
    const fetchImpl = vi.fn();
    $customRange.set({ from: '2026-12-05', to: '2026-12-01', error: null });
    await applyCustomRange(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect($customRange.get().error).toBe('From must be on or before To');
  });
});
