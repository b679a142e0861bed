import { parse, type $ZodType, type output } from 'zod/v4/core';
import { AppError } from './errors';

/**
 * The id (`what`: 'order id', 'discount code') in a path like /api/admin/orders/{id}/status: the first capture group of `pattern` (matched
 * against the decoded path, case-insensitively, as Netlify matches routes), parsed with `schema`.
 */
export function pathId<S extends $ZodType>(req: Request, pattern: RegExp, schema: S, what = 'order id'): output<S> {
  const match = pattern.exec(new URL(req.url).pathname);
  if (!match?.[1]) throw new AppError(400, `Invalid request: the ${what} in the path is missing`);
  return parse(schema, match[1]);
}
