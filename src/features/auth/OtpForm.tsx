/**
 * The four code boxes: each takes one digit and moves on, Backspace on an empty box goes back, a pasted
 * or SMS-autofilled code fills them all, and the code is checked as soon as four digits are in. A resend
 * button counts down its 30 seconds.
 */
import { useEffect, useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent, SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import { formatPhone } from '@shared/phone';
import { OTP_LENGTH } from '@shared/schemas/auth';
import { $otpBusy, $otpDigits, $otpNotice, $otpPhone, $resendAt, backspaceAt, enterDigits, resendCode, verifyCode } from './otp.store';
import './auth.css';

/** What the boxes need from the page that shows them. */
export interface OtpFormProps {
  /** Called once the code is right and the token stored. */
  onVerified: () => void;
  /** Lets the shopper correct the phone (shown as "Change number"). */
  onChangeNumber?: () => void;
}

/** Seconds until a new code may be asked for, ticking once a second. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at, now]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The code entry. */
export function OtpForm({ onVerified, onChangeNumber }: OtpFormProps) {
  const phone = useStore($otpPhone);
  const digits = useStore($otpDigits);
  const busy = useStore($otpBusy);
  const notice = useStore($otpNotice);
  const wait = useSecondsUntil(useStore($resendAt));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (i: number) => boxes.current[i]?.focus();

  // The boxes replace the form the shopper just sent: focus goes to the first, not back to the page's start.
  useEffect(() => {
    boxes.current[0]?.focus();
  }, []);

  const verify = async () => {
    if (await verifyCode()) onVerified();
    else focusBox(0);
  };

  const onChange = (index: number, value: string) => {
    const next = enterDigits(index, value);
    focusBox(next);
    if ($otpDigits.get().every((d) => d !== '')) void verify();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index]) {
      event.preventDefault();
      focusBox(backspaceAt(index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onChange(index, event.clipboardData.getData('text'));
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify();
  };

  const resend = async () => {
    await resendCode();
    focusBox(0);
  };

  return (
    <form className="auth-form otp" noValidate onSubmit={onSubmit} aria-describedby="otp-sent-to">
      <p id="otp-sent-to" className="otp__sent-to">
        Enter the 4-digit code we sent to <strong>{phone ? formatPhone(phone) : 'your phone'}</strong>.
        {onChangeNumber && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={onChangeNumber}>
              Change number
            </button>
          </>
        )}
      </p>
      <fieldset className="otp__boxes">
        <legend className="visually-hidden">One-time code</legend>
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="input otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
            value={digit}
            disabled={busy === 'verifying'}
            onChange={(event) => onChange(i, event.target.value)}
            onKeyDown={(event) => onKeyDown(i, event)}
            onPaste={(event) => onPaste(i, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </fieldset>
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
      <button className="btn btn--block" type="submit" disabled={busy !== 'idle'} aria-busy={busy === 'verifying' || undefined}>
        {busy === 'verifying' ? 'Checking…' : 'Verify'}
      </button>
      <button className="btn btn--outline btn--block" type="button" disabled={wait > 0 || busy !== 'idle'} onClick={() => void resend()}>
        {busy === 'resending' ? 'Sending a new OTP…' : wait > 0 ? `Resend OTP in ${wait} s` : 'Resend OTP'}
      </button>
    </form>
  );
}

export default OtpForm;
