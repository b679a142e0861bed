/**
 * The contact form's state and rules: fields parsed by the same ContactSchema
 * as POST /api/contact, so the shopper sees the messages the server enforces; 'Sent' shows for
 * 3.5 s after success; a refused message shows the server's own words.
 */
import { atom, map } from 'nanostores';
import { contactApiPaths } from '@shared/api/contact';
import type { ContactResponse } from '@shared/api/contact';
import type { ApiResult } from '@shared/api/common';
import { tidyPhoneInput } from '@shared/phone';
import { ContactSchema } from '@shared/schemas/contact';

/** The form's fields, as typed. */
export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** Field names, in form order. */
export type ContactField = keyof ContactFields;

/** Where the form is. */
export type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

/** How long 'Sent' stays on screen. */
export const SENT_MS = 3500;

const EMPTY: ContactFields = { name: '', email: '', phone: '', message: '' };

/** What the shopper has typed. */
export const $contactFields = map<ContactFields>({ ...EMPTY });

/** One message per invalid field (the schema's first issue for it). */
export const $contactErrors = map<Partial<Record<ContactField, string>>>({});

/** Sending progress. */
export const $contactStatus = atom<ContactStatus>('idle');

/** The server's message after a refusal or network failure; null otherwise. */
export const $contactFailure = atom<string | null>(null);

let sentTimer: ReturnType<typeof setTimeout> | undefined;

/** Updates one field and clears its error, so the message disappears as soon as the shopper fixes it. */
export function setContactField(field: ContactField, value: string): void {
  $contactFields.setKey(field, value);
  if ($contactErrors.get()[field]) $contactErrors.setKey(field, undefined);
}

/** On leaving the phone box: a number the shared rule can read is shown as its 10 digits. */
export function tidyContactPhone(): void {
  const typed = $contactFields.get().phone;
  const tidy = typed.trim() === '' ? typed : tidyPhoneInput(typed);
  if (tidy !== typed) $contactFields.setKey('phone', tidy);
}

/** Prefills fields (e.g. the footer's newsletter form sends ?email=...&topic=newsletter). */
export function prefillContact(values: Partial<ContactFields>): void {
  for (const [field, value] of Object.entries(values) as [ContactField, string | undefined][]) {
    if (value && !$contactFields.get()[field]) $contactFields.setKey(field, value.slice(0, 2000));
  }
}

/** Parses the fields; on failure stores one message per field and returns null. */
export function validateContact(): ReturnType<typeof ContactSchema.parse> | null {
  const result = ContactSchema.safeParse($contactFields.get());
  if (result.success) {
    $contactErrors.set({});
    return result.data;
  }
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  $contactErrors.set(errors);
  return null;
}

/** Validates and sends the message. Returns true when the server accepted it. */
export async function submitContact(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  if ($contactStatus.get() === 'sending') return false;
  const payload = validateContact();
  if (!payload) return false;
  $contactStatus.set('sending');
  $contactFailure.set(null);
  try {
    const res = await fetchImpl(contactApiPaths.contact, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = (await res.json().catch(() => ({}))) as Partial<ApiResult<ContactResponse>>;
    if (!res.ok || body.success !== true) {
      $contactFailure.set(body.message || 'Your message could not be sent. Please try again.');
      $contactStatus.set('failed');
      return false;
    }
    $contactFields.set({ ...EMPTY });
    $contactStatus.set('sent');
    clearTimeout(sentTimer);
    sentTimer = setTimeout(() => {
      if ($contactStatus.get() === 'sent') $contactStatus.set('idle');
    }, SENT_MS);
    return true;
  } catch (error) {
    console.warn('[contact] Sending failed.', error);
    $contactFailure.set('Your message could not be sent. Please check your connection and try again.');
    $contactStatus.set('failed');
    return false;
  }
}
