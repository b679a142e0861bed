import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue } from '../fixtures/catalogue';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { eventsRepository } from '@server/repositories/events.repository';
import eventCount from '@functions/event_count';
import contact from '@functions/contact';
import { getDb } from '@server/db';
import { EVENTS_LIMIT_DEFAULT, EVENTS_LIMIT_WINDOW_SECONDS } from '@server/services/events.service';

setupTestDatabase();
const lotus = stableId('products', 'lotus-ring').toHexString();
const post = (body: unknown, type = 'application/json') => ({
  method: 'POST',
  headers: { 'content-type': type },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

beforeAll(async () => {
  expect((await importCatalogue(makeCatalogue(), { overwriteStock: true })).ok).toBe(true);
});

describe('POST /api/event-count', () => {
  it('records a single event and a batch, and counts views and clicks per product', async () => {
    const one = await call(eventCount, '/api/event-count', post({ productId: lotus, type: 'view', userId: null, visitorId: 'v_abc123' }));
    expect(one).toMatchObject({ status: 202, body: { success: true, recorded: 1 } });
    const batch = await call(
      eventCount,
      '/api/event-count',
      post(
        {
          events: [
            { productId: lotus, type: 'click', userId: null, visitorId: 'v_abc123' },
            { productId: lotus, type: 'view', userId: null, visitorId: 'v_def456' },
          ],
        },
        'text/plain;charset=UTF-8',
      ),
    );
    expect(batch.body).toEqual({ success: true, recorded: 2 });
    expect(await eventsRepository.stats(lotus)).toEqual({ views: 2, clicks: 1 });
  });

  it('drops events for products that do not exist', async () => {
    const r = await call(
      eventCount,
      '/api/event-count',
      post([{ productId: 'f'.repeat(24), type: 'view', userId: null, visitorId: 'v_abc123' }]),
    );
    expect(r.body).toEqual({ success: true, recorded: 0 });
  });

  it('answers bad bodies with 400 naming the field and what was expected, writing nothing', async () => {
    const before = await eventsRepository.stats(lotus);
    const event = { productId: lotus, type: 'view', userId: null, visitorId: 'v_abc123' };
    const cases: [unknown, string][] = [
      ['not json', 'body must be JSON'],
      [{ ...event, visitorId: 'nope' }, 'visitorId: must look like v_ followed by 6 to 64 letters, digits, "_" or "-"'],
      [{ ...event, productId: { $gt: '' } }, 'productId: must be a string, not an object'],
      [{ ...event, productId: 'abc' }, 'productId: must be a 24-character hex id'],
      [[event, { ...event, type: 'purchase' }], '1.type: must be one of "view", "click"'],
      [{ events: [{ productId: lotus, type: 'view' }] }, 'events.0.visitorId: is required'],
      [{ ...event, $where: '1' }, 'unknown field "$where"'],
      [{ ...event, userId: 7 }, 'userId: must be a string, not a number'],
      [{ events: Array.from({ length: 21 }, () => event) }, 'events: must hold at most 20 events'],
      [[], 'must hold at least one event'],
      ['"view"', 'must be an object or an array'],
      [null, 'must be an object or an array'],
    ];
    for (const [body, expected] of cases) {
      const r = await call(eventCount, '/api/event-count', post(typeof body === 'string' ? body : JSON.stringify(body)));
      expect({ status: r.status, body: r.body }).toEqual({
        status: 400,
        body: { success: false, message: `Invalid request: ${expected}` },
      });
    }
    expect(await eventsRepository.stats(lotus)).toEqual(before);
    expect((await call(eventCount, '/api/event-count', post('{}', 'application/xml'))).status).toBe(415);
    expect((await call(eventCount, '/api/event-count')).status).toBe(405);
  });
});

describe('anonymous event floods', () => {
  /** `n` view events from visitor `visitorId`, as one request from network `ip`. */
  const batch = (n: number, ip: string, visitorId: string) => ({
    ...post({ events: Array.from({ length: n }, () => ({ productId: lotus, type: 'view', userId: null, visitorId })) }),
    headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': ip },
  });
  const stored = async (visitorId: string) => (await getDb()).collection('events').countDocuments({ visitorId });
  /** How many of the limit's fixed windows the time from `start` until now touches. */
  const windowsSince = (start: number) =>
    Math.floor(Date.now() / (EVENTS_LIMIT_WINDOW_SECONDS * 1000)) - Math.floor(start / (EVENTS_LIMIT_WINDOW_SECONDS * 1000)) + 1;

  it('a shopper viewing a whole 120-piece catalogue passes; 300 posts of 20 from one network store at most the limit, the rest get 429', async () => {
    // A shopper: every card of five "Show more" pages of 24 (sent 20 + 4, the browser's batches) and some clicks.
    const shopper: number[] = [];
    for (let page = 0; page < 5; page++)
      for (const n of [20, 4, 3])
        shopper.push((await call(eventCount, '/api/event-count', batch(n, '198.51.100.150', 'v_shopper_1'))).status);
    expect(shopper.filter((s) => s !== 202)).toEqual([]);
    expect(await stored('v_shopper_1')).toBe(135);

    // A flood: 300 posts of 20 events at once from one network.
    const start = Date.now();
    const flood = await Promise.all(
      Array.from({ length: 300 }, () => call(eventCount, '/api/event-count', batch(20, '198.51.100.160', 'v_flood_1'))),
    );
    const windows = windowsSince(start);
    const accepted = flood.filter((r) => r.status === 202).length;
    expect(flood.filter((r) => r.status !== 202 && r.status !== 429)).toEqual([]);
    // Refused requests store none of their events: what is stored is exactly the accepted requests' events.
    expect(await stored('v_flood_1')).toBe(accepted * 20);
    expect(accepted * 20).toBeLessThanOrEqual(EVENTS_LIMIT_DEFAULT * windows);
    if (windows === 1) expect(accepted * 20).toBe(EVENTS_LIMIT_DEFAULT);
    const refused = flood.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many events from this network\. Try again in \d+ (second|minute)s?\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Once full, even one more event is refused whole and stored nowhere; another network is not affected.
    if (windowsSince(start) === 1) {
      expect((await call(eventCount, '/api/event-count', batch(1, '198.51.100.160', 'v_flood_2'))).status).toBe(429);
      expect(await stored('v_flood_2')).toBe(0);
    }
    expect((await call(eventCount, '/api/event-count', batch(5, '198.51.100.161', 'v_other_1'))).status).toBe(202);
  });
});

describe('POST /api/contact', () => {
  it('stores a valid message and answers Sent', async () => {
    const r = await call(
      contact,
      '/api/contact',
      post({ name: 'Asha', email: 'asha@example.in', phone: '9876543210', message: 'Do you resize rings?' }),
    );
    expect(r).toMatchObject({ status: 201, body: { success: true, message: 'Sent' } });
  });

  it("answers the form's own messages for bad input", async () => {
    const r = await call(contact, '/api/contact', post({ name: '', email: 'nope', message: '' }));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Name is required');
    expect(r.body.message).toContain('Enter a valid email');
  });
});

describe('event counters under concurrency', () => {
  it('400 events from 16 concurrent clients for a product with no counter yet: every call 202, counters equal stored events', async () => {
    const fresh = stableId('products', 'temple-jhumka').toHexString();
    expect(await eventsRepository.stats(fresh)).toEqual({ views: 0, clicks: 0 });
    const statuses: number[] = [];
    let next = 0;
    // 16 clients, each sending its share one after another, like the shell reproduction with xargs -P 16.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 400) {
          const i = next++;
          const type = i % 4 === 0 ? 'click' : 'view';
          const r = await call(eventCount, '/api/event-count', post({ productId: fresh, type, userId: null, visitorId: 'v_burst_01' }));
          statuses.push(r.status);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 202)).toEqual([]);
    const stored = await eventsRepository.countStored(fresh);
    expect(stored).toEqual({ views: 300, clicks: 100 });
    expect(await eventsRepository.stats(fresh)).toEqual(stored);
  });
});
