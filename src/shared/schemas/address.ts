// zod/mini: the checkout form and the account's address editor parse with these in the browser too.
import * as z from 'zod/mini';
import { INDIAN_STATES, US_STATES } from '../india';
import { MobilePhoneSchema, OptionalEmailSchema, PhoneSchema, optionalText, requiredText } from './fields';

/** A 6-digit Indian PIN code; none starts with 0. */
const PincodeSchema = z
  .string({ error: 'PIN code is required' })
  .check(z.trim(), z.minLength(1, 'PIN code is required'), z.regex(/^([1-9]\d{5})?$/, 'PIN code must be 6 digits and cannot start with 0'));

const indianState = z.enum(INDIAN_STATES, { error: 'Choose a state' });

/** Name and street lines every address has. */
const addressLines = {
  firstName: requiredText('First name is required', 50, 'First name'),
  lastName: requiredText('Last name is required', 50, 'Last name'),
  address: requiredText('Address is required', 200, 'Address'),
  apartment: optionalText(100, 'Apartment'),
  city: requiredText('City is required', 80, 'City'),
};

/**
 * A delivery address in India: the shop ships within India only, to every state and union territory.
 * Saved on the shopper's profile and used (with the same rules) by the checkout.
 */
export const ShippingAddressSchema = z.strictObject({
  ...addressLines,
  // The courier calls this number: an Indian mobile.
  phone: MobilePhoneSchema,
  email: OptionalEmailSchema,
  country: z._default(z.literal('India', { error: 'We ship within India only' }), 'India'),
  state: indianState,
  pincode: PincodeSchema,
});

/** A parsed delivery address. */
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** A billing address: India (any state or union territory) or the United States (a state and a ZIP code). */
export const BillingAddressSchema = z.discriminatedUnion(
  'country',
  [
    z.strictObject({ ...addressLines, phone: PhoneSchema, country: z.literal('India'), state: indianState, pincode: PincodeSchema }),
    z.strictObject({
      ...addressLines,
      // A US phone is 10 digits too: the same rule as an Indian billing phone.
      phone: PhoneSchema,
      country: z.literal('United States'),
      state: z.enum(US_STATES, { error: 'Choose a state' }),
      pincode: z
        .string({ error: 'ZIP code is required' })
        .check(z.trim(), z.minLength(1, 'ZIP code is required'), z.regex(/^(\d{5}(-\d{4})?)?$/, 'ZIP code must be 5 digits')),
    }),
  ],
  { error: 'Billing country must be India or United States' },
);

/** A parsed billing address. */
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/**
 * The one shape of an address in the browser: every field a string as typed (the schemas above parse it on
 * submit). The checkout's blocks and the account's dialog edit it; printed addresses and the PIN helper use parts.
 */
export interface AddressFormValues {
  firstName: string;
  lastName: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email?: string;
}

/** What a printed address needs (saved, order and seller addresses all have it; names and apartment may be absent). */
export type PrintedAddress = Pick<AddressFormValues, 'address' | 'city' | 'state' | 'pincode'> &
  Partial<Pick<AddressFormValues, 'firstName' | 'lastName' | 'apartment'>>;

/** Billing countries offered, in order. */
