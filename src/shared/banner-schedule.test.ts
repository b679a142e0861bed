import { describe, expect, it } from 'vitest';
import { scheduleBoundaries, scheduleState } from './banner-schedule';

describe('a banner’s schedule, by India days', () => {
  const diwali = { startsOn: '2026-10-20', endsOn: '2026-11-02' };

  it('shows from the start of its first India day to the end of its last', () => {
    // 20 Oct begins at 19 Oct 18:30 UTC; 2 Nov ends at 2 Nov 18:30 UTC.
    expect(scheduleState(diwali, new Date('2026-10-19T18:29:59.999Z'))).toBe('upcoming');
    expect(scheduleState(diwali, new Date('2026-10-19T18:30:00.000Z'))).toBe('showing');
    expect(scheduleState(diwali, new Date('2026-11-02T18:29:59.999Z'))).toBe('showing');
    expect(scheduleState(diwali, new Date('2026-11-02T18:30:00.000Z'))).toBe('ended');
  });

  it('an open side never limits it', () => {
    expect(scheduleState({}, new Date('2030-01-01'))).toBe('showing');
    expect(scheduleState({ startsOn: '', endsOn: '2026-01-01' }, new Date('2020-01-01'))).toBe('showing');
    expect(scheduleState({ startsOn: '2026-01-01' }, new Date('2099-01-01'))).toBe('showing');
  });

  it('lists every moment a banner starts or stops, in order', () => {
    expect(scheduleBoundaries([diwali, { endsOn: '2026-10-10' }, {}]).map((d) => d.toISOString())).toEqual([
      '2026-10-10T18:30:00.000Z',
      '2026-10-19T18:30:00.000Z',
      '2026-11-02T18:30:00.000Z',
    ]);
  });
});
