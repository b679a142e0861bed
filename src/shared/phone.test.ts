import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneProblem } from './phone';

describe('normalisePhone', () => {
  it('reads every form people paste as the same 10 digits', () => {
    for (const pasted of [
      '9876543210',
      '+91 98765 43210',
      '+919876543210',
      '919876543210',
      '098765 43210',
      '09876543210',
      '98765-43210',
      '(98765) 43210',
      '+91-98765-43210',
      ' 98765 43210 ',
      // What formatPhone shows, copied from a page (non-breaking spaces).
      '+91\u00a098765\u00a043210',
    ])
      expect(normalisePhone(pasted), pasted).toBe('9876543210');
  });

  it('never cuts a longer number down to 10 digits', () => {
    // 91 + 9 digits: keeping the first 10 would give a stranger's number.
    expect(normalisePhone('91987654321')).toBeNull();
    expect(normalisePhone('+91 98765 4321')).toBeNull();
    expect(normalisePhone('123456789012345')).toBeNull();
    expect(normalisePhone('+91 098765 43210')).toBeNull();
    expect(normalisePhone('0098765 43210')).toBeNull();
  });

  it('drops only spaces, dashes and brackets: letters and other characters make it invalid', () => {
    expect(normalisePhone('98765abc43')).toBeNull();
    expect(normalisePhone('98765.43210')).toBeNull();
    expect(normalisePhone('98765/43210')).toBeNull();
    expect(normalisePhone('+1 98765 43210')).toBeNull();
    expect(normalisePhone('9876543210 ext 2')).toBeNull();
    expect(normalisePhone('')).toBeNull();
  });
});

describe('phoneProblem', () => {
  it('names what is wrong, one message', () => {
    expect(phoneProblem('', 'mobile')).toBe('Phone is required');
    expect(phoneProblem('   ', 'any')).toBe('Phone is required');
    expect(phoneProblem('98765', 'mobile')).toBe('Phone must be 10 digits');
    expect(phoneProblem('98765abcde', 'any')).toBe('Phone must be 10 digits');
    expect(phoneProblem('91987654321', 'mobile')).toBe('Phone must be 10 digits');
    expect(phoneProblem('5876543210', 'mobile')).toBe('Enter a valid Indian mobile number');
    expect(phoneProblem('0123456789', 'mobile')).toBe('Enter a valid Indian mobile number');
  });

  it('accepts Indian mobiles (6 to 9 first) everywhere, other 10-digit numbers only where any phone will do', () => {
    for (const first of ['6', '7', '8', '9']) expect(phoneProblem(`+91 ${first}8765 43210`, 'mobile')).toBeNull();
    expect(phoneProblem('2025550143', 'any')).toBeNull();
    expect(phoneProblem('5876543210', 'any')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows a number one way, with non-breaking spaces so it never wraps', () => {
    expect(formatPhone('9876543210')).toBe('+91\u00a098765\u00a043210');
    expect(formatPhone('123')).toBe('123');
  });
});
