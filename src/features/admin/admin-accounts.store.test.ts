import { describe, expect, it, vi } from 'vitest';
import { $accountsNotice, downloadAccounts, monthSoFar, setAccountsRange } from './admin-accounts.store';

describe('the accounts download', () => {
  it('defaults to this month so far, in India’s dates', () => {
    expect(monthSoFar(new Date('2026-11-30T20:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(monthSoFar(new Date('2026-11-25T06:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });

  it('saves the server’s file under its name and says how many invoices it holds', async () => {
    setAccountsRange('from', '2026-11-01');
    setAccountsRange('to', '2026-11-25');
    const fetchImpl = vi.fn(
      async () =>
        new Response('Invoice number\nINV/2026-27/000001\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="gst-invoices-2026-11-01-to-2026-11-25.csv"', 'x-invoice-count': '1' },
        }),
    );
    const save = vi.fn();
    await downloadAccounts(fetchImpl as unknown as typeof fetch, save);
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('/api/admin/accounts?from=2026-11-01&to=2026-11-25');
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'gst-invoices-2026-11-01-to-2026-11-25.csv');
    expect($accountsNotice.get()).toEqual({ kind: 'success', text: '1 invoice saved as gst-invoices-2026-11-01-to-2026-11-25.csv.' });
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    setAccountsRange('from', '2026-11-25');
    setAccountsRange('to', '2026-11-01');
    const fetchImpl = vi.fn();
    await downloadAccounts(fetchImpl as unknown as typeof fetch, vi.fn());
    expect(fetchImpl).not.toHaveBeenCalled();
    expect($accountsNotice.get()).toEqual({ kind: 'error', text: 'From must be on or before To' });
  });
});
