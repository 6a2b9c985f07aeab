import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './form-field.css';

export interface FormFieldProps {
  /** The payload field name: also the input's `name` (docs/product.md and issue: inputs carry the payload names). */
  name: string;
  /** Already translated. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message key (`validation.required`…) from the form machine; translated here. */
  error?: string | undefined;
  /** Already translated help text, shown under the input and read with it. */
  hint?: string | undefined;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'search' | 'url' | 'none' | 'decimal';
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  maxLength?: number;
}

/**
 * A labelled input with its hint and its validation error next to it. The error is linked with
 * aria-describedby and aria-invalid so a screen reader reads it with the field.
 */
export function FormField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  required = false,
  disabled = false,
  multiline = false,
  maxLength,
}: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    required,
    disabled,
    maxLength,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          className="input form-field__textarea"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...shared}
          className="input"
          type={type}
          inputMode={inputMode}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint ? (
        <small id={hintId} className="form-field__hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectOption {
  readonly value: string | number;
  /** Already translated. */
  readonly label: string;
}

/** A labelled choice among a few options, laid out like FormField. */
export function SelectField({
  name,
  label,
  value,
  options,
  onChange,
}: {
  /** The payload field name, also the select's `name`. */
  name: string;
  /** Already translated. */
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
