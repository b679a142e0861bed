import type { Config } from '@netlify/functions';
import type { AdminProductDraftResponse, AdminProductsResponse } from '@shared/api/catalogue-admin';
import { CreateDraftSchema, ProductListQuerySchema } from '@shared/schemas/catalogue-admin';
import { parse } from 'zod/v4/core';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { catalogueEditorService } from '@server/services/catalogue-editor.service';

/**
 * GET /api/admin/catalogue/products?search=&status=&category=&subcategory=&lowStock=&noPhoto=&page=&pageSize=
 * (editors and admins): the back office's product list. POST: a new product's first draft (not live until published).
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    if (req.method === 'POST') {
      const { product } = await jsonBody(req, CreateDraftSchema, { maxBytes: 65_536 });
      const draft = await catalogueEditorService.create(user, product);
      return json({ success: true, message: `${draft.product.name} is saved as a draft.`, draft } satisfies AdminProductDraftResponse, {
        status: 201,
      });
    }
    const query = parse(ProductListQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    const { products, total } = await catalogueEditorService.list(query);
    return json({ success: true, products, total, page: query.page, pageSize: query.pageSize } satisfies AdminProductsResponse);
  },
  { methods: ['GET', 'POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/products' };
