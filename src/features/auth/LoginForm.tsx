/**
 * The sign-in form: first and last name, an Indian mobile after a fixed +91, and an optional email. The
 * server texts a code to the phone; `onCodeSent` decides what happens next (the /login page goes to the
 * code page; the checkout shows the code boxes in place).
 */
import { useRef } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { $loginAlert, $loginSending, loginForm, requestCode, setLoginField, tidyLoginPhone } from './sign-in.store';
import './auth.css';

/** What the form needs from the page that shows it. */
export interface LoginFormProps {
  /** Called with the phone once the code is on its way. */
  onCodeSent: (phone: string) => void;
  /** The submit button's words. */
  submitLabel?: string;
}

/** The sign-in form. */
export function LoginForm({ onCodeSent, submitLabel = 'Send code' }: LoginFormProps) {
  const fields = useStore(loginForm.$fields);
  const errors = useStore(loginForm.$errors);
  const sending = useStore($loginSending);
  const alert = useStore($loginAlert);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = await requestCode();
    if (phone) onCodeSent(phone);
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
      <div className="auth-form__row">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          maxLength={60}
          value={fields.firstName}
          error={errors['firstName']}
          onChange={(v) => setLoginField('firstName', v)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          maxLength={60}
          value={fields.lastName}
          error={errors['lastName']}
          onChange={(v) => setLoginField('lastName', v)}
        />
      </div>
      <TextField
        label="Mobile number (India)"
        name="phone"
        // tel with the full-number autofill ("+91 98765 43210" and the like are read by the shared rule;
        // tel-national is not allowed on a tel input). No maxLength: a paste must arrive whole, never cut.
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        prefix="+91"
        value={fields.phone}
        error={errors['phone']}
        onChange={(v) => setLoginField('phone', v)}
        onBlur={tidyLoginPhone}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        optional
        maxLength={254}
        value={fields.email}
        error={errors['email']}
        onChange={(v) => setLoginField('email', v)}
      />
      <Notice kind="error" text={alert} />
      <button className="btn btn--block" type="submit" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Sending code…' : submitLabel}
      </button>
      <p className="auth-form__note">We text a 4-digit code to this number to confirm it is yours. Standard SMS rates may apply.</p>
    </form>
  );
}

export default LoginForm;
