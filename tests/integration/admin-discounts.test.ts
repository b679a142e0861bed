import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeShopper } from '../fixtures/shoppers';
import { usersRepository } from '@server/repositories/users.repository';
import { runDiscounts } from '../../scripts/lib/discounts-command';
import adminDiscounts from '@functions/admin_discounts';
import adminDiscount from '@functions/admin_discount';
import adminDiscountStatus from '@functions/admin_discount_status';
import { discountsApiPaths as paths } from '@shared/api/discounts';
import type { DiscountCodeDoc } from '@server/collections';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
const codes = () => client.db(name).collection<DiscountCodeDoc>('discount_codes');

const send = (method: string, token: string | null, body?: unknown): RequestInit => ({
  method,
  headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const get = (token: string | null): RequestInit => (token ? { headers: { authorization: `Bearer ${token}` } } : {});

let admin: Awaited<ReturnType<typeof makeShopper>>;
let shopper: Awaited<ReturnType<typeof makeShopper>>;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  admin = await makeShopper('Admin');
  await usersRepository.setRole(admin.phone, 'admin');
  shopper = await makeShopper('Meera');
  return () => client.close();
});

/** A valid percent code with a cap and both dates, in India's wall-clock time as the form sends them. */
const diwali = (code = 'DIWALI10') => ({
  code,
  kind: 'percent',
  value: 10,
  minOrder: 1000,
  maxOff: 500,
  validFrom: '2026-10-20T00:00',
  validTo: '2026-11-05T23:59',
  totalUses: 100,
  perShopperUses: 1,
  firstOrderOnly: false,
  note: 'Diwali mailer',
});

const create = (body: unknown, token = admin.token) => call(adminDiscounts, paths.adminDiscounts, send('POST', token, body));
const setStatus = (code: string, status: string, token = admin.token) =>
  call(adminDiscountStatus, paths.adminDiscountStatus(code), send('PATCH', token, { status }));

describe('admin discount codes', () => {
  it('are for admins only: 401 without a token, 403 for a shopper, on every call', async () => {
    const calls: [typeof adminDiscounts, string, (t: string | null) => RequestInit][] = [
      [adminDiscounts, paths.adminDiscounts, get],
      [adminDiscounts, paths.adminDiscounts, (t) => send('POST', t, diwali('NOPE10'))],
      [adminDiscount, paths.adminDiscount('NOPE10'), (t) => send('PUT', t, diwali('NOPE10'))],
      [adminDiscountStatus, paths.adminDiscountStatus('NOPE10'), (t) => send('PATCH', t, { status: 'paused' })],
    ];
    for (const [fn, path, init] of calls) {
      const anonymous = await call(fn, path, init(null));
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.success).toBe(false);
      const refused = await call(fn, path, init(shopper.token));
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toBe('Only shop admins can do this.');
    }
    expect(await codes().countDocuments({ _id: 'NOPE10' })).toBe(0);
  });

  it('refuse bad rules with messages that name the field', async () => {
    const over = await create({ ...diwali('BAD1'), value: 120 });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('A percentage must be at most 100');

    const capOnFlat = await create({ ...diwali('BAD2'), kind: 'flat', value: 200, maxOff: 50 });
    expect(capOnFlat.status).toBe(400);
    expect(capOnFlat.body.message).toContain('A cap applies to percentage codes only');

    const backwards = await create({ ...diwali('BAD3'), validFrom: '2026-11-05T10:00', validTo: '2026-11-01T10:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('Valid to must be after Valid from (the code would never apply)');

    const shortCode = await create({ ...diwali('X') });
    expect(shortCode.status).toBe(400);
    expect(shortCode.body.message).toContain('A discount code is 3 to 20 letters or digits');
    expect(await codes().countDocuments({})).toBe(0);
  });

  it('refuses numbers past their maximum and dates that are not on the calendar, storing nothing (issue #33)', async () => {
    const refused = async (body: unknown, message: string) => {
      const r = await create(body);
      expect(r).toMatchObject({ status: 400, body: { success: false } });
      expect(r.body.message).toContain(message);
    };
    await refused({ ...diwali('HUGE1'), kind: 'flat', value: 1e308, maxOff: null }, 'value is too large (at most ₹1,00,00,000)');
    await refused({ ...diwali('HUGE2'), minOrder: 1e308 }, 'Minimum order is too large');
    await refused({ ...diwali('HUGE3'), totalUses: 1e308 }, 'Total uses');
    await refused({ ...diwali('FEB30'), validFrom: '2026-02-30T10:00' }, 'validFrom: 30 February 2026 is not a date on the calendar');
    await refused({ ...diwali('APR31'), validTo: '2026-04-31T23:59' }, 'validTo: 31 April 2026 is not a date on the calendar');
    await refused({ ...diwali('YEAR0'), validFrom: '0000-01-01T00:00' }, 'validFrom: the year must be from 2000 to 2099');
    await refused({ ...diwali('YEAR9'), validTo: '9999-12-31T23:59' }, 'validTo: the year must be from 2000 to 2099');
    expect(await codes().countDocuments({ _id: { $in: ['HUGE1', 'HUGE2', 'HUGE3', 'FEB30', 'APR31', 'YEAR0', 'YEAR9'] } })).toBe(0);
    // A leap day is a real date.
    expect((await create({ ...diwali('LEAP28'), validFrom: '2028-02-29T10:00', validTo: '2028-03-01T10:00' })).status).toBe(201);
  });

  it('creates a code in upper case with India-time dates as instants, refuses a duplicate in another case, and lists it', async () => {
    const r = await create({ ...diwali('diwali10') });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'DIWALI10 is created.' });
    expect(r.body.code).toMatchObject({
      code: 'DIWALI10',
      kind: 'percent',
      value: 10,
      maxOff: 500,
      status: 'active',
      used: 0,
      // 00:00 in India is 18:30 the day before in UTC.
      startsAt: '2026-10-19T18:30:00.000Z',
      endsAt: '2026-11-05T18:29:00.000Z',
      updatedBy: `admin:${admin.phone}`,
    });
    const stored = await codes().findOne({ _id: 'DIWALI10' });
    // Stored in paise: 10% off orders of ₹1,000 or more, capped at ₹500.
    expect(stored).toMatchObject({ kind: 'percent', percent: 10, flatPaise: null, maxOffPaise: 50_000, minOrderPaise: 100_000 });
    expect(stored?.startsAt).toEqual(new Date('2026-10-19T18:30:00.000Z'));
    expect(stored?.createdAt).toBeInstanceOf(Date);

    const again = await create({ ...diwali('Diwali10'), value: 20 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A code DIWALI10 already exists.');
    expect((await codes().findOne({ _id: 'DIWALI10' }))?.percent).toBe(10);

    const list = await call(adminDiscounts, paths.adminDiscounts, get(admin.token));
    expect(list.status).toBe(200);
    expect(list.body.codes.map((c: { code: string }) => c.code)).toContain('DIWALI10');
    // The marks of the orders holding uses never leave the server.
    expect(list.body.codes[0]).not.toHaveProperty('holders');
  });

  it('edits a code, keeping its uses and recording who changed it; 404 for an unknown code', async () => {
    await create(diwali('EDITME'));
    await codes().updateOne({ _id: 'EDITME' }, { $set: { used: 3, updatedBy: 'someone-else' } });
    const r = await call(
      adminDiscount,
      paths.adminDiscount('editme'),
      send('PUT', admin.token, { ...diwali('EDITME'), kind: 'flat', value: 250, maxOff: null, validTo: null }),
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('EDITME is saved.');
    expect(r.body.code).toMatchObject({ kind: 'flat', value: 250, maxOff: null, endsAt: null, used: 3, status: 'active' });
    expect(r.body.code.updatedBy).toBe(`admin:${admin.phone}`);
    expect(new Date(r.body.code.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(r.body.code.createdAt).getTime());

    const missing = await call(adminDiscount, paths.adminDiscount('GHOST1'), send('PUT', admin.token, diwali('GHOST1')));
    expect(missing.status).toBe(404);
    const renamed = await call(adminDiscount, paths.adminDiscount('EDITME'), send('PUT', admin.token, diwali('OTHER1')));
    expect(renamed.status).toBe(400);
  });

  it('pauses and resumes; a repeat is a no-op; ending is final (no resume, no edit)', async () => {
    await create(diwali('CYCLE1'));
    const paused = await setStatus('cycle1', 'paused');
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ message: 'CYCLE1 is now paused.', code: { status: 'paused' } });

    const before = await codes().findOne({ _id: 'CYCLE1' });
    const repeat = await setStatus('CYCLE1', 'paused');
    expect(repeat.status).toBe(200);
    expect(repeat.body.message).toBe('CYCLE1 was already paused.');
    expect((await codes().findOne({ _id: 'CYCLE1' }))?.updatedAt).toEqual(before?.updatedAt);

    expect((await setStatus('CYCLE1', 'active')).body.code.status).toBe('active');
    const ended = await setStatus('CYCLE1', 'ended');
    expect(ended.body).toMatchObject({ message: 'CYCLE1 is now ended.', code: { status: 'ended', updatedBy: `admin:${admin.phone}` } });

    const resume = await setStatus('CYCLE1', 'active');
    expect(resume.status).toBe(409);
    expect(resume.body.message).toBe('The code CYCLE1 has ended, and ending is permanent: it cannot be resumed.');
    expect((await setStatus('CYCLE1', 'paused')).status).toBe(409);
    expect((await setStatus('CYCLE1', 'ended')).status).toBe(200);

    const edit = await call(adminDiscount, paths.adminDiscount('CYCLE1'), send('PUT', admin.token, diwali('CYCLE1')));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('has ended, so it cannot be edited');
    expect((await codes().findOne({ _id: 'CYCLE1' }))?.status).toBe('ended');

    expect((await setStatus('GHOST2', 'paused')).status).toBe(404);
    expect((await setStatus('CYCLE1', 'gone')).status).toBe(400);
  });
});

describe('npm run discounts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'discounts-'));
  const header = 'code,kind,value,minOrder,maxOff,validFrom,validTo,totalUses,perShopperUses,firstOrderOnly,note';
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const status = await runDiscounts(args, { out: (l) => out.push(l), err: (l) => err.push(l), actor: 'cli:test' });
    return { status, out, err };
  };
  const file = (nameOf: string, lines: string[]) => {
    const path = join(dir, nameOf);
    writeFileSync(path, [header, ...lines].join('\n'));
    return path;
  };

  it('writes nothing when any row is bad, naming each bad row', async () => {
    const r = await run(
      'import',
      file('bad.csv', [
        'CSVGOOD1,percent,10,1000,500,2026-10-20T00:00,2026-11-05T23:59,500,1,no,fine',
        'CSVBAD1,percent,150,0,,,,,,no,too much',
        'CSVBAD2,flat,100,0,20,,,,,no,cap on flat',
        'CSVBAD3,flat,100,0,,,,,,maybe,not a yes or no',
      ]),
    );
    expect(r.status).toBe(1);
    expect(r.err[0]).toMatch(/^Row 3 \(CSVBAD1\): .*A percentage must be at most 100/);
    expect(r.err[1]).toMatch(/^Row 4 \(CSVBAD2\): .*A cap applies to percentage codes only/);
    expect(r.err[2]).toMatch(/^Row 5 \(CSVBAD3\): .*firstOrderOnly must be true or false/);
    expect(r.err.at(-1)).toContain('Nothing was written');
    expect(await codes().countDocuments({ _id: /^CSV/ })).toBe(0);
  });

  it('creates and updates codes from the sample file, lists them, and pauses, resumes and ends one', async () => {
    await create(diwali('DIWALI10')).catch(() => undefined);
    const sample = join(import.meta.dirname, '../../data/discount-codes.sample.csv');
    const r = await run('import', sample);
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.out).toEqual(['Imported 3 codes: 2 new, 1 updated.']);
    expect(await codes().findOne({ _id: 'WELCOME200' })).toMatchObject({
      kind: 'flat',
      percent: null,
      flatPaise: 20_000,
      maxOffPaise: null,
      startsAt: null,
      totalUses: null,
      perShopperUses: 1,
      firstOrderOnly: true,
      updatedBy: 'cli:test',
    });
    const list = await run('list');
    expect(list.out.find((l) => l.startsWith('SILVER15'))).toContain('15% off');
    expect((await run('pause', 'silver15')).out).toEqual(['SILVER15 is now paused.']);
    expect((await run('resume', 'SILVER15')).out).toEqual(['SILVER15 is now active.']);
    expect((await run('end', 'SILVER15')).out).toEqual(['SILVER15 is now ended.']);
    const again = await run('resume', 'SILVER15');
    expect(again.status).toBe(1);
    expect(again.err[0]).toContain('ending is permanent');
    // An import that would change an ended code changes nothing at all.
    const blocked = await run('import', sample);
    expect(blocked.status).toBe(1);
    expect(blocked.err[0]).toContain('SILVER15');
    expect((await run('frobnicate')).status).toBe(2);
  });
});
