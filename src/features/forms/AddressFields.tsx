/**
 * The fields of an address, laid out once for the account's address dialog and the checkout's delivery and
 * billing blocks: names, street lines, city, state (every Indian state and union territory, or US states
 * for a US billing address), PIN or ZIP code, phone after +91, and optionally email.
 */
import { SelectField, TextField } from '../../components/ui/Field';
import { statesOf, type BillingCountry } from '@shared/india';
import { tidyPhoneInput } from '@shared/phone';
import type { AddressFormValues } from '@shared/schemas/address';
import './forms.css';

/** What the fields need: values, one message per field, and what a change does. */
export interface AddressFieldsProps<F extends keyof AddressFormValues> {
  values: AddressFormValues;
  errors: Record<string, string | undefined>;
  onChange: (field: F, value: string) => void;
  /** Country whose states are offered (India unless a US billing address). */
  country?: BillingCountry;
  /** Show the optional email field at the end. */
  withEmail?: boolean;
  /** Prefix for autocomplete sections, e.g. "billing" (default: "shipping"). */
  section?: 'shipping' | 'billing';
  /** Towns the PIN code may be in, offered by the city box (it stays free to type). */
  cityOptions?: readonly string[];
}

/** The address fields. */
export function AddressFields<F extends keyof AddressFormValues>({
  values,
  errors,
  onChange,
  country = 'India',
  withEmail = false,
  section = 'shipping',
  cityOptions = [],
}: AddressFieldsProps<F>) {
  const townsId = `${section}-towns`;
  const set = (field: keyof AddressFormValues) => (value: string) => onChange(field as F, value);
  const india = country === 'India';
  return (
    <>
      <div className="form-row">
        <TextField
          label="First name"
          name="firstName"
          autoComplete={`${section} given-name`}
          maxLength={60}
          value={values.firstName}
          error={errors['firstName']}
          onChange={set('firstName')}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete={`${section} family-name`}
          maxLength={60}
          value={values.lastName}
          error={errors['lastName']}
          onChange={set('lastName')}
        />
      </div>
      <TextField
        label="Address"
        name="address"
        autoComplete={`${section} address-line1`}
        maxLength={200}
        value={values.address}
        error={errors['address']}
        onChange={set('address')}
      />
      <TextField
        label="Apartment, suite, etc."
        name="apartment"
        optional
        autoComplete={`${section} address-line2`}
        maxLength={100}
        value={values.apartment}
        error={errors['apartment']}
        onChange={set('apartment')}
      />
      {/* City and PIN side by side, then State on a row of its own: a third of a row cut off long names
          (Dadra and Nagar Haveli and Daman and Diu). */}
      <div className="form-row form-row--3">
        <TextField
          label="City"
          name="city"
          autoComplete={`${section} address-level2`}
          maxLength={80}
          value={values.city}
          error={errors['city']}
          onChange={set('city')}
          list={cityOptions.length > 1 ? townsId : undefined}
        />
        {cityOptions.length > 1 && (
          <datalist id={townsId}>
            {cityOptions.map((town) => (
              <option key={town} value={town} />
            ))}
          </datalist>
        )}
        <TextField
          label={india ? 'PIN code' : 'ZIP code'}
          name="pincode"
          inputMode="numeric"
          autoComplete={`${section} postal-code`}
          maxLength={india ? 6 : 10}
          value={values.pincode}
          error={errors['pincode']}
          onChange={set('pincode')}
        />
        <SelectField
          label="State"
          name="state"
          autoComplete={`${section} address-level1`}
          placeholder="Choose a state"
          options={statesOf(country)}
          value={values.state}
          error={errors['state']}
          onChange={set('state')}
        />
      </div>
      <TextField
        label="Phone"
        name="phone"
        // tel with the full-number autofill: "+91 98765 43210" is read by the shared rule when the form is
        // parsed (tel-national is not allowed on a tel input). No maxLength: a paste must arrive whole.
        type="tel"
        inputMode="tel"
        autoComplete={`${section} tel`}
        prefix={india ? '+91' : '+1'}
        value={values.phone}
        error={errors['phone']}
        onChange={set('phone')}
        onBlur={() => {
          const tidy = tidyPhoneInput(values.phone);
          if (tidy !== values.phone) onChange('phone' as F, tidy);
        }}
      />
      {withEmail && (
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          optional
          autoComplete="email"
          maxLength={254}
          value={values.email ?? ''}
          error={errors['email']}
          onChange={set('email')}
        />
      )}
    </>
  );
}
