/**
 * The footer's "SIGN UP AND SAVE" form, on every page including the policy pages, which ship no React:
 * a few hundred bytes of plain script that posts the address as JSON to /api/subscribe and puts the
 * answer in the form's live region. The browser's own check (type=email, required) runs first and the
 * server parses with the shared SubscribeSchema, so zod stays out of every page's first load.
 */

/** The endpoint that lists an address. */
export const SUBSCRIBE_ENDPOINT = '/api/subscribe';

/** What the form tells the shopper after a try. */
export interface SubscribeOutcome {
  ok: boolean;
  message: string;
}

const FAILED = 'We could not sign you up. Please try again.';
const OFFLINE = 'We could not sign you up. Please check your connection and try again.';

/** The server's words without the API's prefixes ("Invalid request: email: Enter a valid email" → "Enter a valid email"). */
export function shopperMessage(message: unknown): string | null {
  if (typeof message !== 'string' || !message.trim()) return null;
  return message.replace(/^Invalid request: /, '').replace(/^[\w.]+: /, '');
}

/** Sends one sign-up; never throws, so the form always has something to say. */
export async function sendSubscription(email: string, source: string, fetchImpl: typeof fetch = fetch): Promise<SubscribeOutcome> {
  try {
    const res = await fetchImpl(SUBSCRIBE_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, source }),
    });
    const body = (await res.json().catch(() => ({}))) as { success?: unknown; message?: unknown };
    const message = shopperMessage(body.message);
    if (res.ok && body.success === true) return { ok: true, message: message ?? "Thank you! You're signed up." };
    return { ok: false, message: message ?? FAILED };
  } catch {
    return { ok: false, message: OFFLINE };
  }
}

/**
 * Takes over every `form[data-subscribe]` under root: its submit sends the email field's value, with the
 * page's path as the source, and writes the outcome into the element named by data-status (a
 * role="status" region, so screen readers announce it).
 */
export function enhanceSubscribeForms(root: ParentNode, fetchImpl: typeof fetch = fetch): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-subscribe]')) {
    const status = form.ownerDocument.getElementById(form.dataset['status'] ?? '');
    const input = form.querySelector<HTMLInputElement>('input[type="email"]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!status || !input) continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (form.getAttribute('aria-busy') === 'true') return;
      form.setAttribute('aria-busy', 'true');
      if (button) button.disabled = true;
      status.textContent = 'Signing you up…';
      delete status.dataset['state'];
      const source = form.ownerDocument.location?.pathname || '/';
      void sendSubscription(input.value.trim(), source, fetchImpl).then((outcome) => {
        status.textContent = outcome.message;
        status.dataset['state'] = outcome.ok ? 'ok' : 'error';
        if (outcome.ok) {
          form.reset();
          input.removeAttribute('aria-invalid');
        } else {
          input.setAttribute('aria-invalid', 'true');
        }
        form.removeAttribute('aria-busy');
        if (button) button.disabled = false;
      });
    });
  }
}
