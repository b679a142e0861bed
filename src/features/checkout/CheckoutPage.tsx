/**
 * /checkouts: step 1 (only without a token) signs the shopper in right here, with the same form and code
 * boxes as /login; step 2 is the delivery, payment and billing form beside the order summary. With
 * nothing to buy it says 'No items selected' and offers a way back.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { routes } from '@shared/routes';
import { LoginForm } from '../auth/LoginForm';
import { OtpForm } from '../auth/OtpForm';
import { startCodeEntry } from '../auth/otp.store';
import { $isLoggedIn } from '../auth/token.store';
import {
  $checkoutToast,
  $lines,
  $signInStep,
  $source,
  dismissCheckoutToast,
  loadCheckoutSource,
  ensurePaymentProvider,
  prefillFromProfile,
} from './checkout.store';
import { CheckoutForm } from './CheckoutForm';
import { OrderSummary } from './OrderSummary';
import './checkout.css';

/** The step-1 sign-in, inline. */
function SignInStep() {
  const step = useStore($signInStep);
  return (
    <section className="checkout-step" aria-labelledby="checkout-signin-title">
      <h2 id="checkout-signin-title" className="checkout-step__title">
        1. Your details
      </h2>
      <p className="checkout-step__lead">Sign in with your mobile number: we text you a code, then you can finish your order.</p>
      {step === 'details' ? (
        <LoginForm
          submitLabel="Continue"
          onCodeSent={(phone) => {
            startCodeEntry(phone);
            $signInStep.set('code');
          }}
        />
      ) : (
        <OtpForm onVerified={() => $signInStep.set('details')} onChangeNumber={() => $signInStep.set('details')} />
      )}
    </section>
  );
}

/** The toast of the last outcome; errors are announced at once. Its close button is inside its box. */
function CheckoutToast() {
  const toast = useStore($checkoutToast);
  return (
    <div className="checkout-toast" aria-live="polite">
      {toast && <Notice kind={toast.kind} text={toast.text} onDismiss={dismissCheckoutToast} className="checkout-toast__item" />}
    </div>
  );
}

function CheckoutPageInner() {
  const loggedIn = useStore($isLoggedIn);
  const source = useStore($source);
  const lines = useStore($lines);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const signedInHere = useRef(false);

  useEffect(() => {
    void loadCheckoutSource();
  }, []);

  useEffect(() => {
    if (!loggedIn) {
      signedInHere.current = true;
      return;
    }
    void prefillFromProfile();
    void ensurePaymentProvider();
    // Signed in on this page: the sign-in form is gone, so focus moves to the step that replaced it.
    if (signedInHere.current) detailsHeading.current?.focus();
  }, [loggedIn]);

  if (source.kind === 'loading') return <p className="checkout__loading">Loading…</p>;
  if (lines.length === 0) {
    return (
      <div className="checkout-empty">
        <p className="checkout-empty__text">No items selected</p>
        <button type="button" className="btn" onClick={() => (history.length > 1 ? history.back() : location.assign(routes.cart))}>
          Go Back
        </button>
      </div>
    );
  }
  return (
    <div className="checkout">
      <div className="checkout__main">
        {loggedIn ? (
          <section className="checkout-step" aria-labelledby="checkout-details-title">
            <h2 id="checkout-details-title" className="checkout-step__title" ref={detailsHeading} tabIndex={-1}>
              Delivery and payment
            </h2>
            <CheckoutForm />
          </section>
        ) : (
          <SignInStep />
        )}
      </div>
      <aside className="checkout__aside">
        <OrderSummary />
      </aside>
      <CheckoutToast />
    </div>
  );
}

/** The /checkouts island. */
export default function CheckoutPage() {
  return (
    <ErrorBoundary>
      <CheckoutPageInner />
    </ErrorBoundary>
  );
}
