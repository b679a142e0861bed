import { parse } from 'zod/v4/core';
import { IdempotencyKeySchema } from '@shared/schemas/checkout';

/** The request's Idempotency-Key (a UUID), or null when none was sent; a malformed one is a 400. */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers.get('idempotency-key');
  return raw === null ? null : parse(IdempotencyKeySchema, raw.trim()).toLowerCase();
}
