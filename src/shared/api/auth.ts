/**
 * Wire types of the sign-in and account endpoints, shared by the functions that answer and the islands
 * that call them. Imports nothing at runtime.
 */
import type { ShippingAddress } from '../schemas/address';

/**
 * Who may do what: customers shop; editors also run the catalogue (products) and nothing else; admins do
 * everything. Granted on the server only (`npm run admin:grant -- <phone> --role editor`).
 */
export type Role = 'customer' | 'editor' | 'admin';

/** The back-office roles: the ones that may open any admin page at all. */
export const STAFF_ROLES = ['editor', 'admin'] as const;

/** A signed-in shopper as the browser sees them. */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  role: Role;
}

/** The account page's view of the shopper: the user plus their saved delivery address. */
export interface Profile extends User {
  address: ShippingAddress | null;
}

/** POST /api/user_login: a code was sent; no token until it is checked. */
export interface LoginResponse {
  success: true;
  message: string;
  otpRequired: true;
}

/** POST /api/verify-otp: the phone is proven; here is the token. */
export interface VerifyOtpResponse {
  success: true;
  message: string;
  token: string;
  user: User;
}

/** POST /api/resend-otp: a new code is on its way; the old one is dead. */
export interface ResendOtpResponse {
  success: true;
  message: string;
}

/** GET /api/me. */
export interface MeResponse {
  success: true;
  user: Profile;
}

/** PUT /api/me/address. */
export interface SaveAddressResponse {
  success: true;
  message: string;
  address: ShippingAddress;
}

/** PUT /api/me/profile: the name and email as saved. */
export interface SaveProfileResponse {
  success: true;
  message: string;
  user: Profile;
}

/** POST /api/logout-all. */
export interface LogoutAllResponse {
  success: true;
  message: string;
}

/** Paths of the sign-in and account endpoints. */
export const authApiPaths = {
  userLogin: '/api/user_login',
  verifyOtp: '/api/verify-otp',
  resendOtp: '/api/resend-otp',
  me: '/api/me',
  meAddress: '/api/me/address',
  meProfile: '/api/me/profile',
  logoutAll: '/api/logout-all',
} as const;
