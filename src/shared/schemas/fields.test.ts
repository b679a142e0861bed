import { describe, expect, it } from 'vitest';
import { MobilePhoneSchema, OptionalPhoneSchema, PhoneSchema, optionalText, requiredText } from './fields';
import { ContactSchema } from './contact';

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

describe('shopper text fields', () => {
  const firstName = requiredText('First name is required', 50, 'First name');
  const apartment = optionalText(100, 'Apartment');

  it('store the NFC form of what was typed, trimmed', () => {
    // "José" typed with a combining accent (NFD, 5 code points) is stored composed (4).
    expect(outcome(firstName, ' Jose\u0301 ')).toEqual({ value: 'Jos\u00e9' });
    expect(outcome(apartment, 'Flat 4B')).toEqual({ value: 'Flat 4B' });
  });

  it('keep the joiners Indic scripts need inside a visible name', () => {
    // Devanagari क्‍ष (ZWJ) and क्‌ष (ZWNJ); Malayalam with a ZWJ after a virama, as older keyboards type chillus.
    for (const name of [
      '\u0915\u094d\u200d\u0937',
      '\u0915\u094d\u200c\u0937',
      '\u0d05\u0d35\u0d28\u0d4d\u200d',
      '\u0d38\u0d4d\u200c\u0d28\u0d47\u0d39',
    ])
      expect(outcome(firstName, name), JSON.stringify(name)).toEqual({ value: name });
  });

  it('treat text with nothing visible as missing', () => {
    for (const invisible of ['\u200b', '\u200b\u200c\u200d', ' \u2060 ', '\ufeff', '\u00ad\u00ad', '\u3164', '\u2800', ' \u00a0 ']) {
      expect(outcome(firstName, invisible), JSON.stringify(invisible)).toEqual({ messages: ['First name is required'] });
      expect(outcome(apartment, invisible), JSON.stringify(invisible)).toEqual({ value: '' });
    }
  });

  it('refuse control and bidi override characters with one message naming the field', () => {
    for (const hidden of [
      'Asha\u202e',
      '\u202eahsA',
      '\u2066Asha\u2069',
      'As\u202aha',
      'Asha\u0000',
      'As\u0007ha',
      'Asha\tRao',
      'Asha\u0085',
      '\u202e',
    ]) {
      expect(outcome(firstName, hidden), JSON.stringify(hidden)).toEqual({
        messages: ['First name contains characters that are not allowed'],
      });
      expect(outcome(apartment, hidden), JSON.stringify(hidden)).toEqual({
        messages: ['Apartment contains characters that are not allowed'],
      });
    }
  });

  it("the contact form's name and message follow the same rules; the message may span lines", () => {
    const base = { name: 'Asha', email: 'asha@example.in', message: 'Hello' };
    const messagesOf = (body: object) => {
      const r = ContactSchema.safeParse(body);
      return r.success ? r.data : r.error.issues.map((i) => i.message);
    };
    expect(messagesOf({ ...base, name: '\u200b\u200b' })).toEqual(['Name is required']);
    expect(messagesOf({ ...base, name: 'Asha\u202e' })).toEqual(['Name contains characters that are not allowed']);
    expect(messagesOf({ ...base, message: '\u2060' })).toEqual(['Message is required']);
    expect(messagesOf({ ...base, message: 'Hi\u0007' })).toEqual(['Message contains characters that are not allowed']);
    expect(messagesOf({ ...base, message: 'Line one\r\n\tLine two' })).toMatchObject({ message: 'Line one\r\n\tLine two' });
  });
});
