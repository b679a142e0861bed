import { describe, expect, it } from 'vitest';
import { MobilePhoneSchema, OptionalPhoneSchema, PhoneSchema } from './fields';

/** The parsed value, or the messages of a refusal. */
function outcome(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? { value: r.data } : { messages: r.error!.issues.map((i) => i.message) };
}

describe('phone fields', () => {
  it('store what was pasted as 10 digits', () => {
    for (const pasted of ['+91 98765 43210', '+919876543210', '098765 43210', '98765-43210', '(98765) 43210']) {
      expect(outcome(MobilePhoneSchema, pasted), pasted).toEqual({ value: '9876543210' });
      expect(outcome(PhoneSchema, pasted), pasted).toEqual({ value: '9876543210' });
    }
  });

  it('refuse with exactly one message', () => {
    const cases: [unknown, string][] = [
      ['', 'Phone is required'],
      [undefined, 'Phone is required'],
      [{ $gt: '' }, 'Phone is required'],
      ['98765', 'Phone must be 10 digits'],
      ['98765abcde', 'Phone must be 10 digits'],
      ['91987654321', 'Phone must be 10 digits'],
      ['+91 98765 432100', 'Phone must be 10 digits'],
      ['5876543210', 'Enter a valid Indian mobile number'],
    ];
    for (const [value, message] of cases) expect(outcome(MobilePhoneSchema, value), String(value)).toEqual({ messages: [message] });
  });

  it('a billing phone is any 10 digits (a US number too), by the same rule', () => {
    expect(outcome(PhoneSchema, '(202) 555-0143')).toEqual({ value: '2025550143' });
    expect(outcome(PhoneSchema, '5876543210')).toEqual({ value: '5876543210' });
    expect(outcome(PhoneSchema, '202-555-014')).toEqual({ messages: ['Phone must be 10 digits'] });
  });

  it('an optional phone is empty when not given, and otherwise follows the rule', () => {
    expect(outcome(OptionalPhoneSchema, undefined)).toEqual({ value: '' });
    expect(outcome(OptionalPhoneSchema, '  ')).toEqual({ value: '' });
    expect(outcome(OptionalPhoneSchema, '+91 98765 43210')).toEqual({ value: '9876543210' });
    expect(outcome(OptionalPhoneSchema, '12345')).toEqual({ messages: ['Phone must be 10 digits'] });
  });
});
