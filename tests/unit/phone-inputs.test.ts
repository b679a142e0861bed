import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressFields } from '../../src/features/forms/AddressFields';
import type { AddressFormValues } from '@shared/schemas/address';
import { LoginForm } from '../../src/features/auth/LoginForm';
import { ContactForm } from '../../src/features/contact/ContactForm';

const EMPTY: AddressFormValues = { firstName: '', lastName: '', address: '', apartment: '', city: '', state: '', pincode: '', phone: '' };

/** The <input name="phone"> a form renders. */
function phoneInput(html: string): string {
  const input = /<input[^>]*name="phone"[^>]*>/.exec(html)?.[0];
  if (!input) throw new Error('no phone input rendered');
  return input;
}

describe('phone boxes', () => {
  it('are tel inputs that take a whole paste: no maxlength, the phone keypad, full-number autofill', () => {
    const boxes = {
      signIn: phoneInput(renderToStaticMarkup(createElement(LoginForm, { onCodeSent: () => undefined }))),
      delivery: phoneInput(renderToStaticMarkup(createElement(AddressFields, { values: EMPTY, errors: {}, onChange: () => undefined }))),
      billing: phoneInput(
        renderToStaticMarkup(
          createElement(AddressFields, {
            values: EMPTY,
            errors: {},
            onChange: () => undefined,
            section: 'billing',
            country: 'United States',
          }),
        ),
      ),
      contact: phoneInput(renderToStaticMarkup(createElement(ContactForm))),
    };
    for (const [form, input] of Object.entries(boxes)) {
      expect(input, form).toContain('type="tel"');
      expect(input, form).toContain('inputMode="tel"');
      expect(input, form).not.toMatch(/maxlength/i);
    }
    expect(boxes.signIn).toContain('autoComplete="tel"');
    expect(boxes.delivery).toContain('autoComplete="shipping tel"');
    expect(boxes.billing).toContain('autoComplete="billing tel"');
  });
});
