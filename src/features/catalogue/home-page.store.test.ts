import { describe, expect, it } from 'vitest';
import type { AdminHomePage } from '@shared/api/catalogue-admin';
import {
  $homeErrors,
  $homeForm,
  $homeSave,
  addBanner,
  addPiece,
  homeFormErrors,
  loadHomePage,
  moveAnnouncement,
  movePiece,
  saveHomePage,
  setBanner,
} from './home-page.store';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (version: number): AdminHomePage => ({
  version,
  home: {
    banners: [
      {
        key: 'diwali',
        type: 'web',
        status: 'active',
        imageType: 'Banner',
        image: 'banners/d.jpg',
        Heading: 'Diwali',
        URL: '',
        products: ['a'],
      },
    ],
    announcements: [
      { message: 'One', isVisible: true },
      { message: 'Two', isVisible: false },
    ],
    features: ['a', 'b', 'c', 'd', 'e'],
  },
  pieces: [{ id: 'a'.repeat(24), slug: 'a', name: 'Anklet', onSale: true }],
  images: { 'banners/d.jpg': '/uploads/banners/d.jpg' },
  updatedBy: null,
  updatedAt: null,
  waiting: false,
});

describe('the home page editor', () => {
  it('orders pieces and messages as the editor moves them', async () => {
    await loadHomePage(async () => json({ success: true, message: 'Home page', page: page(0) }));
    addPiece(0, { id: 'b'.repeat(24), slug: 'b', name: 'Bangle', onSale: true });
    addPiece(0, { id: 'b'.repeat(24), slug: 'b', name: 'Bangle', onSale: true });
    movePiece(0, 'b', -1);
    expect($homeForm.get().banners[0]!.products).toEqual(['b', 'a']);
    moveAnnouncement(1, -1);
    moveAnnouncement(0, -1);
    expect($homeForm.get().announcements.map((a) => a.message)).toEqual(['Two', 'One']);
  });

  it('names each field that needs a change, with the API’s own words, and sends nothing', async () => {
    await loadHomePage(async () => json({ success: true, message: 'Home page', page: page(0) }));
    addBanner('mobile');
    setBanner(0, { startsOn: '2026-12-10', endsOn: '2026-12-01' });
    let sent = 0;
    await saveHomePage(async () => {
      sent += 1;
      return json({});
    });
    expect(sent).toBe(0);
    expect($homeErrors.get()).toMatchObject({
      'banners.0.endsOn': 'The banner must end on or after the day it starts',
      'banners.1.image': 'Add the banner’s picture',
      'banners.1.Heading': 'Write the banner’s heading: it is its page’s title and what screen readers say',
    });
    expect(homeFormErrors(page(0).home)).toEqual({});
  });

  it('saves over the version loaded, and a later save by someone else is a conflict with their words', async () => {
    await loadHomePage(async () => json({ success: true, message: 'Home page', page: page(3) }));
    let body: { version?: number } = {};
    await saveHomePage(async (_url, init) => {
      body = JSON.parse(String(init?.body)) as { version: number };
      return json({ success: false, message: 'Ravi Shah saved the home page at 6 Dec 2026, 9:00 pm, after you opened it.' }, 409);
    });
    expect(body.version).toBe(3);
    expect($homeSave.get()).toEqual({
      status: 'conflict',
      message: 'Ravi Shah saved the home page at 6 Dec 2026, 9:00 pm, after you opened it.',
    });
  });
});
