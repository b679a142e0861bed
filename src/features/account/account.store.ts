/**
 * The account page: the shopper's profile (name and email, edited in a dialog with the sign-in form's
 * rules; a sign-in never changes them), the saved delivery address (edited in a dialog, saved on the
 * server with the checkout's own address rules, and used to prefill the next checkout), and signing out
 * here or everywhere.
 */
import { atom } from 'nanostores';
import {
  authApiPaths,
  type LogoutAllResponse,
  type MeResponse,
  type Profile,
  type SaveAddressResponse,
  type SaveProfileResponse,
} from '@shared/api/auth';
import { ShippingAddressSchema, type AddressFormValues, type ShippingAddress } from '@shared/schemas/address';
import { ProfileSchema, type ProfileInput } from '@shared/schemas/auth';
import { callApi } from '../auth/api-client';
import { rememberFirstName, signOut } from '../auth/token.store';
import { createForm } from '../forms/form.store';
import { createPincodeAssist } from '../forms/pincode-assist';
import { fetchInto, type Fetched, type NotAsked } from '../shared/fetched';

/** The address dialog's fields (country is always India; the email box is always there). */
type AddressDialogValues = Required<AddressFormValues>;

const EMPTY_ADDRESS: AddressDialogValues = {
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  apartment: '',
  city: '',
  state: '',
  pincode: '',
  phone: '',
};

/** The profile; null until loaded. */
export const $profile = atom<Profile | null>(null);
/** Loading state of the profile (the profile itself is in $profile, which the dialogs update). */
export const $profileState = atom<Fetched<object> | NotAsked>({ status: 'idle' });
/** The address dialog's form. */
export const addressForm = createForm<AddressDialogValues, ShippingAddress>(ShippingAddressSchema, EMPTY_ADDRESS);
/** Fills the city and state from the PIN code, and checks them before the address is saved. */
export const addressPincode = createPincodeAssist(addressForm);
/** Whether the address dialog is open. */
export const $addressDialogOpen = atom(false);
/** Saving progress and outcome of the address dialog. */
export const $addressSaving = atom(false);
export const $addressNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** Loads the profile; a refused token ends as 'signed-out'. */
export async function loadProfile(fetchImpl?: typeof fetch): Promise<void> {
  await fetchInto(
    $profileState,
    () => callApi<MeResponse>(authApiPaths.me, { auth: true }, fetchImpl),
    (data) => {
      $profile.set(data.user);
      // A name changed elsewhere (or a sign-in from before the header showed names) reaches the header here.
      rememberFirstName(data.user.firstName);
      return {};
    },
    { fallback: 'Your account could not be loaded. Please refresh the page.' },
  );
}

/** Opens the address dialog filled with the saved address (or the shopper's name and phone). */
export function openAddressDialog(): void {
  const profile = $profile.get();
  const saved = profile?.address;
  addressForm.reset();
  addressForm.fill(
    saved
      ? { ...saved }
      : {
          firstName: profile?.firstName ?? '',
          lastName: profile?.lastName ?? '',
          phone: profile?.phone ?? '',
          email: profile?.email ?? '',
        },
  );
  $addressNotice.set(null);
  $addressDialogOpen.set(true);
}

/** Closes the dialog without saving. */
export function closeAddressDialog(): void {
  $addressDialogOpen.set(false);
}

/**
 * Sets a dialog field. The PIN keeps digits only; the phone keeps what was typed (the shared rule reads it
 * when the form is parsed, so a paste is never cut while typing).
 */
export function setAddressField(field: keyof AddressDialogValues, value: string): void {
  const cleaned = field === 'pincode' ? value.replace(/\D/g, '').slice(0, 6) : value;
  addressForm.set(field, cleaned);
  if (field === 'pincode') void addressPincode.pincodeChanged(cleaned);
}

/** Validates and saves the address on the server; closes the dialog on success. */
export async function saveAddress(fetchImpl?: typeof fetch): Promise<boolean> {
  if ($addressSaving.get()) return false;
  const valid = addressForm.validate({ ...addressForm.$fields.get(), country: 'India' });
  const address = addressPincode.check() ? valid : null;
  if (!address) return false;
  $addressSaving.set(true);
  try {
    const r = await callApi<SaveAddressResponse>(authApiPaths.meAddress, { method: 'PUT', body: address, auth: true }, fetchImpl);
    if (!r.ok) {
      $addressNotice.set({ kind: 'error', text: r.message ?? 'The address could not be saved. Please try again.' });
      return false;
    }
    const profile = $profile.get();
    if (profile) $profile.set({ ...profile, address: r.data.address });
    $addressDialogOpen.set(false);
    $addressNotice.set({ kind: 'success', text: 'Address saved. It will fill in your next checkout.' });
    return true;
  } finally {
    $addressSaving.set(false);
  }
}

/** The details dialog's fields. */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
}

/** The details dialog's form (the sign-in form's rules). */
export const profileForm = createForm<ProfileFields, ProfileInput>(ProfileSchema, { firstName: '', lastName: '', email: '' });
/** Whether the details dialog is open. */
export const $profileDialogOpen = atom(false);
/** Saving progress and outcome of the details dialog. */
export const $profileSaving = atom(false);
export const $profileNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** Opens the details dialog filled with the current name and email. */
export function openProfileDialog(): void {
  const profile = $profile.get();
  profileForm.reset();
  profileForm.fill({ firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '', email: profile?.email ?? '' });
  $profileNotice.set(null);
  $profileDialogOpen.set(true);
}

/** Closes the details dialog without saving. */
export function closeProfileDialog(): void {
  $profileDialogOpen.set(false);
}

/** Sets a details field as typed. */
export function setProfileField(field: keyof ProfileFields, value: string): void {
  profileForm.set(field, value);
}

/** Validates and saves the name and email on the server; closes the dialog on success. */
export async function saveProfile(fetchImpl?: typeof fetch): Promise<boolean> {
  if ($profileSaving.get()) return false;
  const input = profileForm.validate();
  if (!input) return false;
  $profileSaving.set(true);
  try {
    const r = await callApi<SaveProfileResponse>(authApiPaths.meProfile, { method: 'PUT', body: input, auth: true }, fetchImpl);
    if (!r.ok) {
      $profileNotice.set({ kind: 'error', text: r.message ?? 'Your details could not be saved. Please try again.' });
      return false;
    }
    $profile.set(r.data.user);
    rememberFirstName(r.data.user.firstName);
    $profileDialogOpen.set(false);
    $profileNotice.set({ kind: 'success', text: 'Your details are saved.' });
    return true;
  } finally {
    $profileSaving.set(false);
  }
}

/** Signs out on every device (every token issued so far stops working), then here. */
export async function signOutEverywhere(fetchImpl?: typeof fetch): Promise<boolean> {
  const r = await callApi<LogoutAllResponse>(authApiPaths.logoutAll, { method: 'POST', auth: true }, fetchImpl);
  signOut();
  return r.ok || r.status === 401;
}
