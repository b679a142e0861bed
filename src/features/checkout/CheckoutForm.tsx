/**
 * Step 2 of the checkout: delivery (email, country India, names, address, city, state, PIN code, phone,
 * "Save this information for next time"), payment (Razorpay, or cash on delivery below ₹2,499), billing
 * (same as shipping by default; unchecking shows its own block, India or the United States), and the
 * button that places the order, which shows progress and cannot be pressed twice.
 */
import { useRef } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { SelectField, TextField } from '../../components/ui/Field';
import { BILLING_COUNTRIES, SHIPPING_COUNTRIES } from '@shared/india';
import { formatINR } from '@shared/money';
import { COD_FEE, COD_FEE_LABEL, COD_UNAVAILABLE_MESSAGE } from '@shared/pricing';
import { routes } from '@shared/routes';
import { AddressFields } from '../forms/AddressFields';
import type { AddressFormValues } from '@shared/schemas/address';
import {
  $billingSameAsShipping,
  $checkoutBusy,
  $codAvailable,
  $paymentMethod,
  $paymentProvider,
  $saveInfo,
  $totals,
  billingForm,
  billingPincode,
  choosePaymentMethod,
  placeOrder,
  setBillingField,
  shippingPincode,
  setShippingField,
  shippingForm,
} from './checkout.store';

const BUSY_LABELS = { placing: 'Placing your order…', paying: 'Waiting for payment…', confirming: 'Confirming your payment…' } as const;

/** The delivery, payment and billing form. */
export function CheckoutForm() {
  const shipping = useStore(shippingForm.$fields);
  const shippingErrors = useStore(shippingForm.$errors);
  const billing = useStore(billingForm.$fields);
  const billingErrors = useStore(billingForm.$errors);
  const shippingTowns = useStore(shippingPincode.$towns);
  const billingTowns = useStore(billingPincode.$towns);
  const method = useStore($paymentMethod);
  const codAvailable = useStore($codAvailable);
  const sameAsShipping = useStore($billingSameAsShipping);
  const saveInfo = useStore($saveInfo);
  const busy = useStore($checkoutBusy);
  const provider = useStore($paymentProvider);
  const totals = useStore($totals);
  const formRef = useRef<HTMLFormElement>(null);
  const payOnline = method === 'razorpay' || !codAvailable;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await placeOrder((orderId) => location.assign(routes.orderSuccess(orderId)));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={onSubmit} aria-busy={busy !== 'idle' || undefined}>
      <fieldset className="checkout-form__section">
        <legend className="checkout-form__legend">Delivery</legend>
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          optional
          autoComplete="email"
          maxLength={254}
          hint="For your order confirmation and invoice."
          value={shipping.email}
          error={shippingErrors['email']}
          onChange={(v) => setShippingField('email', v)}
        />
        <SelectField
          label="Country"
          name="country"
          autoComplete="shipping country-name"
          options={SHIPPING_COUNTRIES}
          value="India"
          onChange={() => undefined}
        />
        <AddressFields values={shipping} errors={shippingErrors} onChange={setShippingField} cityOptions={shippingTowns} />
        <label className="check">
          <input type="checkbox" checked={saveInfo} onChange={(event) => $saveInfo.set(event.target.checked)} />
          <span>Save this information for next time</span>
        </label>
      </fieldset>

      <fieldset className="checkout-form__section">
        <legend className="checkout-form__legend">Payment</legend>
        <p className="checkout-form__note">All payments are in Indian rupees (₹).</p>
        <div className="choice-list" role="radiogroup" aria-label="Payment method">
          <label className={payOnline ? 'choice choice--selected' : 'choice'}>
            <input
              type="radio"
              name="paymentMethod"
              value="razorpay"
              checked={payOnline}
              onChange={() => choosePaymentMethod('razorpay')}
            />
            <span className="choice__text">
              <strong>Pay online with Razorpay</strong>
              <span>UPI, cards, net banking and wallets. Shipping is free.</span>
            </span>
          </label>
          {codAvailable ? (
            <label className={payOnline ? 'choice' : 'choice choice--selected'}>
              <input type="radio" name="paymentMethod" value="cod" checked={!payOnline} onChange={() => choosePaymentMethod('cod')} />
              <span className="choice__text">
                <strong>Cash on delivery</strong>
                <span>
                  Pay when your parcel arrives. {COD_FEE_LABEL} {formatINR(COD_FEE)}.
                </span>
              </span>
            </label>
          ) : (
            <p className="checkout-form__note" role="note">
              {COD_UNAVAILABLE_MESSAGE}
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className="checkout-form__section">
        <legend className="checkout-form__legend">Billing address</legend>
        <label className="check">
          <input type="checkbox" checked={sameAsShipping} onChange={(event) => $billingSameAsShipping.set(event.target.checked)} />
          <span>Same as shipping address</span>
        </label>
        {!sameAsShipping && (
          <div className="checkout-form__billing">
            <SelectField
              label="Country"
              name="billingCountry"
              autoComplete="billing country-name"
              options={BILLING_COUNTRIES}
              value={billing.country}
              error={billingErrors['country']}
              onChange={(v) => setBillingField('country', v)}
            />
            <AddressFields<Exclude<keyof AddressFormValues, 'email'>>
              values={billing}
              errors={billingErrors}
              onChange={setBillingField}
              country={billing.country}
              section="billing"
              cityOptions={billingTowns}
            />
          </div>
        )}
      </fieldset>

      <button
        className="btn btn--block checkout-form__submit"
        type="submit"
        disabled={busy !== 'idle'}
        aria-busy={busy !== 'idle' || undefined}
      >
        {busy !== 'idle' ? BUSY_LABELS[busy] : payOnline ? `Pay ${formatINR(totals.total)}` : `Place order · ${formatINR(totals.total)}`}
      </button>
      {payOnline && provider.sandbox && (
        <p className="checkout-form__note">Local sandbox: payments here are simulated and no money moves.</p>
      )}
    </form>
  );
}
