import type { Config } from '@netlify/functions';
import type { GetOrderAllResponse } from '@shared/api/orders';
import { AdminOrdersQuerySchema } from '@shared/schemas/admin';
import { parse } from 'zod/v4/core';
import { handle, json } from '@server/http';
import { adminOrdersService } from '@server/services/admin-orders.service';
import { authService } from '@server/services/auth.service';

/**
 * GET /api/get_order-all?status=&search=&from=&to=&payment=&sale=&page=&pageSize= (admins only): every order,
 * filtered and paged on the server; `from`/`to` are India days placed, `payment` online or cod, `sale=yes` sales only.
 */
export default handle(async (req) => {
  await authService.requireRole(req, 'admin');
  const query = parse(AdminOrdersQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const { orders, total } = await adminOrdersService.list(query);
  return json({ success: true, getOrder: orders, total, page: query.page, pageSize: query.pageSize } satisfies GetOrderAllResponse);
});

export const config: Config = { path: '/api/get_order-all' };
