import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { AppError } from '@server/errors';
import { rateLimitService, waitInWords } from '@server/services/rate-limit.service';

setupTestDatabase();

const limit = { name: 'test-sends', limit: 5, windowSeconds: 3600, message: 'Too many codes requested from this network.' };

describe('rate limits', () => {
  it('50 concurrent hits against a limit of 5: exactly 5 pass, the rest get 429 with Retry-After and a wait in words', async () => {
    const now = new Date('2026-11-24T10:15:00Z');
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => rateLimitService.consume(limit, '203.0.113.7', now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(refused).toHaveLength(45);
    for (const err of refused) {
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(429);
      // 10:15 in a window ending at 11:00: 45 minutes left.
      expect(err.headers['Retry-After']).toBe('2700');
      expect(err.message).toBe('Too many codes requested from this network. Try again in 45 minutes.');
    }
  });

  it('counts each subject and each window separately', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    for (let i = 0; i < 5; i++) await rateLimitService.consume(limit, '198.51.100.1', now);
    await expect(rateLimitService.consume(limit, '198.51.100.1', now)).rejects.toMatchObject({ status: 429 });
    await expect(rateLimitService.consume(limit, '198.51.100.2', now)).resolves.toBeUndefined();
    await expect(rateLimitService.consume(limit, '198.51.100.1', new Date('2026-11-24T13:00:00Z'))).resolves.toBeUndefined();
  });

  it('says how long to wait in seconds or minutes', () => {
    expect(waitInWords(1)).toBe('in 1 second');
    expect(waitInWords(29.2)).toBe('in 30 seconds');
    expect(waitInWords(600)).toBe('in 10 minutes');
  });
});
