import { describe, expect, it } from 'vitest';
import { deliveredAt, kindAllowed, returnDeadline, urgentDeadline, windowRefusal } from './returns';

const delivered = new Date('2026-11-26T06:30:00Z'); // 12 noon in India, Thu 26 Nov
const after = (hours: number) => new Date(delivered.getTime() + hours * 3_600_000);

describe('the return windows', () => {
  it('open for 7 days from delivery, to the minute', () => {
    expect(returnDeadline(delivered).toISOString()).toBe('2026-12-03T06:30:00.000Z');
    expect(windowRefusal('changed_mind', delivered, after(7 * 24))).toBeNull();
    expect(windowRefusal('changed_mind', delivered, after(7 * 24 + 0.01))).toBe(
      'Returns and replacements for this order closed on Thu, 3 Dec (7 days after delivery).',
    );
  });

  it('damaged or missing parcels: 48 hours; other reasons still open after', () => {
    expect(urgentDeadline(delivered).toISOString()).toBe('2026-11-28T06:30:00.000Z');
    expect(windowRefusal('damaged', delivered, after(47.9))).toBeNull();
    expect(windowRefusal('not_received', delivered, after(48.1))).toMatch(/within 48 hours of delivery \(by 28 Nov, 12:00 pm\)/);
    expect(windowRefusal('wrong_item', delivered, after(48.1))).toBeNull();
  });

  it('nothing before delivery; the delivery time is the last delivered step', () => {
    expect(windowRefusal('size', null, delivered)).toMatch(/once the order is delivered/);
    const history = [
      { status: 'confirmed', at: '2026-11-20T00:00:00Z' },
      { status: 'delivered', at: delivered.toISOString() },
    ];
    expect(deliveredAt({ status: 'delivered', statusHistory: history })).toEqual(delivered);
    expect(deliveredAt({ status: 'shipped', statusHistory: history })).toBeNull();
  });

  it('a replacement is for a damaged, missing, wrong or faulty piece or another size; anything may be refunded', () => {
    expect(kindAllowed('replacement', 'size')).toBe(true);
    expect(kindAllowed('replacement', 'defect')).toBe(true);
    expect(kindAllowed('replacement', 'changed_mind')).toBe(false);
    expect(kindAllowed('replacement', 'not_as_described')).toBe(false);
    expect(kindAllowed('refund', 'changed_mind')).toBe(true);
  });
});
