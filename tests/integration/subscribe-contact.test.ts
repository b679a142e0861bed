import { describe, expect, it } from 'vitest';
import { MongoServerError } from 'mongodb';
import { call, setupTestDatabase } from '../setup/test-db';
import { collections } from '@server/collections';
import { getDb } from '@server/db';
import { subscribersRepository } from '@server/repositories/subscribers.repository';
import { SUBSCRIBED_MESSAGE } from '@shared/schemas/subscribe';
import subscribe from '@functions/subscribe';
import contact from '@functions/contact';

setupTestDatabase();

/** A JSON POST from a given network address, as Netlify's edge reports it. */
const post = (body: unknown, ip: string, type = 'application/json') => ({
  method: 'POST',
  headers: { 'content-type': type, 'x-nf-client-connection-ip': ip },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('POST /api/subscribe', () => {
  it('stores an address once, case-folded, with consent time and source page, and answers a repeat the same', async () => {
    const before = Date.now();
    const first = await call(
      subscribe,
      '/api/subscribe',
      post({ email: ' Asha.Rao@Example.IN ', source: '/privacy-policy' }, '198.51.100.10'),
    );
    expect(first).toMatchObject({ status: 200, body: { success: true, message: SUBSCRIBED_MESSAGE } });
    const stored = await subscribersRepository.find('asha.rao@example.in');
    expect(stored).toEqual({
      email: 'Asha.Rao@Example.IN',
      emailKey: 'asha.rao@example.in',
      source: '/privacy-policy',
      consentAt: expect.any(Date),
    });
    // Consent is the time of this request: between its start and its answer.
    expect(stored!.consentAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(stored!.consentAt.getTime()).toBeLessThanOrEqual(Date.now());

    const repeat = await call(subscribe, '/api/subscribe', post({ email: 'asha.rao@example.in', source: '/' }, '198.51.100.11'));
    expect({ status: repeat.status, body: repeat.body }).toEqual({ status: first.status, body: first.body });
    expect(await subscribersRepository.count('asha.rao@example.in')).toBe(1);
    // The first consent stands: a repeat neither moves it nor rewrites the page it came from.
    expect(await subscribersRepository.find('asha.rao@example.in')).toEqual(stored);
  });

  it('keeps one document when the same address signs up many times at once, in any case', async () => {
    const variants = ['Meera@Example.com', 'meera@example.com', 'MEERA@EXAMPLE.COM', 'meera@Example.com'];
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(subscribe, '/api/subscribe', post({ email: variants[i % variants.length], source: '/faq' }, `203.0.113.${i}`)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(200));
    expect(await subscribersRepository.count('meera@example.com')).toBe(1);
    // The database itself refuses a second document for the address (what holds on Atlas under any race).
    const c = collections(await getDb());
    const duplicate = c.subscribers.insertOne({ email: 'x', emailKey: 'meera@example.com', source: '/', consentAt: new Date() } as never);
    await expect(duplicate).rejects.toSatisfy((e) => e instanceof MongoServerError && e.code === 11000);
  });

  it('answers bad input with 400 naming the field, 415 for a non-JSON body and 405 for GET, writing nothing', async () => {
    const ip = '192.0.2.50';
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', source: '/' }, 'email: Enter a valid email'],
      [{ email: '', source: '/' }, 'email: Enter your email'],
      [{ source: '/' }, 'email: is required'],
      [{ email: { $gt: '' }, source: '/' }, 'email: must be a string, not an object'],
      [{ email: 'a@b.in', source: 'https://evil.example/' }, 'source: must be the path of a page on this site, e.g. /about'],
      [{ email: 'a@b.in', source: '/', admin: true }, 'unknown field "admin"'],
      [{ email: `${'a'.repeat(250)}@b.in`, source: '/' }, 'email: Email is too long'],
    ];
    for (const [body, message] of cases) {
      const r = await call(subscribe, '/api/subscribe', post(body, ip));
      expect({ status: r.status, body: r.body }).toEqual({ status: 400, body: { success: false, message: `Invalid request: ${message}` } });
    }
    const plain = await call(subscribe, '/api/subscribe', post({ email: 'plain@b.in', source: '/' }, ip, 'text/plain'));
    expect(plain.status).toBe(415);
    const form = await call(subscribe, '/api/subscribe', post('email=form%40b.in', ip, 'application/x-www-form-urlencoded'));
    expect(form.status).toBe(415);
    expect((await call(subscribe, '/api/subscribe')).status).toBe(405);
    expect(await subscribersRepository.count('plain@b.in')).toBe(0);
    expect(await subscribersRepository.count('form@b.in')).toBe(0);
  });
});

describe('rate limits per network', () => {
  it('lets 10 sign-ups an hour through from one network; the 11th gets 429 with Retry-After, other networks are unaffected', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++) {
      const r = await call(subscribe, '/api/subscribe', post({ email: `fan${i}@example.in`, source: '/' }, ip));
      expect(r.status).toBe(200);
    }
    const refused = await call(subscribe, '/api/subscribe', post({ email: 'fan10@example.in', source: '/' }, ip));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many sign-ups from this network\. Try again in \d+ (second|minute)s?\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await subscribersRepository.count('fan10@example.in')).toBe(0);
    const elsewhere = await call(subscribe, '/api/subscribe', post({ email: 'fan10@example.in', source: '/' }, '198.51.100.78'));
    expect(elsewhere.status).toBe(200);
  });

  it('lets 5 contact messages an hour through from one network; the 6th gets 429 with Retry-After', async () => {
    const ip = '198.51.100.99';
    const message = { name: 'Asha', email: 'asha@example.in', message: 'Do you resize rings?' };
    for (let i = 0; i < 5; i++) expect((await call(contact, '/api/contact', post(message, ip))).status).toBe(201);
    const refused = await call(contact, '/api/contact', post(message, ip));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many messages from this network\. Try again in \d+ (second|minute)s?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await call(contact, '/api/contact', post(message, '198.51.100.100'))).status).toBe(201);
  });

  it('does not count refused input against the network', async () => {
    const ip = '198.51.100.120';
    for (let i = 0; i < 8; i++)
      expect((await call(contact, '/api/contact', post({ name: '', email: 'x', message: '' }, ip))).status).toBe(400);
    expect((await call(contact, '/api/contact', post({ name: 'Ravi', email: 'ravi@example.in', message: 'Hi' }, ip))).status).toBe(201);
  });
});
