/**
 * The home page in the back office: banners (with schedules), announcement messages and feature-strip lines
 * saved as one versioned draft (roles, validation, conflicts under parallel saves), put live by Publish with the
 * products (the pages' API answers it after), and the hourly banner schedule that rebuilds the pages when a
 * banner starts or ends (once, however many run at once; never putting a draft live).
 */
import { createServer, type Server } from 'node:http';
import { MongoClient } from 'mongodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { resetEnvForTests } from '@server/env';
import { clearCache } from '@server/cache';
import { catalogueDraftsRepository } from '@server/repositories/catalogue-drafts.repository';
import { cataloguePublishService } from '@server/services/publish/publish.service';
import { indiaDay } from '@shared/india-time';
import home from '@functions/admin_catalogue_home';
import publish from '@functions/admin_catalogue_publish';
import getBanner from '@functions/get_banner';
import getHeading from '@functions/get_heading';

const { uri, name } = setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';
let client: MongoClient;
let editor: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;

/** A stand-in for Netlify's build hook on loopback: each trigger is a deploy title. */
let netlify: Server;
let deploys: string[] = [];

const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const send = (method: string, body: unknown, token = editor.token) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth(token) },
  body: JSON.stringify(body),
});
const open = (token = editor.token) => call(home, '/api/admin/catalogue/home', { headers: auth(token) });
const save = (version: number, page: unknown, token = editor.token) =>
  call(home, '/api/admin/catalogue/home', send('PUT', { version, home: page }, token));
const status = () => call(publish, '/api/admin/catalogue/publish', { headers: auth(editor.token) });
const press = (body: unknown) => call(publish, '/api/admin/catalogue/publish', send('POST', body));
const liveBanners = async () => {
  clearCache();
  return (await call(getBanner, '/api/get_banner')).body.banners as {
    _id: string;
    Heading: string;
    status: string;
    products: { productId: string }[];
    startsOn?: string;
  }[];
};
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  netlify = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/build_hooks/home') deploys.push(url.searchParams.get('trigger_title') ?? '');
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => netlify.listen(0, '127.0.0.1', () => r()));
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(netlify.address() as { port: number }).port}/build_hooks/home`;
  resetEnvForTests();
  [editor, admin] = await Promise.all([makeStaff('editor', 'Asha'), makeStaff('admin', 'Ravi')]);
  return async () => {
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    resetEnvForTests();
    await client.close();
    await new Promise<void>((r) => netlify.close(() => r()));
  };
});

beforeEach(async () => {
  deploys = [];
  const db = client.db(name);
  await Promise.all(
    ['home_drafts', 'catalogue_drafts', 'catalogue_publishes', 'locks', 'products', 'inventory', 'banners', 'headings'].map((c) =>
      db.collection(c).deleteMany({}),
    ),
  );
  const rows = [
    makeProduct({ slug: 'lotus-ring', name: 'Lotus Ring', price: 1299, stock: 12 }),
    makeProduct({ slug: 'moon-ring', name: 'Moon Ring', price: 999, stock: 4 }),
    makeProduct({ slug: 'temple-jhumka', name: 'Temple Jhumka', price: 2499, stock: 6, subcategory: 'jhumkas' }),
  ];
  expect((await importCatalogue(makeCatalogue(rows), { overwriteStock: true })).errors).toEqual([]);
});

describe('who may edit the home page', () => {
  it('editors and admins; shoppers get 403 and signed-out callers 401', async () => {
    const shopper = await makeShopper();
    expect((await open(shopper.token)).status).toBe(403);
    expect((await save(0, {}, shopper.token)).status).toBe(403);
    expect((await call(home, '/api/admin/catalogue/home')).status).toBe(401);
    expect((await open(admin.token)).status).toBe(200);
    expect((await call(home, '/api/admin/catalogue/home', { method: 'DELETE', headers: auth(editor.token) })).status).toBe(405);
  });
});

describe('the draft', () => {
  it('opens as live at version 0: banners with their pieces by web address, messages, and the strip’s default lines', async () => {
    const { body } = await open();
    expect(body.page).toMatchObject({ version: 0, waiting: false, updatedBy: null });
    expect(body.page.home.banners.map((b: { key: string; products: string[] }) => [b.key, b.products])).toEqual([
      ['festive-web', ['lotus-ring', 'temple-jhumka']],
      ['festive-mobile', []],
      ['promo', []],
    ]);
    expect(body.page.home.announcements).toEqual([
      { message: 'Free shipping on prepaid orders', isVisible: true },
      { message: 'Hidden message', isVisible: false },
    ]);
    expect(body.page.home.features).toHaveLength(5);
    // Lines the shop has not written stay empty: the page shows the default, which follows the shop's rules.
    expect(body.page.home.features).toEqual(['', '', '', '', '']);
    expect(body.page.pieces).toEqual([
      { id: stableId('products', 'lotus-ring').toHexString(), slug: 'lotus-ring', name: 'Lotus Ring', onSale: true },
      { id: stableId('products', 'temple-jhumka').toHexString(), slug: 'temple-jhumka', name: 'Temple Jhumka', onSale: true },
    ]);
    expect(body.page.images['banners/festive-web.jpg']).toMatch(/banners\/festive-web\.jpg$/);
  });

  it('refuses what the form refuses, in the same words, and a piece not in the catalogue', async () => {
    const page = (await open()).body.page.home;
    const bad = async (change: unknown) => (await save(0, { ...page, ...(change as object) })).body.message as string;
    expect(await bad({ banners: [{ ...page.banners[0], Heading: ' ' }] })).toMatch(/Write the banner’s heading/);
    expect(await bad({ banners: [{ ...page.banners[0], startsOn: '2026-12-20', endsOn: '2026-12-10' }] })).toMatch(
      /The banner must end on or after the day it starts/,
    );
    expect(await bad({ banners: [{ ...page.banners[0], URL: 'javascript:alert(1)' }] })).toMatch(/full web address/);
    expect(await bad({ banners: [page.banners[0], page.banners[0]] })).toMatch(/Two banners are named "festive-web"/);
    expect(await bad({ features: ['only one'] })).toMatch(/The feature strip has 5 lines/);
    expect(await bad({ announcements: [{ message: '', isVisible: true }] })).toMatch(/Write the message, or remove it/);
    const unknown = await save(0, { ...page, banners: [{ ...page.banners[0], products: ['no-such-ring'] }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The banner "Festive Edit" names a piece that is not in the catalogue ("no-such-ring").');
    expect((await open()).body.page.version).toBe(0);
  });

  it('saves over the version loaded: of many saves from one version exactly one wins, the others are told who and when', async () => {
    const page = (await open()).body.page.home;
    const first = await save(0, { ...page, announcements: [{ message: 'Diwali dispatch until 28 Oct', isVisible: true }] });
    expect(first.status).toBe(200);
    expect(first.body.page).toMatchObject({ version: 1, waiting: true, updatedBy: 'Asha Shah' });
    // The live shop is unchanged by a save.
    clearCache();
    expect((await call(getHeading, '/api/get_heading')).body.heading.map((h: { message: string }) => h.message)).toEqual([
      'Free shipping on prepaid orders',
      'Hidden message',
    ]);
    const twins = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save(1, { ...page, announcements: [{ message: `Twin ${i}`, isVisible: true }] }, i % 2 ? admin.token : editor.token),
      ),
    );
    expect(twins.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = twins.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toMatch(/^(Asha|Ravi) Shah saved the home page at .*, after you opened it\. Reload it/);
    expect((await open()).body.page.version).toBe(2);
    // A save from version 0 after the first save is late too.
    expect((await save(0, page)).status).toBe(409);
  });
});

describe('publishing the home page', () => {
  it('waits in the Publish panel, goes live with what was shown, and the shop’s API answers it', async () => {
    const page = (await open()).body.page.home;
    const festive = {
      key: 'diwali-web',
      type: 'web',
      status: 'active',
      imageType: 'Banner',
      image: 'photos/0a1b2c.jpg',
      Heading: 'Diwali silver',
      URL: '',
      products: ['moon-ring', 'lotus-ring'],
      startsOn: indiaDay(new Date()),
      endsOn: indiaDay(new Date(Date.now() + 10 * DAY)),
    };
    const draft = {
      banners: [festive, page.banners[1]],
      announcements: [{ message: 'Diwali dispatch until 28 Oct', isVisible: true }],
      features: page.features.map((f: string, i: number) => (i === 1 ? '2–4 days to metro cities' : f)),
    };
    expect((await save(0, draft)).status).toBe(200);
    const waiting = (await status()).body;
    expect(waiting.home).toMatchObject({ version: 1, banners: 2, updatedBy: 'Asha Shah' });
    // Shown without the home page, or an older version of it: nothing goes live unseen.
    expect((await press({ products: [] })).status).toBe(409);
    expect((await press({ products: [], home: 2 })).status).toBe(409);
    const started = await press({ products: [], home: 1 });
    expect(started.status).toBe(201);
    expect(started.body.message).toBe("Publishing the home page: the shop's pages are being rebuilt.");
    expect(started.body.publish.home).toEqual({ banners: 2 });
    expect(deploys).toEqual([`Catalogue publish ${started.body.publish.id}`]);

    const banners = await liveBanners();
    expect(banners.map((b) => b.Heading)).toEqual(['Diwali silver', 'Festive Edit']);
    expect(banners[0]).toMatchObject({
      _id: stableId('banners', 'diwali-web').toHexString(),
      status: 'active',
      startsOn: festive.startsOn,
      products: [
        { productId: stableId('products', 'moon-ring').toHexString() },
        { productId: stableId('products', 'lotus-ring').toHexString() },
      ],
    });
    // The festive-web and promo banners left the page; the phone banner kept its id.
    expect(banners[1]!._id).toBe(stableId('banners', 'festive-mobile').toHexString());
    expect((await call(getHeading, '/api/get_heading')).body.heading.map((h: { message: string }) => h.message)).toEqual([
      'Diwali dispatch until 28 Oct',
    ]);
    const settings = await client
      .db(name)
      .collection('settings')
      .findOne({ _id: 'shop' as never });
    expect(settings?.['featureStrip'][1]).toBe('2–4 days to metro cities');
    expect((await status()).body.home).toBeNull();
    expect((await open()).body.page).toMatchObject({ version: 1, waiting: false });

    // Published, the form shows the live page again (an import since is not hidden by the old draft), at version 1.
    await client
      .db(name)
      .collection('headings')
      .updateOne({ position: 0 }, { $set: { message: 'Imported since' } });
    const reopened = (await open()).body.page;
    expect(reopened).toMatchObject({ version: 1, waiting: false });
    expect(reopened.home.announcements[0].message).toBe('Imported since');
    // A piece whose web address changed since is still found by the old one.
    await client
      .db(name)
      .collection('products')
      .updateOne({ slug: 'moon-ring' }, { $set: { slug: 'moon-ring-classic', formerSlugs: ['moon-ring'] } });
    const again = await save(1, { ...reopened.home, banners: [{ ...reopened.home.banners[0], products: ['moon-ring'] }] });
    expect(again.status).toBe(200);
    expect(again.body.page.pieces).toEqual([
      { id: stableId('products', 'moon-ring').toHexString(), slug: 'moon-ring', name: 'Moon Ring', onSale: true },
    ]);
  });

  it('a banner outside its days answers as inactive; an uploaded banner picture is kept from the photo sweep', async () => {
    const page = (await open()).body.page.home;
    const ended = { ...page.banners[0], startsOn: '2025-10-01', endsOn: '2025-10-31', image: 'photos/ended.jpg' };
    const upcoming = { ...page.banners[1], startsOn: indiaDay(new Date(Date.now() + 3 * DAY)) };
    expect((await save(0, { ...page, banners: [ended, upcoming, page.banners[2]] })).status).toBe(200);
    expect(await catalogueDraftsRepository.referencedImagePaths()).toContain('photos/ended.jpg');
    expect((await press({ products: [], home: 1 })).status).toBe(201);
    const banners = await liveBanners();
    expect(banners.map((b) => [b.Heading, b.status])).toEqual([
      ['Festive Edit', 'inactive'],
      ['Festive Edit', 'inactive'],
      ['Flat 10% off', 'active'],
    ]);
    await client.db(name).collection('home_drafts').deleteMany({});
    expect(await catalogueDraftsRepository.referencedImagePaths()).toContain('photos/ended.jpg');
  });
});

describe('the banner schedule', () => {
  it('rebuilds the pages once when a banner starts since the last publish, without putting drafts live', async () => {
    const page = (await open()).body.page.home;
    const today = indiaDay(new Date());
    expect((await save(0, { ...page, banners: [{ ...page.banners[0], startsOn: today }] })).status).toBe(200);
    expect((await press({ products: [], home: 1 })).status).toBe(201);
    // That publish began before today started (as it would have, the evening before).
    await client
      .db(name)
      .collection('catalogue_publishes')
      .updateMany({}, { $set: { state: 'live', startedAt: new Date(Date.now() - 2 * DAY) } });
    await client.db(name).collection('locks').deleteMany({});
    // A save waiting meanwhile stays a draft.
    expect((await save(1, { ...page, announcements: [] })).status).toBe(200);
    deploys = [];

    const looks = await Promise.all(
      Array.from({ length: 4 }, () => cataloguePublishService.rebuildForBannerSchedule('http://localhost:8888')),
    );
    expect(looks.filter((l) => l.endsWith('Rebuilding the pages.'))).toHaveLength(1);
    expect(deploys).toHaveLength(1);
    const log = (await status()).body.log;
    expect(log[0]).toMatchObject({
      startedBy: 'Banner schedule',
      products: [],
      home: null,
      reason: 'Banner schedule: "Festive Edit" starts or ends.',
    });
    expect((await status()).body.home).toMatchObject({ version: 2 });
    clearCache();
    expect((await call(getHeading, '/api/get_heading')).body.heading).toHaveLength(2);

    // A rebuild that failed rebuilt nothing: the next look still finds the boundary and tries again.
    await client
      .db(name)
      .collection('catalogue_publishes')
      .updateMany({}, { $set: { state: 'failed' } });
    await client
      .db(name)
      .collection('catalogue_publishes')
      .updateMany({ startedBy: { $ne: 'schedule' } }, { $set: { state: 'live' } });
    await client.db(name).collection('locks').deleteMany({});
    expect(await cataloguePublishService.rebuildForBannerSchedule('http://localhost:8888')).toMatch(/Rebuilding the pages\.$/);
    expect(deploys).toHaveLength(2);

    // The next look finds nothing new since that rebuild began.
    await client
      .db(name)
      .collection('catalogue_publishes')
      .updateMany({}, { $set: { state: 'live' } });
    await client.db(name).collection('locks').deleteMany({});
    expect(await cataloguePublishService.rebuildForBannerSchedule('http://localhost:8888')).toBe(
      'No banner started or ended since the pages were last rebuilt.',
    );
    expect(deploys).toHaveLength(2);
  });
});
