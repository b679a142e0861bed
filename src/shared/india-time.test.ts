import { describe, expect, it } from 'vitest';
import { fromIndiaLocal, indiaDay, indiaDayStart, indiaWallClock, toIndiaLocal } from './india-time';

describe("the shop's clock", () => {
  it("turns the India day at 18:30 UTC, whatever the machine's own zone", () => {
    expect(indiaDay(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(indiaDay(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
    expect(indiaWallClock(new Date('2026-12-05T08:30:00Z')).getUTCHours()).toBe(14);
  });

  it('starts an India day at the instant its first minute begins, and reads it back as that day', () => {
    const start = indiaDayStart('2026-12-05');
    expect(start.toISOString()).toBe('2026-12-04T18:30:00.000Z');
    expect(indiaDay(start)).toBe('2026-12-05');
    expect(indiaDay(new Date(start.getTime() - 1))).toBe('2026-12-04');
  });

  it('reads and writes a datetime-local field in India time, both ways', () => {
    expect(fromIndiaLocal('2026-12-31T23:59').toISOString()).toBe('2026-12-31T18:29:00.000Z');
    expect(toIndiaLocal(new Date('2026-12-31T18:29:00.000Z'))).toBe('2026-12-31T23:59');
    expect(toIndiaLocal(fromIndiaLocal('2027-01-01T00:00'))).toBe('2027-01-01T00:00');
  });
});
