/**
 * The contact form island: name, email, optional phone and message, validated with the shared
 * ContactSchema, posted to /api/contact. The button reads 'Sent' for 3.5 s after success.
 */
import { useEffect, useId, useRef } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import {
  $contactErrors,
  $contactFailure,
  $contactFields,
  $contactStatus,
  prefillContact,
  setContactField,
  submitContact,
  tidyContactPhone,
} from './contact.store';
import type { ContactField } from './contact.store';
import './contact.css';

/** The message prefilled when the shopper arrives from the footer's newsletter sign-up. */
const NEWSLETTER_MESSAGE = 'Please add me to the Chandi Kala newsletter for new designs and special offers.';

function ContactFormInner() {
  const fields = useStore($contactFields);
  const errors = useStore($contactErrors);
  const status = useStore($contactStatus);
  const failure = useStore($contactFailure);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (f: ContactField) => `${id}-${f}`;
  const errorId = (f: ContactField) => `${id}-${f}-error`;

  // The footer's "Sign up and save" form lands here with ?email=...&topic=newsletter.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const email = params.get('email') ?? undefined;
    const newsletter = params.get('topic') === 'newsletter';
    prefillContact({ email, ...(newsletter ? { message: NEWSLETTER_MESSAGE } : {}) });
  }, []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await submitContact();
    if (!ok) {
      // Move focus to the first invalid field, so keyboard and screen-reader users land on the problem.
      const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      firstInvalid?.focus();
    }
  };

  const input = (field: Exclude<ContactField, 'message'>, label: string, type: string, autoComplete: string, hint?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={fieldId(field)}>
        {label}
      </label>
      {hint && (
        <span className="field__hint" id={`${fieldId(field)}-hint`}>
          {hint}
        </span>
      )}
      <input
        id={fieldId(field)}
        className="input"
        type={type}
        name={field}
        autoComplete={autoComplete}
        inputMode={field === 'phone' ? 'tel' : undefined}
        value={fields[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={
          [hint ? `${fieldId(field)}-hint` : '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(event) => setContactField(field, event.target.value)}
        onBlur={field === 'phone' ? tidyContactPhone : undefined}
      />
      {errors[field] && (
        <span className="field__error" id={errorId(field)}>
          {errors[field]}
        </span>
      )}
    </div>
  );

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit}>
      <div className="contact-form__row">
        {input('name', 'Your name', 'text', 'name')}
        {input('email', 'Email', 'email', 'email')}
      </div>
      {/* Any form people paste ("+91 98765 43210") is read by the shared phone rule; tel-national is not allowed on tel. */}
      {input('phone', 'Phone (optional)', 'tel', 'tel', '10 digits, so we can call you back')}
      <div className="field">
        <label className="field__label" htmlFor={fieldId('message')}>
          Message
        </label>
        <textarea
          id={fieldId('message')}
          className="input"
          name="message"
          rows={6}
          value={fields.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? errorId('message') : undefined}
          onChange={(event) => setContactField('message', event.target.value)}
        />
        {errors.message && (
          <span className="field__error" id={errorId('message')}>
            {errors.message}
          </span>
        )}
      </div>
      <div className="contact-form__actions">
        <button
          type="submit"
          className={status === 'sent' ? 'btn contact-form__submit is-sent' : 'btn contact-form__submit'}
          disabled={status === 'sending'}
        >
          {status === 'sending' ? 'Sending…' : status === 'sent' ? 'Sent' : 'Send message'}
        </button>
        <p className="contact-form__status" role="status">
          {status === 'sent' ? 'Thank you. Your message has been sent; we reply within one working day.' : ''}
        </p>
      </div>
      <p className="contact-form__failure" role="alert">
        {status === 'failed' && failure ? failure : ''}
      </p>
    </form>
  );
}

/** The form inside an error boundary. */
export function ContactForm() {
  return (
    <ErrorBoundary>
      <ContactFormInner />
    </ErrorBoundary>
  );
}

export default ContactForm;
