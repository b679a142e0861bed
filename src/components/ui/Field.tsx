/**
 * Labelled form controls with their message: the label, an optional "(optional)" mark, the control with
 * aria-invalid and aria-describedby wired to the message, and the message itself. Presentational only:
 * the value and the message come from a form store.
 */
import { useId } from 'react';
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';

interface BaseProps {
  label: string;
  name: string;
  error?: string | undefined;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
}

/** A text input with its label and message. */
export function TextField(
  props: BaseProps & {
    value: string;
    onChange: (value: string) => void;
    /** Called when focus leaves the input (a phone box shows its tidy form then). */
    onBlur?: () => void;
    type?: 'text' | 'email' | 'tel';
    inputMode?: 'numeric' | 'email' | 'tel' | 'text';
    autoComplete: HTMLInputAutoCompleteAttribute;
    maxLength?: number;
    prefix?: string;
    /** The id of a <datalist> of suggestions. */
    list?: string | undefined;
  },
) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      id={id}
      className={props.prefix ? 'input input--prefixed' : 'input'}
      name={props.name}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete}
      maxLength={props.maxLength}
      list={props.list}
      required={!props.optional}
      value={props.value}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
    />
  );
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {props.label}
        {props.optional && <span className="field__optional"> (optional)</span>}
      </label>
      {props.hint && (
        <span className="field__hint" id={hintId}>
          {props.hint}
        </span>
      )}
      {props.prefix ? (
        <div className="input-prefix">
          <span className="input-prefix__text" aria-hidden="true">
            {props.prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {props.error && (
        <span className="field__error" id={errorId}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** A select with its label and message; `placeholder` is an empty first option. */
export function SelectField(
  props: BaseProps & {
    value: string;
    onChange: (value: string) => void;
    options: readonly string[];
    placeholder?: string;
    autoComplete: HTMLInputAutoCompleteAttribute;
  },
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="input"
        name={props.name}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {props.error && (
        <span className="field__error" id={errorId}>
          {props.error}
        </span>
      )}
    </div>
  );
}
