import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { latestCode, makePhone } from '../fixtures/auth';
import { hashCode, newCode, otpService } from '@server/services/otp.service';
import { otpRepository } from '@server/repositories/otp.repository';

setupTestDatabase();

const profile = { firstName: 'Ravi', lastName: 'Iyer', email: '' };
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
const ip = () => `203.0.113.${Math.floor(Math.random() * 250)}`;

describe('one-time code service', () => {
  it('stores only an HMAC, never the code, and the same code hashes differently per phone and per send', async () => {
    const phone = makePhone();
    await otpService.send(phone, ip(), profile, 'localhost');
    const code = await latestCode(phone);
    const doc = await otpRepository.find(phone);
    expect(doc?.codeHash).toBeTruthy();
    expect(doc?.codeHash).not.toContain(code);
    expect(JSON.stringify(doc)).not.toContain(`"${code}"`);
    expect(hashCode(phone, 1, code)).not.toBe(hashCode(phone, 2, code));
    expect(hashCode(phone, 1, code)).not.toBe(hashCode(makePhone(), 1, code));
    expect(newCode()).toMatch(/^\d{4}$/);
  });

  it('a code is valid for 10 minutes', async () => {
    const phone = makePhone();
    const sent = new Date();
    await otpService.send(phone, ip(), profile, 'localhost', sent);
    const code = await latestCode(phone);
    await expect(otpService.verify(phone, code, at(sent, 601))).rejects.toMatchObject({
      status: 401,
      message: 'This code has expired. Request a new code.',
    });
    await expect(otpService.verify(phone, code, at(sent, 599))).resolves.toEqual(profile);
  });

  it('a code works once', async () => {
    const phone = makePhone();
    await otpService.send(phone, ip(), profile, 'localhost');
    const code = await latestCode(phone);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => otpService.verify(phone, code)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('the fifth wrong try kills the code, even for the right code afterwards', async () => {
    const phone = makePhone();
    await otpService.send(phone, ip(), profile, 'localhost');
    const code = await latestCode(phone);
    const wrong = code === '9999' ? '0000' : '9999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(
        await otpService.verify(phone, wrong).then(
          () => 'accepted',
          (e: Error) => e.message,
        ),
      );
    expect(messages).toEqual([
      'Wrong code. 4 tries left.',
      'Wrong code. 3 tries left.',
      'Wrong code. 2 tries left.',
      'Wrong code. 1 try left.',
      'Wrong code. No tries left: request a new code.',
    ]);
    await expect(otpService.verify(phone, code)).rejects.toMatchObject({ status: 429 });
  });

  it('throttles sends: 30 s apart, at most 5 an hour per phone', async () => {
    const phone = makePhone();
    const t0 = new Date();
    await otpService.send(phone, ip(), profile, 'localhost', t0);
    await expect(otpService.send(phone, ip(), undefined, 'localhost', at(t0, 10))).rejects.toMatchObject({
      status: 429,
      message: 'Please wait 20 seconds before asking for a new code.',
      headers: { 'Retry-After': '20' },
    });
    for (let i = 1; i <= 4; i++) await otpService.send(phone, ip(), undefined, 'localhost', at(t0, 31 * i));
    await expect(otpService.send(phone, ip(), undefined, 'localhost', at(t0, 31 * 5))).rejects.toMatchObject({
      status: 429,
      message: 'Too many codes were sent to this number. Try again in 58 minutes.',
    });
    await expect(otpService.send(phone, ip(), undefined, 'localhost', at(t0, 3601))).resolves.toBeUndefined();
  });

  it('concurrent sends to one phone send one code', async () => {
    const phone = makePhone();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => otpService.send(phone, ip(), profile, 'localhost')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await otpRepository.find(phone))?.sendsInWindow).toBe(1);
  });
});
