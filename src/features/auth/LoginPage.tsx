/**
 * /login: the sign-in form. Once the code is sent the shopper goes to /resent-otp, carrying the phone
 * and where to return (?returnTo=, a path on this site) there. Someone already signed in goes straight on.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { routes } from '@shared/routes';
import { handOffSignIn } from './handoff';
import { LoginForm } from './LoginForm';
import { returnToFromSearch } from './return-to';
import { $isLoggedIn } from './token.store';

/** Where this sign-in should end: ?returnTo= when it names a page of this site, else home. */
const returnTarget = (): string => returnToFromSearch(location.search);

function LoginPageInner() {
  const loggedIn = useStore($isLoggedIn);

  useEffect(() => {
    if (!loggedIn) return;
    const target = returnTarget();
    location.replace(target === '/' ? routes.account : target);
  }, [loggedIn]);

  return (
    <LoginForm
      onCodeSent={(phone) => {
        handOffSignIn({ mobile: phone, returnTo: returnTarget(), sentAt: Date.now() });
        location.assign(routes.otp);
      }}
    />
  );
}

/** The /login island. */
export default function LoginPage() {
  return (
    <ErrorBoundary>
      <LoginPageInner />
    </ErrorBoundary>
  );
}
