/**
 * /admin/accounts: the GST invoices of a range of days as a CSV file for the accountant (invoice numbers,
 * taxable value, CGST/SGST/IGST, place of supply, HSN 7113), one row per invoice.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { routes } from '@shared/routes';
import { loginPathReturningTo } from '../auth/return-to';
import { $token } from '../auth/token.store';
import { $accountsBusy, $accountsNotice, $accountsRange, downloadAccounts, setAccountsRange } from './admin-accounts.store';
import { adminRoutes } from '../back-office/admin-routes';
import './admin.css';

function AdminAccountsInner() {
  const token = useStore($token);
  const range = useStore($accountsRange);
  const notice = useStore($accountsNotice);
  const busy = useStore($accountsBusy);
  useEffect(() => {
    if (!token) location.replace(loginPathReturningTo(routes.login, adminRoutes.accounts));
  }, [token]);
  return (
    <div className="admin-orders">
      <h1>Accounts</h1>
      <p>
        Every GST tax invoice issued in these days (India’s dates, both included), one row per invoice, with its taxable value, CGST, SGST
        or IGST and place of supply, for filing GST returns. Invoices are numbered when first opened or printed.
      </p>
      <form
        className="admin-orders__tools"
        onSubmit={(e) => {
          e.preventDefault();
          void downloadAccounts();
        }}
      >
        <label className="admin-orders__field">
          <span>From</span>
          <input type="date" value={range.from} onChange={(e) => setAccountsRange('from', e.target.value)} />
        </label>
        <label className="admin-orders__field">
          <span>To</span>
          <input type="date" value={range.to} onChange={(e) => setAccountsRange('to', e.target.value)} />
        </label>
        <button type="submit" className="btn btn--sm" disabled={busy}>
          Download CSV
        </button>
      </form>
      {notice && <Notice kind={notice.kind} text={notice.text} />}
    </div>
  );
}

/** The /admin/accounts island. */
export default function AdminAccountsPage() {
  return (
    <ErrorBoundary>
      <AdminAccountsInner />
    </ErrorBoundary>
  );
}
