/**
 * /admin/discounts: the shop's discount codes for admins. A list (a table on desktop, cards on phones) with
 * what each code gives, its minimum order, validity in India's time, uses, limits and status; a form to
 * create or edit a code (checked with the server's schema, messages by the fields); Pause / Resume / End,
 * End asking first because it is permanent. The server decides who is an admin; this page renders the
 * store's answer and calls its actions.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import type { DiscountCode } from '@shared/discounts';
import { adminRoutes } from '../back-office/admin-routes';
import { DISCOUNT_STATUS_LABELS, givesText, minOrderText, usesText, validityText, type DiscountField } from './admin-discounts';
import {
  $changingCode,
  $confirmingEnd,
  $discountForm,
  $discountList,
  $discountNotice,
  askToEnd,
  cancelEnd,
  changeDiscountStatus,
  closeForm,
  loadDiscounts,
  openCreate,
  openEdit,
  setField,
  submitForm,
} from './admin-discounts.store';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import './admin.css';

/** A labelled input with its hint and message, wired for screen readers. */
function Field(props: {
  name: DiscountField;
  label: ReactNode;
  hint?: string;
  optional?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const form = useStore($discountForm);
  const id = useId();
  const error = form.errors[props.name];
  const describedBy = [props.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
        {props.optional && <span className="field__optional"> (optional)</span>}
      </label>
      {props.hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      )}
      {props.children({ id, describedBy, invalid: error ? true : undefined })}
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** A text, number or datetime-local box bound to one field of the form. */
function Box(props: {
  name: Exclude<DiscountField, 'kind' | 'firstOrderOnly'>;
  label: ReactNode;
  hint?: string;
  optional?: boolean;
  type?: 'text' | 'datetime-local';
  inputMode?: 'decimal' | 'numeric';
  readOnly?: boolean;
  maxLength?: number;
}) {
  const form = useStore($discountForm);
  return (
    <Field name={props.name} label={props.label} hint={props.hint} optional={props.optional}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input"
          name={props.name}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete="off"
          maxLength={props.maxLength}
          readOnly={props.readOnly}
          required={!props.optional}
          value={form.values[props.name]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => setField(props.name, e.target.value)}
        />
      )}
    </Field>
  );
}

function DiscountFormPanel() {
  const form = useStore($discountForm);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [form.mode]);
  if (form.mode === 'closed') return null;
  const editing = form.mode === 'edit';
  const percent = form.values.kind === 'percent';
  return (
    <section className="admin-detail__card admin-discount-form" aria-labelledby="discount-form-title">
      <h2 id="discount-form-title" ref={heading} tabIndex={-1} className="admin-discount-form__title">
        {editing ? `Edit ${form.values.code}` : 'New discount code'}
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submitForm();
        }}
      >
        <div className="admin-discount-form__grid">
          <Box
            name="code"
            label="Code"
            hint={editing ? 'A code cannot be renamed.' : '3 to 20 letters or digits; shoppers may type it in any case.'}
            readOnly={editing}
            maxLength={20}
          />
          <fieldset className="admin-discount-form__kind">
            <legend className="field__label">Type</legend>
            <label>
              <input type="radio" name="kind" value="percent" checked={percent} onChange={() => setField('kind', 'percent')} /> Percent off
            </label>
            <label>
              <input type="radio" name="kind" value="flat" checked={!percent} onChange={() => setField('kind', 'flat')} /> Flat amount off
            </label>
          </fieldset>
          <Box name="value" label={percent ? 'Percent off (%)' : 'Amount off (₹)'} inputMode="decimal" />
          {percent && <Box name="maxOff" label="Most it takes off (₹)" hint="Empty for no cap." optional inputMode="decimal" />}
          <Box name="minOrder" label="Minimum order (₹)" hint="Value of the items; empty for none." optional inputMode="decimal" />
          <Box name="validFrom" label="Valid from (India time)" type="datetime-local" hint="Empty: from now." optional />
          <Box name="validTo" label="Valid to (India time)" type="datetime-local" hint="Empty: no end date." optional />
          <Box name="totalUses" label="Total uses" hint="Across all shoppers; empty for no limit." optional inputMode="numeric" />
          <Box name="perShopperUses" label="Uses per shopper" hint="Empty for no limit." optional inputMode="numeric" />
          <Field name="firstOrderOnly" label="First order only">
            {({ id, describedBy }) => (
              <label className="admin-discount-form__check" htmlFor={`${id}-box`}>
                <input
                  id={`${id}-box`}
                  type="checkbox"
                  checked={form.values.firstOrderOnly}
                  aria-describedby={describedBy}
                  onChange={(e) => setField('firstOrderOnly', e.target.checked)}
                />{' '}
                Only for shoppers who have not ordered before
              </label>
            )}
          </Field>
          <Box name="note" label="Note for the team" hint="Never shown to shoppers." optional maxLength={200} />
        </div>
        <Notice kind="error" text={form.message} />
        <div className="admin-detail__actions">
          <button type="submit" className="btn btn--sm" disabled={form.saving}>
            {form.saving ? 'Saving…' : editing ? 'Save changes' : 'Create code'}
          </button>
          <button type="button" className="btn btn--outline btn--sm" onClick={closeForm}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

function StatusButtons({ code }: { code: DiscountCode }) {
  const changing = useStore($changingCode);
  const confirming = useStore($confirmingEnd);
  if (code.status === 'ended') return <span className="admin-detail__muted">Ended for good</span>;
  const busy = changing !== null;
  if (confirming === code.code) {
    const id = `confirm-end-${code.code}`;
    return (
      <div className="admin-detail__confirm" role="group" aria-labelledby={id}>
        <p id={id}>End {code.code}? Ending is permanent: the code cannot be resumed or edited.</p>
        <button
          type="button"
          className="btn btn--sm admin-detail__danger"
          disabled={busy}
          onClick={() => void changeDiscountStatus(code.code, 'ended')}
        >
          Yes, end {code.code}
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={cancelEnd}>
          Keep it
        </button>
      </div>
    );
  }
  return (
    <div className="admin-detail__actions">
      <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={() => openEdit(code)}>
        Edit<span className="visually-hidden"> {code.code}</span>
      </button>
      {code.status === 'active' ? (
        <button
          type="button"
          className="btn btn--outline btn--sm"
          disabled={busy}
          onClick={() => void changeDiscountStatus(code.code, 'paused')}
        >
          Pause<span className="visually-hidden"> {code.code}</span>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--outline btn--sm"
          disabled={busy}
          onClick={() => void changeDiscountStatus(code.code, 'active')}
        >
          Resume<span className="visually-hidden"> {code.code}</span>
        </button>
      )}
      <button type="button" className="btn btn--outline btn--sm admin-detail__cancel" disabled={busy} onClick={() => askToEnd(code.code)}>
        End<span className="visually-hidden"> {code.code}</span>
      </button>
    </div>
  );
}

function CodesTable({ codes }: { codes: DiscountCode[] }) {
  if (!codes.length) return <p className="admin-orders__empty">No discount codes yet.</p>;
  return (
    <table className="admin-table admin-discounts__table">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Gives</th>
          <th scope="col">Min order</th>
          <th scope="col">Valid (India time)</th>
          <th scope="col">Uses</th>
          <th scope="col">Per shopper</th>
          <th scope="col">First order only</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {codes.map((c) => (
          <tr key={c.code}>
            <th scope="row" data-label="Code">
              <span>
                {c.code}
                {c.note && <span className="admin-table__sub admin-discounts__note">{c.note}</span>}
              </span>
            </th>
            <td data-label="Gives">
              <span>{givesText(c)}</span>
            </td>
            <td data-label="Min order">
              <span>{minOrderText(c)}</span>
            </td>
            <td data-label="Valid (India time)">
              <span>{validityText(c)}</span>
            </td>
            <td data-label="Uses">
              <span>{usesText(c)}</span>
            </td>
            <td data-label="Per shopper">
              <span>{c.perShopperUses ?? 'No limit'}</span>
            </td>
            <td data-label="First order only">
              <span>{c.firstOrderOnly ? 'Yes' : 'No'}</span>
            </td>
            <td data-label="Status">
              <span className={`admin-discount-status admin-discount-status--${c.status}`}>{DISCOUNT_STATUS_LABELS[c.status]}</span>
            </td>
            <td className="admin-table__open admin-discounts__actions">
              <StatusButtons code={c} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AdminDiscountsInner() {
  const list = useStore($discountList);
  const form = useStore($discountForm);
  const notice = useStore($discountNotice);

  useAdminPage(adminRoutes.discounts, loadDiscounts, list.status);

  if (list.status === 'signed-out') return <p>Loading…</p>;
  if (list.status === 'forbidden') return <AdminsOnly what="discount codes" />;

  return (
    <div className="admin-orders admin-discounts">
      <div className="admin-discounts__head">
        <h1>Discount codes</h1>
        {form.mode === 'closed' && list.status === 'ready' && (
          <button type="button" className="btn btn--sm" onClick={openCreate}>
            New code
          </button>
        )}
      </div>
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
      <DiscountFormPanel />
      {list.status === 'error' && <Notice kind="error" text={list.message} />}
      {(list.status === 'loading' || list.status === 'idle') && <p role="status">Loading…</p>}
      {list.status === 'ready' && (
        <>
          <p className="admin-orders__count">{list.codes.length === 1 ? '1 code' : `${list.codes.length} codes`}</p>
          <CodesTable codes={list.codes} />
        </>
      )}
    </div>
  );
}

/** The /admin/discounts island. */
export default function AdminDiscountsPage() {
  return (
    <ErrorBoundary>
      <AdminDiscountsInner />
    </ErrorBoundary>
  );
}
