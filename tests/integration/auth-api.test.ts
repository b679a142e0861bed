import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { authGet, jsonRequest, latestCode, makePhone } from '../fixtures/auth';
import { makeCatalogue } from '../fixtures/catalogue';
import userLogin from '@functions/user_login';
import verifyOtp from '@functions/verify_otp';
import resendOtp from '@functions/resend_otp';
import me from '@functions/me';
import meAddress from '@functions/me_address';
import meProfile from '@functions/me_profile';
import logoutAll from '@functions/logout_all';
import eventCount from '@functions/event_count';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { issueToken } from '@server/services/tokens';
import { resetEnvForTests } from '@server/env';
import { usersRepository } from '@server/repositories/users.repository';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
const collection = (c: string) => client.db(name).collection(c);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  return () => client.close();
});

const asha = (phone: string) => ({ firstName: 'Asha', lastName: 'Rao', phone, email: 'asha@example.in' });

/** Signs a new user in through the API and returns their token. */
async function signIn(phone = makePhone()): Promise<{ token: string; phone: string; userId: string }> {
  expect((await call(userLogin, '/api/user_login', jsonRequest(asha(phone)))).status).toBe(200);
  const r = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: await latestCode(phone) }));
  expect(r.status).toBe(200);
  return { token: r.body.token, phone, userId: r.body.user._id };
}

describe('POST /api/user_login', () => {
  it('sends a code and answers otpRequired with no token; the account is created only once the code is checked', async () => {
    const phone = makePhone();
    const r = await call(userLogin, '/api/user_login', jsonRequest(asha(phone)));
    expect(r).toMatchObject({ status: 200, body: { success: true, otpRequired: true } });
    expect(r.body.message).toContain(`+91\u00a0${phone.slice(0, 5)}\u00a0${phone.slice(5)}`);
    expect(r.body).not.toHaveProperty('token');
    expect(await latestCode(phone)).toMatch(/^\d{4}$/);
    expect(await collection('users').countDocuments({ phone })).toBe(0);
    // The code is stored only as an HMAC.
    const challenge = await collection('otp_challenges').findOne({ _id: phone as never });
    expect(JSON.stringify(challenge)).not.toContain(`"${await latestCode(phone)}"`);
  });

  it("answers the form's messages for bad input, and writes nothing", async () => {
    const cases: [unknown, string][] = [
      [{}, 'First name is required'],
      [{ firstName: 'A', lastName: '', phone: '9876543210' }, 'Last name is required'],
      [{ firstName: 'A', lastName: 'B', phone: '' }, 'Phone is required'],
      [{ firstName: 'A', lastName: 'B', phone: '98765' }, 'Phone must be 10 digits'],
      [{ firstName: 'A', lastName: 'B', phone: '9876543210', email: 'not-an-email' }, 'Enter a valid email'],
      [{ firstName: 'A', lastName: 'B', phone: { $gt: '' } }, 'Phone is required'],
      [{ firstName: { $ne: null }, lastName: 'B', phone: '9876543210' }, 'First name is required'],
      [{ firstName: 'A', lastName: 'B', phone: '9876543210', role: 'admin' }, ''],
      // Names that show nothing, or hide controls that change how they display.
      [{ firstName: '\u200b\u200d', lastName: 'B', phone: '9876543210' }, 'First name is required'],
      [{ firstName: '\ufeff \u2060', lastName: 'B', phone: '9876543210' }, 'First name is required'],
      [{ firstName: '\u202eahsA', lastName: 'B', phone: '9876543210' }, 'First name contains characters that are not allowed'],
      [{ firstName: 'A', lastName: 'Rao\u0000', phone: '9876543210' }, 'Last name contains characters that are not allowed'],
      [{ firstName: 'A', lastName: '\u2066Rao\u2069', phone: '9876543210' }, 'Last name contains characters that are not allowed'],
    ];
    for (const [body, message] of cases) {
      const r = await call(userLogin, '/api/user_login', jsonRequest(body));
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toContain(message);
    }
    expect(await collection('sms_outbox').countDocuments({ to: '9876543210' })).toBe(0);
    expect(await collection('otp_challenges').countDocuments({ _id: '9876543210' as never })).toBe(0);
  });
});

describe('names as typed', () => {
  it('are stored in NFC, and Devanagari or Malayalam names keep their joiners', async () => {
    for (const [typed, stored] of [
      ['Jose\u0301', 'Jos\u00e9'],
      ['\u0915\u094d\u200d\u0937\u093f\u0924\u093f', '\u0915\u094d\u200d\u0937\u093f\u0924\u093f'],
      ['\u0d05\u0d30\u0d41\u0d23\u0d4d\u200d', '\u0d05\u0d30\u0d41\u0d23\u0d4d\u200d'],
    ]) {
      const phone = makePhone();
      expect((await call(userLogin, '/api/user_login', jsonRequest({ ...asha(phone), firstName: typed }))).status).toBe(200);
      const r = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: await latestCode(phone) }));
      expect(r.body.user.firstName).toBe(stored);
    }
  });
});

describe('POST /api/verify-otp', () => {
  it('answers a token and the user for the right code, creating the user with the name typed at sign-in', async () => {
    const phone = makePhone();
    await call(userLogin, '/api/user_login', jsonRequest(asha(phone)));
    const r = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: await latestCode(phone) }));
    expect(r).toMatchObject({
      status: 200,
      body: { success: true, user: { firstName: 'Asha', lastName: 'Rao', phone, email: 'asha@example.in', role: 'customer' } },
    });
    expect(r.body.token.split('.')).toHaveLength(3);
  });

  it('says how many tries are left after a wrong code, then accepts the right one once', async () => {
    const phone = makePhone();
    await call(userLogin, '/api/user_login', jsonRequest(asha(phone)));
    const code = await latestCode(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    const first = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: wrong }));
    expect(first).toMatchObject({ status: 401, body: { success: false, message: 'Wrong code. 4 tries left.' } });
    expect((await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: code }))).status).toBe(200);
    const reuse = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: code }));
    expect(reuse).toMatchObject({ status: 401, body: { message: 'No valid code for this number. Request a new code.' } });
  });

  it('50 parallel wrong guesses use up only 5 tries; the right code is then refused until a new one is sent', async () => {
    const phone = makePhone();
    await call(userLogin, '/api/user_login', jsonRequest(asha(phone)));
    const code = await latestCode(phone);
    const wrong = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
    const results = await Promise.all(wrong.map((otp) => call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp }))));
    const counted = results.filter((r) => r.status === 401).map((r) => r.body.message as string);
    expect(counted.sort()).toEqual(
      [
        'Wrong code. 1 try left.',
        'Wrong code. 2 tries left.',
        'Wrong code. 3 tries left.',
        'Wrong code. 4 tries left.',
        'Wrong code. No tries left: request a new code.',
      ].sort(),
    );
    const locked = results.filter((r) => r.status === 429);
    expect(locked).toHaveLength(45);
    expect(locked[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    const right = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: code }));
    expect(right).toMatchObject({ status: 429, body: { message: 'Too many wrong codes. Request a new code.' } });
    expect((await collection('otp_challenges').findOne({ _id: phone as never }))?.failedAttempts).toBe(5);
  });

  it('50 parallel guesses with the right code among them: at most 5 are ever compared, so the right one sent late loses', async () => {
    let acceptedRounds = 0;
    for (let round = 0; round < 10; round++) {
      const phone = makePhone();
      const sent = await call(userLogin, '/api/user_login', jsonRequest(asha(phone), { ip: `198.51.100.${200 + round}` }));
      expect(sent.status).toBe(200);
      const code = await latestCode(phone);
      const guesses = Array.from({ length: 49 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
      // The right code goes out somewhere in the second half of the burst.
      guesses.splice(25 + Math.floor(Math.random() * 25), 0, code);
      const results = await Promise.all(guesses.map((otp) => call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp }))));
      const accepted = results.filter((r) => r.status === 200);
      const wrong = results.filter((r) => /^Wrong code\./.test(r.body.message));
      const refused = results.filter((r) => r.status !== 200 && !/^Wrong code\./.test(r.body.message));
      // A compared guess answers "accepted" or "Wrong code"; every other one is told to get a new code.
      expect(accepted.length + wrong.length, `round ${round}`).toBeLessThanOrEqual(5);
      for (const r of refused) expect(r.body.message).toMatch(/Request a new code\.$/);
      acceptedRounds += accepted.length;
    }
    // Only the first 5 guesses to reach the code are compared; one sent 26th or later is almost never among
    // them. (Were every guess compared as it arrived, the right one would win every round.)
    expect(acceptedRounds).toBeLessThanOrEqual(2);
  });

  it('refuses malformed input with 400', async () => {
    for (const body of [
      { mobile: '9876543210', otp: '12a4' },
      { mobile: '9876543210', otp: { $regex: '.*' } },
      { mobile: '98', otp: '1234' },
      'not json',
    ]) {
      const r = await call(verifyOtp, '/api/verify-otp', jsonRequest(body));
      expect(r.status).toBe(400);
    }
    const noCode = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: makePhone(), otp: '1234' }));
    expect(noCode.status).toBe(401);
  });
});

describe("someone else's name on my account", () => {
  it("a stranger's sign-in for my phone never renames me: my next sign-in keeps my name and email", async () => {
    const owner = await signIn();
    // The stranger knows the number and starts a sign-in with their own name (after the resend wait).
    await collection('otp_challenges').updateOne({ _id: owner.phone as never }, { $set: { lastSentAt: new Date(Date.now() - 60_000) } });
    const stranger = { firstName: 'Mallory', lastName: 'Stranger', phone: owner.phone, email: 'mallory@example.net' };
    expect((await call(userLogin, '/api/user_login', jsonRequest(stranger, { ip: '203.0.113.66' }))).status).toBe(200);
    // The code went to the owner's phone; the owner types it in.
    const r = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: owner.phone, otp: await latestCode(owner.phone) }));
    expect(r).toMatchObject({
      status: 200,
      body: { user: { _id: owner.userId, firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in' } },
    });
    expect((await call(me, '/api/me', authGet(r.body.token))).body.user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
    });
  });

  it('the name typed at sign-in names an account only when it is new, or made admin before its first sign-in', async () => {
    const phone = makePhone();
    await usersRepository.setRole(phone, 'admin');
    expect((await call(userLogin, '/api/user_login', jsonRequest({ ...asha(phone), firstName: 'Ishaan', email: '' }))).status).toBe(200);
    const first = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: await latestCode(phone) }));
    expect(first.body.user).toMatchObject({ firstName: 'Ishaan', lastName: 'Rao', role: 'admin' });
    await collection('otp_challenges').updateOne({ _id: phone as never }, { $set: { lastSentAt: new Date(Date.now() - 60_000) } });
    expect((await call(userLogin, '/api/user_login', jsonRequest({ ...asha(phone), firstName: 'Renamed' }))).status).toBe(200);
    const second = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: await latestCode(phone) }));
    expect(second.body.user).toMatchObject({ firstName: 'Ishaan', email: null });
  });
});

describe('PUT /api/me/profile', () => {
  it('changes the name and email of the signed-in shopper, which GET /api/me then shows', async () => {
    const { token, phone } = await signIn();
    const r = await call(
      meProfile,
      '/api/me/profile',
      jsonRequest({ firstName: ' Asha ', lastName: 'Iyer', email: 'Asha.Iyer@Example.in' }, { method: 'PUT', token }),
    );
    expect(r).toMatchObject({
      status: 200,
      body: { success: true, user: { firstName: 'Asha', lastName: 'Iyer', email: 'asha.iyer@example.in', phone } },
    });
    expect((await call(me, '/api/me', authGet(token))).body.user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Iyer',
      email: 'asha.iyer@example.in',
    });
    const cleared = await call(
      meProfile,
      '/api/me/profile',
      jsonRequest({ firstName: 'Asha', lastName: 'Iyer', email: '' }, { method: 'PUT', token }),
    );
    expect(cleared.body.user.email).toBeNull();
  });

  it("needs a token (401) and refuses bad input with the sign-in form's messages (400), changing nothing", async () => {
    const { token } = await signIn();
    expect(
      (await call(meProfile, '/api/me/profile', jsonRequest({ firstName: 'A', lastName: 'B', email: '' }, { method: 'PUT' }))).status,
    ).toBe(401);
    for (const [body, message] of [
      [{ firstName: '', lastName: 'Rao', email: '' }, 'First name is required'],
      [{ firstName: 'Asha', lastName: ' ', email: '' }, 'Last name is required'],
      [{ firstName: 'Asha', lastName: 'Rao', email: 'not-an-email' }, 'Enter a valid email'],
      [{ firstName: { $ne: null }, lastName: 'Rao', email: '' }, 'First name is required'],
      [{ firstName: 'Asha', lastName: 'Rao', email: '', role: 'admin' }, 'unknown field "role"'],
      [{ firstName: 'Asha', lastName: 'Rao', email: '', phone: '9000000000' }, 'unknown field "phone"'],
    ] as const) {
      const r = await call(meProfile, '/api/me/profile', jsonRequest(body, { method: 'PUT', token }));
      expect({ status: r.status, success: r.body.success }).toEqual({ status: 400, success: false });
      expect(r.body.message).toContain(message);
    }
    expect((await call(me, '/api/me', authGet(token))).body.user).toMatchObject({ firstName: 'Asha', lastName: 'Rao', role: 'customer' });
  });
});

describe('POST /api/resend-otp', () => {
  it('refuses a resend within 30 s with 429 and Retry-After', async () => {
    const phone = makePhone();
    await call(userLogin, '/api/user_login', jsonRequest(asha(phone)));
    const r = await call(resendOtp, '/api/resend-otp', jsonRequest({ mobile: phone }));
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(25);
  });

  it('sends a new code after the wait, and the old code stops working', async () => {
    const phone = makePhone();
    await call(userLogin, '/api/user_login', jsonRequest(asha(phone)));
    const old = await latestCode(phone);
    // Pretend the first code went out a minute ago.
    await collection('otp_challenges').updateOne({ _id: phone as never }, { $set: { lastSentAt: new Date(Date.now() - 60_000) } });
    expect(await call(resendOtp, '/api/resend-otp', jsonRequest({ mobile: phone }))).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const fresh = await latestCode(phone);
    if (fresh !== old) expect((await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: old }))).status).toBe(401);
    expect((await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: phone, otp: fresh }))).status).toBe(200);
  });

  it('needs a sign-in in progress', async () => {
    const r = await call(resendOtp, '/api/resend-otp', jsonRequest({ mobile: makePhone() }));
    expect(r).toMatchObject({ status: 400, body: { success: false } });
  });

  it('caps sends per network at OTP_IP_SENDS_PER_HOUR, across phones', async () => {
    process.env.OTP_IP_SENDS_PER_HOUR = '3';
    resetEnvForTests();
    try {
      const ip = '198.51.100.77';
      for (let i = 0; i < 3; i++)
        expect((await call(userLogin, '/api/user_login', jsonRequest(asha(makePhone()), { ip }))).status).toBe(200);
      const fourth = await call(userLogin, '/api/user_login', jsonRequest(asha(makePhone()), { ip }));
      expect(fourth.status).toBe(429);
      // The hourly window may end in seconds or in minutes, depending on when in the hour the test runs.
      expect(fourth.body.message).toMatch(/^Too many codes were requested from your network\. Try again in \d+ (seconds?|minutes?)\.$/);
      expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await call(userLogin, '/api/user_login', jsonRequest(asha(makePhone()), { ip: '198.51.100.78' }))).status).toBe(200);
    } finally {
      delete process.env.OTP_IP_SENDS_PER_HOUR;
      resetEnvForTests();
    }
  });
});

describe('the token', () => {
  it('GET /api/me answers the profile for a valid token and 401 for none, a forged, an expired or an unknown-user token', async () => {
    const { token, phone, userId } = await signIn();
    expect(await call(me, '/api/me', authGet(token))).toMatchObject({
      status: 200,
      body: { success: true, user: { _id: userId, phone, address: null } },
    });
    expect((await call(me, '/api/me')).status).toBe(401);
    expect((await call(me, '/api/me', authGet('not.a.token'))).status).toBe(401);
    expect((await call(me, '/api/me', authGet(`${token.slice(0, -3)}abc`))).status).toBe(401);
    const expired = await issueToken({ userId, version: 0 }, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    expect((await call(me, '/api/me', authGet(expired))).status).toBe(401);
    const stranger = await issueToken({ userId: 'a'.repeat(24), version: 0 });
    expect((await call(me, '/api/me', authGet(stranger))).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId, ver: 0 })).toString('base64url')}.`;
    const r = await call(me, '/api/me', authGet(none));
    expect(r).toMatchObject({ status: 401, body: { success: false } });
  });

  it('POST /api/logout-all kills every earlier token; a new sign-in works', async () => {
    const phone = makePhone();
    const first = await signIn(phone);
    await collection('otp_challenges').updateOne({ _id: phone as never }, { $set: { lastSentAt: new Date(Date.now() - 60_000) } });
    const second = await signIn(phone);
    expect((await call(logoutAll, '/api/logout-all', jsonRequest({}, { token: first.token }))).status).toBe(200);
    expect((await call(me, '/api/me', authGet(first.token))).status).toBe(401);
    expect((await call(me, '/api/me', authGet(second.token))).status).toBe(401);
    await collection('otp_challenges').updateOne({ _id: phone as never }, { $set: { lastSentAt: new Date(Date.now() - 60_000) } });
    const third = await signIn(phone);
    expect((await call(me, '/api/me', authGet(third.token))).status).toBe(200);
    expect((await call(logoutAll, '/api/logout-all', jsonRequest({}))).status).toBe(401);
  });
});

describe('PUT /api/me/address', () => {
  const address = {
    firstName: 'Asha',
    lastName: 'Rao',
    address: '12 MG Road',
    apartment: 'Flat 4B',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    phone: '9876543210',
    email: '',
  };

  it('saves the delivery address, which GET /api/me then shows', async () => {
    const { token } = await signIn();
    const r = await call(meAddress, '/api/me/address', jsonRequest(address, { method: 'PUT', token }));
    expect(r).toMatchObject({ status: 200, body: { success: true, address: { ...address, country: 'India' } } });
    expect((await call(me, '/api/me', authGet(token))).body.user.address).toEqual({ ...address, country: 'India' });
  });

  it("refuses a bad address with the checkout's messages and saves nothing", async () => {
    const { token } = await signIn();
    for (const [body, message] of [
      [{ ...address, pincode: '012345' }, 'PIN code must be 6 digits and cannot start with 0'],
      [{ ...address, city: ' ' }, 'City is required'],
      [{ ...address, state: 'Atlantis' }, 'Choose a state'],
      [{ ...address, state: 'Karnataka' }, 'PIN code 411001 is in Maharashtra, not Karnataka'],
      [{ ...address, pincode: '999999' }, 'PIN code 999999 does not exist. Please check it.'],
      [{ ...address, country: 'Nepal' }, 'We ship within India only'],
      [{ ...address, phone: { $gt: '' } }, 'Phone is required'],
      [{ ...address, isAdmin: true }, ''],
    ] as const) {
      const r = await call(meAddress, '/api/me/address', jsonRequest(body, { method: 'PUT', token }));
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect((await call(me, '/api/me', authGet(token))).body.user.address).toBeNull();
    expect((await call(meAddress, '/api/me/address', jsonRequest(address, { method: 'PUT' }))).status).toBe(401);
  });
});

describe('POST /api/event-count identity', () => {
  it('takes userId from a valid token, never from the body; anonymous events stay null', async () => {
    expect((await importCatalogue(makeCatalogue(), { overwriteStock: true })).ok).toBe(true);
    const productId = stableId('products', 'lotus-ring').toHexString();
    const { token, userId } = await signIn();
    const event = { productId, type: 'click', userId: 'someone-else', visitorId: 'v_identity_1' };
    await call(eventCount, '/api/event-count', jsonRequest(event, { token }));
    await call(eventCount, '/api/event-count', jsonRequest({ ...event, visitorId: 'v_identity_2' }));
    await call(eventCount, '/api/event-count', jsonRequest({ ...event, visitorId: 'v_identity_3' }, { token: 'forged.token.value' }));
    const stored = await collection('events')
      .find({ visitorId: { $in: ['v_identity_1', 'v_identity_2', 'v_identity_3'] } })
      .sort({ visitorId: 1 })
      .toArray();
    expect(stored.map((e) => e['userId'])).toEqual([userId, null, null]);
  });
});
