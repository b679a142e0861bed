import { describe, expect, it } from 'vitest';
import { LoginSchema } from '@shared/schemas/auth';
import { createForm } from './form.store';

describe('form store', () => {
  const form = () => createForm(LoginSchema, { firstName: '', lastName: '', phone: '', email: '' });

  it('keeps one message per field, the first the schema gives', () => {
    const f = form();
    expect(f.validate()).toBeNull();
    expect(f.$errors.get()).toEqual({ firstName: 'First name is required', lastName: 'Last name is required', phone: 'Phone is required' });
  });

  it('clears a message when its field changes or is filled in', () => {
    const f = form();
    f.validate();
    f.set('firstName', 'Asha');
    expect(f.$errors.get().firstName).toBeUndefined();
    f.fill({ lastName: 'Rao', phone: '9876543210' });
    expect(f.$errors.get()).toEqual({});
    expect(f.validate()).toEqual({ firstName: 'Asha', lastName: 'Rao', phone: '9876543210', email: '' });
  });

  it('starts over on reset', () => {
    const f = form();
    f.set('firstName', 'Asha');
    f.validate();
    f.reset();
    expect(f.$fields.get().firstName).toBe('');
    expect(f.$errors.get()).toEqual({});
  });
});
