/** The answer to a signed-in shopper who opens a catalogue page: what it is for, and how to get access. */
import { Notice } from '../../components/ui/Notice';
import { routes } from '@shared/routes';

/** Says the page is for the shop's catalogue editors and admins. */
export function StaffOnly() {
  return (
    <div className="catalogue">
      <h1>Editors and admins only</h1>
      <Notice kind="error" text="You are signed in, but this account cannot change the shop’s catalogue." />
      <p>If you look after the shop’s products, ask an owner to give your phone number the editor role, then sign in again.</p>
      <a className="btn btn--outline" href={routes.account}>
        Go to your account
      </a>
    </div>
  );
}
