/**
 * The account page: the shopper's profile and saved delivery address (edited in a dialog, saved on the
 * server with the checkout's own address rules, and used to prefill the next checkout), and signing out
 * here or everywhere.
 */
import { atom } from 'nanostores';
import { authApiPaths, type LogoutAllResponse, type MeResponse, type Profile, type SaveAddressResponse } from '../../shared/api/auth';
import { ShippingAddressSchema, type ShippingAddress } from '../../shared/schemas/address';
import { phoneDigits } from '../../shared/phone';
import { callApi } from '../auth/api-client';
import { rememberFirstName, signOut } from '../auth/token.store';
import { createForm } from '../forms/form.store';

/** The address dialog's fields (country is always India). */
export interface AddressFields {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

const EMPTY_ADDRESS: AddressFields = {
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
/** Loading state of the profile. */
export const $profileState = atom<'idle' | 'loading' | 'ready' | 'error' | 'signed-out'>('idle');
/** The address dialog's form. */
export const addressForm = createForm<AddressFields, ShippingAddress>(ShippingAddressSchema, EMPTY_ADDRESS);
/** Whether the address dialog is open. */
export const $addressDialogOpen = atom(false);
/** Saving progress and outcome of the address dialog. */
export const $addressSaving = atom(false);
export const $addressNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** Loads the profile; a refused token ends as 'signed-out'. */
export async function loadProfile(fetchImpl?: typeof fetch): Promise<void> {
  $profileState.set('loading');
  const r = await callApi<MeResponse>(authApiPaths.me, { auth: true }, fetchImpl);
  if (r.ok) {
    $profile.set(r.data.user);
    // A name changed elsewhere (or a sign-in from before the header showed names) reaches the header here.
    rememberFirstName(r.data.user.firstName);
    $profileState.set('ready');
  } else {
    $profileState.set(r.status === 401 ? 'signed-out' : 'error');
  }
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

/** Sets a dialog field (the phone and PIN keep digits only). */
export function setAddressField(field: keyof AddressFields, value: string): void {
  const cleaned = field === 'phone' ? phoneDigits(value) : field === 'pincode' ? value.replace(/\D/g, '').slice(0, 6) : value;
  addressForm.set(field, cleaned);
}

/** Validates and saves the address on the server; closes the dialog on success. */
export async function saveAddress(fetchImpl?: typeof fetch): Promise<boolean> {
  if ($addressSaving.get()) return false;
  const address = addressForm.validate({ ...addressForm.$fields.get(), country: 'India' });
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

/** Signs out on every device (every token issued so far stops working), then here. */
export async function signOutEverywhere(fetchImpl?: typeof fetch): Promise<boolean> {
  const r = await callApi<LogoutAllResponse>(authApiPaths.logoutAll, { method: 'POST', auth: true }, fetchImpl);
  signOut();
  return r.ok || r.status === 401;
}
