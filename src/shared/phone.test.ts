import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits } from './phone';

describe('phone numbers', () => {
  it('reads typed and pasted numbers as 10 digits', () => {
    expect(phoneDigits('98765 43210')).toBe('9876543210');
    expect(phoneDigits('+91 98765-43210')).toBe('9876543210');
    expect(phoneDigits('098765 43210')).toBe('9876543210');
    expect(phoneDigits('98765abc')).toBe('98765');
    expect(phoneDigits('123456789012345')).toBe('1234567890');
  });

  it('formats a number the way people read it', () => {
    expect(formatPhone('9876543210')).toBe('+91 98765 43210');
    expect(formatPhone('123')).toBe('123');
  });
});
