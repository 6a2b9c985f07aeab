/** The choice of a list filter: one of `options`, or '' for all of them (offered first). */
export function FilterSelect({
  label,
  name,
  value,
  allLabel,
  options,
  optionLabel = (option) => option,
  onChange,
  className,
}: {
  /** Already translated, like `allLabel`. */
  label: string;
  /** The query or payload field it sets. */
  name: string;
  value: string;
  allLabel: string;
  options: readonly string[];
  /** What a value is called on screen, when not the value itself (a translated level, a country name). */
  optionLabel?: (option: string) => string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select className="input" name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
