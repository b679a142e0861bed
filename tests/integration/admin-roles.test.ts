import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { usersRepository } from '@server/repositories/users.repository';
import me from '@functions/me';
import adminInventory from '@functions/admin_inventory';

setupTestDatabase();

const dir = new URL('../../netlify/functions/', import.meta.url);
const SAMPLE = { id: '0123456789abcdef01234567', code: 'DIWALI10' } as const;

/**
 * Every function that only admins may call, each with the methods it answers: found by reading the source
 * (`requireRole(req, 'admin')`), so a new admin-only function is covered without touching this file.
 */
const adminOnly = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && /requireRole\(req, 'admin'\)/.test(readFileSync(new URL(f, dir), 'utf8')))
  .map((file) => {
    const source = readFileSync(new URL(file, dir), 'utf8');
    const methods = /methods: \[([^\]]+)\]/.exec(source)?.[1]?.match(/[A-Z]+/g) ?? ['GET'];
    return { file, methods };
  });

type Caller = { who: string; token?: string; status: number };
let callers: Caller[];

beforeAll(async () => {
  const editor = await makeStaff('editor');
  const shopper = await makeShopper();
  callers = [
    { who: 'an editor', token: editor.token, status: 403 },
    { who: 'a shopper', token: shopper.token, status: 403 },
    { who: 'nobody', status: 401 },
  ];
});

/** A request to a function's own path (its parameters filled in) by a caller, with an empty JSON body when it writes. */
async function callAs(file: string, method: string, token?: string) {
  const mod = (await import(new URL(file, dir).href)) as { default: (req: Request) => Promise<Response>; config: { path: string } };
  const path = mod.config.path.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE[name as keyof typeof SAMPLE] ?? 'sample');
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
  if (token) headers['authorization'] = `Bearer ${token}`;
  return call(mod.default, path, { method, headers, body: method === 'GET' ? undefined : '{}' });
}

describe('admin-only functions', () => {
  it('are found (the list is read from the source)', () => {
    expect(adminOnly.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'admin_accounts.ts',
        'admin_inventory.ts',
        'admin_order_refunds.ts',
        'get_order_all.ts',
        'admin_discounts.ts',
      ]),
    );
    expect(adminOnly.length).toBeGreaterThanOrEqual(14);
  });

  it('refuse an editor and a shopper (403) and a signed-out caller (401), whatever the method', async () => {
    for (const { file, methods } of adminOnly)
      for (const method of methods)
        for (const { who, token, status } of callers) {
          const r = await callAs(file, method, token);
          expect(r.status, `${method} ${file} as ${who}`).toBe(status);
          expect(r.body, `${method} ${file} as ${who}`).toMatchObject({ success: false });
        }
  });

  it('says why: admins only, or sign in', async () => {
    const [editor, , nobody] = callers;
    expect((await callAs('admin_inventory.ts', 'GET', editor!.token)).body.message).toBe('Only shop admins can do this.');
    expect((await callAs('admin_inventory.ts', 'GET', nobody!.token)).body.message).toBe('Please sign in to continue.');
  });
});

describe('roles on the user record', () => {
  it('apply at once: an editor made admin may call admin functions, and revoked may not', async () => {
    const staff = await makeStaff('editor');
    expect((await call(adminInventory, '/api/admin/inventory', { headers: { authorization: `Bearer ${staff.token}` } })).status).toBe(403);
    await usersRepository.setRole(staff.phone, 'admin');
    expect((await call(adminInventory, '/api/admin/inventory', { headers: { authorization: `Bearer ${staff.token}` } })).status).toBe(200);
    await usersRepository.setRole(staff.phone, 'customer');
    expect((await call(adminInventory, '/api/admin/inventory', { headers: { authorization: `Bearer ${staff.token}` } })).status).toBe(403);
  });

  it('are told to the browser, so the back office menu shows only what the role may use', async () => {
    const editor = await makeStaff('editor');
    const r = await call(me, '/api/me', { headers: { authorization: `Bearer ${editor.token}` } });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).toContain('"role":"editor"');
  });
});
