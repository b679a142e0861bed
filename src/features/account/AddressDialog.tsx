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
import { INDIAN_STATES } from '../../shared/india';
import {
  $addressDialogOpen,
  $addressNotice,
  $addressSaving,
  addressForm,
  closeAddressDialog,
  saveAddress,
  setAddressField,
} from './account.store';
import type { AddressFields } from './account.store';

/** The dialog; rendered only while open. */
export function AddressDialog({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const open = useStore($addressDialogOpen);
  const fields = useStore(addressForm.$fields);
  const errors = useStore(addressForm.$errors);
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

  const input = (
    name: keyof AddressFields,
    label: string,
    autoComplete: string,
    opts: { optional?: boolean; type?: string; inputMode?: 'numeric' | 'email' } = {},
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
        {opts.optional && <span className="field__optional"> (optional)</span>}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        name={name}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        autoComplete={autoComplete}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setAddressField(name, event.target.value)}
      />
      {errors[name] && (
        <span className="field__error" id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );

  return (
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && closeAddressDialog()}>
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="dialog__title">
          Edit Address
        </h2>
        <form className="address-form" noValidate onSubmit={onSubmit}>
          <div className="address-form__row">
            {input('firstName', 'First name', 'given-name')}
            {input('lastName', 'Last name', 'family-name')}
          </div>
          {input('address', 'Address', 'address-line1')}
          {input('apartment', 'Apartment, suite, etc.', 'address-line2', { optional: true })}
          <div className="address-form__row">
            {input('city', 'City', 'address-level2')}
            <div className="field">
              <label className="field__label" htmlFor={`${id}-state`}>
                State
              </label>
              <select
                id={`${id}-state`}
                className="input"
                name="state"
                autoComplete="address-level1"
                value={fields.state}
                aria-invalid={errors['state'] ? true : undefined}
                aria-describedby={errors['state'] ? `${id}-state-error` : undefined}
                onChange={(event) => setAddressField('state', event.target.value)}
              >
                <option value="">Choose a state</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              {errors['state'] && (
                <span className="field__error" id={`${id}-state-error`}>
                  {errors['state']}
                </span>
              )}
            </div>
          </div>
          <div className="address-form__row">
            {input('pincode', 'PIN code', 'postal-code', { inputMode: 'numeric' })}
            {input('phone', 'Phone', 'tel-national', { type: 'tel', inputMode: 'numeric' })}
          </div>
          {input('email', 'Email', 'email', { optional: true, type: 'email', inputMode: 'email' })}
          <Notice kind={notice?.kind ?? 'info'} text={notice?.kind === 'error' ? notice.text : null} />
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
