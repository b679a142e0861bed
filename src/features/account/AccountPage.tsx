/**
 * /account: the signed-in shopper's name and phone (name and email changed with Edit details), their orders (six-character numbers, status, total,
 * links to details, tracking and invoice, Cancel within the policy), the saved delivery address with
 * Manage (the Edit Address dialog), the order history link and signing out. Without a token it sends
 * the shopper to sign in and brings them back.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { PostalAddress } from '../../components/ui/PostalAddress';
import { formatPhone } from '@shared/phone';
import { routes } from '@shared/routes';
import { loginPathReturningTo } from '../auth/return-to';
import { $leavingAfterSignOut, $token, signOutAndGo } from '../auth/token.store';
import { OrderCard } from '../orders/OrderCard';
import { $cancelNotice, $myOrders, $myOrdersState, cancelMyOrder, loadMyOrders } from '../orders/orders.store';
import {
  $addressNotice,
  $profile,
  $profileNotice,
  $profileState,
  loadProfile,
  openAddressDialog,
  openProfileDialog,
  signOutEverywhere,
} from './account.store';
import { AddressDialog } from './AddressDialog';
import { ProfileDialog } from './ProfileDialog';
import './account.css';

/** How many orders the account page lists before pointing to the full history. */
const RECENT_ORDERS = 5;

let leavingForSignIn = false;

/**
 * Goes to sign in once: a refused token clears the token and fails both loads, and each would navigate
 * again. Not after a Sign out (here or in the header's menu): that navigation is already on its way.
 */
function toSignIn(): void {
  if (leavingForSignIn || $leavingAfterSignOut.get()) return;
  leavingForSignIn = true;
  location.replace(loginPathReturningTo(routes.login, routes.account));
}

function AccountPageInner() {
  const token = useStore($token);
  const profile = useStore($profile);
  const profileState = useStore($profileState);
  const orders = useStore($myOrders);
  const ordersState = useStore($myOrdersState);
  const cancelNotice = useStore($cancelNotice);
  const addressNotice = useStore($addressNotice);
  const profileNotice = useStore($profileNotice);
  const manageRef = useRef<HTMLButtonElement>(null);
  const editDetailsRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!$token.get()) return toSignIn();
    void loadProfile();
    void loadMyOrders();
  }, []);

  // A token refused by the server (expired, revoked, or signed out in another tab) ends the visit here.
  useEffect(() => {
    if (!token || profileState.status === 'signed-out' || ordersState.status === 'signed-out') toSignIn();
  }, [token, profileState.status, ordersState.status]);

  if (profileState.status === 'error') return <Notice kind="error" text="Your account could not be loaded. Please refresh the page." />;
  if (!profile) return <p className="account__loading">Loading…</p>;

  const address = profile.address;
  return (
    <div className="account">
      <section className="account__hello" aria-labelledby="account-name">
        <h1 id="account-name">
          {profile.firstName} {profile.lastName}
        </h1>
        <p className="account__phone">{formatPhone(profile.phone)}</p>
        {profile.email && <p className="account__email">{profile.email}</p>}
        <button ref={editDetailsRef} type="button" className="btn btn--outline btn--sm" onClick={openProfileDialog}>
          Edit details
        </button>
        <Notice kind={profileNotice?.kind ?? 'info'} text={profileNotice?.kind === 'success' ? profileNotice.text : null} />
        {profile.role === 'admin' && (
          <a className="btn btn--outline btn--sm" href={routes.adminOrders}>
            Manage all orders
          </a>
        )}
      </section>

      <section className="account__orders" aria-labelledby="account-orders">
        <div className="account__section-head">
          <h2 id="account-orders">Your orders</h2>
          <span className="account__order-links">
            <a href={routes.orderTracking()}>Track an order</a>
            <a href={routes.orderHistory}>View order history</a>
          </span>
        </div>
        {ordersState.status === 'loading' && <p>Loading…</p>}
        {ordersState.status === 'error' && <Notice kind="error" text={ordersState.message} />}
        {ordersState.status === 'ready' && orders.length === 0 && (
          <div className="account__empty">
            <p>No orders found</p>
            <a className="btn" href={routes.allProducts}>
              Start shopping
            </a>
          </div>
        )}
        {orders.length > 0 && (
          <ul className="account__order-list">
            {orders.slice(0, RECENT_ORDERS).map((order) => (
              <OrderCard
                key={order._id}
                order={order}
                onCancel={(id) => void cancelMyOrder(id)}
                notice={cancelNotice?.orderId === order._id ? cancelNotice : null}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="account__address" aria-labelledby="account-address">
        <div className="account__section-head">
          <h2 id="account-address">Primary address</h2>
          <button ref={manageRef} type="button" className="btn btn--outline btn--sm" onClick={openAddressDialog}>
            Manage
          </button>
        </div>
        {address ? (
          <PostalAddress address={address} className="account__address-card">
            <br />
            {address.country} · <span className="phone-number">{formatPhone(address.phone)}</span>
          </PostalAddress>
        ) : (
          <p className="account__muted">No address saved yet. Add one and your next checkout fills it in.</p>
        )}
        <Notice kind={addressNotice?.kind ?? 'info'} text={addressNotice?.kind === 'success' ? addressNotice.text : null} />
      </section>

      <section className="account__signout" aria-label="Sign out">
        <button type="button" className="btn btn--outline" onClick={() => signOutAndGo(routes.home)}>
          Sign out
        </button>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            // Signing out always ends on the sign-in page; the cleared token must not start a second navigation.
            leavingForSignIn = true;
            void signOutEverywhere().then(() => location.assign(routes.login));
          }}
        >
          Sign out everywhere
        </button>
      </section>
      <AddressDialog returnFocusTo={manageRef} />
      <ProfileDialog returnFocusTo={editDetailsRef} />
    </div>
  );
}

/** The /account island. */
export default function AccountPage() {
  return (
    <ErrorBoundary>
      <AccountPageInner />
    </ErrorBoundary>
  );
}
