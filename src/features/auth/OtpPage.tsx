/**
 * /resent-otp: the code boxes for the sign-in in progress. Without one (the page opened directly, or its
 * state lost) it offers a way back to sign-in. A right code returns the shopper where sign-in started.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { routes } from '@shared/routes';
import { OtpForm } from './OtpForm';
import { $codePage, resumeSignIn } from './otp.store';
import { loginPathReturningTo } from './return-to';

function OtpPageInner() {
  const page = useStore($codePage);
  useEffect(resumeSignIn, []);

  if (page.state === 'unknown') return <p className="auth-loading">Loading…</p>;
  if (page.state === 'none') {
    return (
      <div className="auth-empty">
        <p>There is no sign-in in progress on this page. Start with your name and phone number.</p>
        <a className="btn" href={routes.login}>
          Go Back
        </a>
      </div>
    );
  }
  return (
    <OtpForm
      onVerified={() => location.assign(page.returnTo === '/' ? routes.home : page.returnTo)}
      onChangeNumber={() => location.assign(loginPathReturningTo(routes.login, page.returnTo))}
    />
  );
}

/** The /resent-otp island. */
export default function OtpPage() {
  return (
    <ErrorBoundary>
      <OtpPageInner />
    </ErrorBoundary>
  );
}
