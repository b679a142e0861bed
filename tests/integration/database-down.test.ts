import { describe, expect, it } from 'vitest';
import { call } from '../setup/test-db';
import { freePort } from '../../scripts/lib/ferretdb';
import { closeDb } from '@server/db';
import { resetEnvForTests } from '@server/env';
import getCategory from '@functions/get_category';
import getProducts from '@functions/get_products';

describe('when the database is unreachable', () => {
  it('answers 503 with a clear JSON message, quickly, and recovers nothing half-done', async () => {
    process.env.MONGODB_URI = `mongodb://127.0.0.1:${await freePort()}/`;
    process.env.MONGODB_DB = 'unreachable';
    resetEnvForTests();
    const started = Date.now();
    const r = await call(getCategory, '/api/get_category');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ success: false, message: expect.stringMatching(/database unreachable/) });
    expect(r.headers.get('cache-control')).toBe('no-store');
    // The connection's own short timeout, not the driver's default of 30 s: the bound leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await call(getProducts, '/api/getProducts/lotus-ring')).status).toBe(503);
    await closeDb();
  });

  it('fails fast with a readable message when MONGODB_URI is missing', async () => {
    delete process.env.MONGODB_URI;
    resetEnvForTests();
    const r = await call(getCategory, '/api/get_category');
    expect(r.status).toBe(500);
    expect(r.body.success).toBe(false);
  });
});
