import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { announcementCycleMs, announcementKeyframes, announcementStops, announcementStyleHash } from './announcement';

describe('announcement bar timing', () => {
  it('holds each message 2.5 s and slides 0.8 s, landing on the copy of the first message', () => {
    expect(announcementCycleMs(3)).toBe(3 * 3300);
    const stops = announcementStops(3);
    // 0 ms, 2500 ms, 3300 ms, 5800 ms, 6600 ms, 9100 ms, 9900 ms of a 9900 ms cycle.
    expect(stops).toEqual([
      { at: 0, row: 0 },
      { at: 25.253, row: 0 },
      { at: 33.333, row: 1 },
      { at: 58.586, row: 1 },
      { at: 66.667, row: 2 },
      { at: 91.919, row: 2 },
      { at: 100, row: 3 },
    ]);
  });

  it('does not rotate a single message or none', () => {
    expect(announcementStops(1)).toEqual([]);
    expect(announcementKeyframes(0)).toBe('');
    expect(announcementKeyframes(1)).toBe('');
  });

  it('moves the list one 36 px row per message', () => {
    const css = announcementKeyframes(2);
    expect(css).toMatch(/^@keyframes announcement-rotate\{/);
    expect(css).toContain('0%{transform:translateY(0)}');
    expect(css).toContain('50%{transform:translateY(-36px)}');
    expect(css).toContain('100%{transform:translateY(-72px)}');
  });
});

describe('announcement style hash', () => {
  it('is the sha256 of exactly the rule the bar inlines, for the page policy', async () => {
    const expected = `sha256-${createHash('sha256').update(announcementKeyframes(4)).digest('base64')}`;
    expect(await announcementStyleHash(4)).toBe(expected);
    expect(await announcementStyleHash(1)).toBeNull();
  });
});
