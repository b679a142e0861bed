import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $contactErrors,
  $contactFailure,
  $contactFields,
  $contactStatus,
  prefillContact,
  SENT_MS,
  setContactField,
  submitContact,
} from './contact.store';

function fill(values: Partial<Record<'name' | 'email' | 'phone' | 'message', string>>) {
  for (const [k, v] of Object.entries(values)) setContactField(k as 'name', v);
}

beforeEach(() => {
  $contactFields.set({ name: '', email: '', phone: '', message: '' });
  $contactErrors.set({});
  $contactStatus.set('idle');
  $contactFailure.set(null);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('contact form', () => {
  it('shows the schema’s message per field and sends nothing', async () => {
    const fetchImpl = vi.fn();
    fill({ email: 'not-an-email', phone: '12345' });
    expect(await submitContact(fetchImpl)).toBe(false);
    expect($contactErrors.get()).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email',
      phone: 'Phone must be 10 digits',
      message: 'Message is required',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    setContactField('name', 'Asha');
    expect($contactErrors.get().name).toBeUndefined();
  });

  it('posts JSON, shows Sent for 3.5 s and clears the form', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Sent' }), { status: 201 }));
    fill({ name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210', message: 'Do you resize kadas?' });
    expect(await submitContact(fetchImpl)).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '9876543210',
      message: 'Do you resize kadas?',
    });
    expect($contactStatus.get()).toBe('sent');
    expect($contactFields.get().name).toBe('');
    vi.advanceTimersByTime(SENT_MS - 1);
    expect($contactStatus.get()).toBe('sent');
    vi.advanceTimersByTime(1);
    expect($contactStatus.get()).toBe('idle');
  });

  it('shows the server’s message when the message is refused', async () => {
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify({ success: false, message: 'Too many messages, try later' }), { status: 429 }),
    );
    fill({ name: 'Asha', email: 'asha@example.in', message: 'Hello' });
    expect(await submitContact(fetchImpl)).toBe(false);
    expect($contactStatus.get()).toBe('failed');
    expect($contactFailure.get()).toBe('Too many messages, try later');
    expect($contactFields.get().name).toBe('Asha');
  });

  it('prefills only empty fields', () => {
    setContactField('email', 'typed@example.in');
    prefillContact({ email: 'from-url@example.in', message: 'Newsletter please' });
    expect($contactFields.get().email).toBe('typed@example.in');
    expect($contactFields.get().message).toBe('Newsletter please');
  });
});
