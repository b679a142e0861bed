/**
 * The Edit details dialog: first name, last name and email, with the sign-in form's rules, saved on the
 * server. The only place a shopper's name and email change (a sign-in never does). Focus stays inside
 * while it is open; Escape closes it.
 */
import { useId, useRef } from 'react';
import type { RefObject, SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import {
  $profileDialogOpen,
  $profileNotice,
  $profileSaving,
  closeProfileDialog,
  profileForm,
  saveProfile,
  setProfileField,
} from './account.store';
import '../forms/forms.css';

/** The dialog; rendered only while open. */
export function ProfileDialog({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const open = useStore($profileDialogOpen);
  const fields = useStore(profileForm.$fields);
  const errors = useStore(profileForm.$errors);
  const saving = useStore($profileSaving);
  const notice = useStore($profileNotice);
  const dialogRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useFocusTrap(dialogRef, open, closeProfileDialog, returnFocusTo);
  if (!open) return null;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await saveProfile())) dialogRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && closeProfileDialog()}>
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="dialog__title">
          Edit details
        </h2>
        <form className="address-form" noValidate onSubmit={onSubmit}>
          <div className="form-row">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              maxLength={60}
              value={fields.firstName}
              error={errors['firstName']}
              onChange={(v) => setProfileField('firstName', v)}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              maxLength={60}
              value={fields.lastName}
              error={errors['lastName']}
              onChange={(v) => setProfileField('lastName', v)}
            />
          </div>
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            optional
            maxLength={254}
            value={fields.email}
            error={errors['email']}
            onChange={(v) => setProfileField('email', v)}
          />
          <Notice kind="error" text={notice?.kind === 'error' ? notice.text : null} />
          <div className="dialog__actions">
            <button type="button" className="btn btn--outline" onClick={closeProfileDialog}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={saving} aria-busy={saving || undefined}>
              {saving ? 'Saving…' : 'Save details'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
