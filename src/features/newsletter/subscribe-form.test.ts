// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceSubscribeForms, sendSubscription, shopperMessage } from './subscribe-form';

afterEach(() => {
  document.body.innerHTML = '';
});

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

function mountForm(): { form: HTMLFormElement; input: HTMLInputElement; status: HTMLElement; button: HTMLButtonElement } {
  document.body.innerHTML = `
    <form data-subscribe data-status="st"><input type="email" name="email" /><button type="submit">Go</button></form>
    <p id="st" role="status"></p>`;
  return {
    form: document.querySelector('form')!,
    input: document.querySelector('input')!,
    status: document.getElementById('st')!,
    button: document.querySelector('button')!,
  };
}

describe('shopperMessage', () => {
  it("keeps the server's words without the API prefixes", () => {
    expect(shopperMessage('Invalid request: email: Enter a valid email')).toBe('Enter a valid email');
    expect(shopperMessage('Too many sign-ups from this network. Try again in 12 minutes.')).toBe(
      'Too many sign-ups from this network. Try again in 12 minutes.',
    );
    expect(shopperMessage(undefined)).toBeNull();
  });
});

describe('sendSubscription', () => {
  it('posts the email and page as JSON and reports the answer', async () => {
    const fetchImpl = answer(200, { success: true, message: "Thank you! You're signed up for our special offers." });
    expect(await sendSubscription('asha@example.in', '/faq', fetchImpl)).toEqual({
      ok: true,
      message: "Thank you! You're signed up for our special offers.",
    });
    expect(fetchImpl).toHaveBeenCalledWith('/api/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'asha@example.in', source: '/faq' }),
    });
  });

  it('says what went wrong: a refusal, an unreadable answer, no network', async () => {
    expect(
      await sendSubscription('x', '/', answer(400, { success: false, message: 'Invalid request: email: Enter a valid email' })),
    ).toEqual({
      ok: false,
      message: 'Enter a valid email',
    });
    const html = vi.fn(async () => new Response('<html>', { status: 502 })) as unknown as typeof fetch;
    expect(await sendSubscription('a@b.in', '/', html)).toEqual({ ok: false, message: 'We could not sign you up. Please try again.' });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect((await sendSubscription('a@b.in', '/', offline)).message).toMatch(/check your connection/);
  });
});

describe('enhanceSubscribeForms', () => {
  it('sends on submit, announces the answer in the status region and clears the field', async () => {
    const { form, input, status, button } = mountForm();
    const fetchImpl = answer(200, { success: true, message: "Thank you! You're signed up for our special offers." });
    enhanceSubscribeForms(document, fetchImpl);
    input.value = ' asha@example.in ';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(status.textContent).toBe('Signing you up…');
    expect(button.disabled).toBe(true);
    await vi.waitFor(() => expect(status.dataset['state']).toBe('ok'));
    expect(status.textContent).toBe("Thank you! You're signed up for our special offers.");
    expect(input.value).toBe('');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(button.disabled).toBe(false);
    expect(JSON.parse((vi.mocked(fetchImpl).mock.calls[0]![1] as RequestInit).body as string)).toEqual({
      email: 'asha@example.in',
      source: '/',
    });
  });

  it('keeps the address and shows the refusal when the server says no', async () => {
    const { form, input, status } = mountForm();
    enhanceSubscribeForms(
      document,
      answer(429, { success: false, message: 'Too many sign-ups from this network. Try again in 5 minutes.' }),
    );
    input.value = 'asha@example.in';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(status.dataset['state']).toBe('error'));
    expect(status.textContent).toBe('Too many sign-ups from this network. Try again in 5 minutes.');
    expect(input.value).toBe('asha@example.in');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
