/**
 * The Edit Address dialog: the delivery address with the checkout's own rules (every Indian state and
 * union territory, a 6-digit PIN code, a 10-digit phone), saved on the server. Focus stays inside while
 * it is open; Escape closes it.
 */
import { useId, useRef } from 'react';
import type { RefObject, SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import { AddressFields } from '../forms/AddressFields';
import {
  $addressDialogOpen,
  $addressNotice,
  $addressSaving,
  addressForm,
  addressPincode,
  closeAddressDialog,
  saveAddress,
  setAddressField,
} from './account.store';

/** The dialog; rendered only while open. */
export function AddressDialog({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const open = useStore($addressDialogOpen);
  const fields = useStore(addressForm.$fields);
  const errors = useStore(addressForm.$errors);
  const towns = useStore(addressPincode.$towns);
  const saving = useStore($addressSaving);
  const notice = useStore($addressNotice);
  const dialogRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useFocusTrap(dialogRef, open, closeAddressDialog, returnFocusTo);
  if (!open) return null;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await saveAddress())) dialogRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && closeAddressDialog()}>
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="dialog__title">
          Edit Address
        </h2>
        <form className="address-form" noValidate onSubmit={onSubmit}>
          <AddressFields
            values={fields}
            errors={errors}
            onChange={(field, value) => setAddressField(field, value)}
            cityOptions={towns}
            withEmail
          />
          <Notice kind="error" text={notice?.kind === 'error' ? notice.text : null} />
          <div className="dialog__actions">
            <button type="button" className="btn btn--outline" onClick={closeAddressDialog}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={saving} aria-busy={saving || undefined}>
              {saving ? 'Saving…' : 'Save address'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
