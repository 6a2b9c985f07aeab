import { useId } from 'react';
import './form-field.css';

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
