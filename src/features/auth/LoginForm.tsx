/**
 * The sign-in form: first and last name, a 10-digit phone after a fixed +91, and an optional email. The
 * server texts a code to the phone; `onCodeSent` decides what happens next (the /login page goes to the
 * code page; the checkout shows the code boxes in place).
 */
import { useId, useRef } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import { $loginAlert, $loginSending, loginForm, requestCode, setLoginField } from './sign-in.store';
import type { LoginFields } from './sign-in.store';
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
  const id = useId();

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = await requestCode();
    if (phone) onCodeSent(phone);
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const field = (name: keyof LoginFields, label: string, props: { type?: string; autoComplete: string; optional?: boolean }) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const isPhone = name === 'phone';
    const input = (
      <input
        id={inputId}
        className={isPhone ? 'input auth-phone__input' : 'input'}
        name={name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={isPhone ? 'numeric' : undefined}
        maxLength={isPhone ? 14 : 60}
        required={!props.optional}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? errorId : undefined}
        onChange={(event) => setLoginField(name, event.target.value)}
      />
    );
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
          {props.optional && <span className="field__optional"> (optional)</span>}
        </label>
        {isPhone ? (
          <div className="auth-phone">
            <span className="auth-phone__prefix" aria-hidden="true">
              +91
            </span>
            {input}
          </div>
        ) : (
          input
        )}
        {errors[name] && (
          <span className="field__error" id={errorId}>
            {errors[name]}
          </span>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
      <div className="auth-form__row">
        {field('firstName', 'First name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last name', { autoComplete: 'family-name' })}
      </div>
      {field('phone', 'Mobile number (India)', { type: 'tel', autoComplete: 'tel-national' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email', optional: true })}
      <Notice kind="error" text={alert} />
      <button className="btn btn--block" type="submit" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Sending code…' : submitLabel}
      </button>
      <p className="auth-form__note">We text a 4-digit code to this number to confirm it is yours. Standard SMS rates may apply.</p>
    </form>
  );
}

export default LoginForm;
