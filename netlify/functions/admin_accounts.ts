import type { Config } from '@netlify/functions';
import { parse } from 'zod/v4/core';
import { AccountsQuerySchema } from '@shared/schemas/accounts';
import { handle } from '@server/http';
import { accountsService } from '@server/services/accounts.service';
import { authService } from '@server/services/auth.service';

/**
 * GET /api/admin/accounts?from=YYYY-MM-DD&to=YYYY-MM-DD (admins only): the GST invoices issued in those days
 * as a CSV file for the accountant (invoice numbers, taxable value, CGST/SGST/IGST, place of supply, HSN).
 */
export default handle(
  async (req) => {
    await authService.requireRole(req, 'admin');
    const query = parse(AccountsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    const { csv, filename, count } = await accountsService.invoicesCsv(query);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
        'X-Invoice-Count': String(count),
      },
    });
  },
  { methods: ['GET'] },
);

export const config: Config = { path: '/api/admin/accounts' };
