import type { ReactNode } from 'react';

/**
 * One of a few settings of the player (speed, quality, captions) as a row of toggle buttons under a legend:
 * the pressed one is the current choice. Anything after the row (a cost, a setting) comes as children.
 */
export function ToggleChoices<Choice extends string | number>({
  legend,
  className,
  rowClassName = 'quality__choices',
  choices,
  chosen,
  label,
  onChange,
  children,
}: {
  /** Already translated. */
  legend: string;
  /** Added to the fieldset's `speed` class. */
  className?: string;
  rowClassName?: string;
  choices: readonly Choice[];
  chosen: Choice;
  /** A choice's translated name. */
  label: (choice: Choice) => string;
  onChange: (choice: Choice) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className={className ? `speed ${className}` : 'speed'}>
      <legend className="speed__label">{legend}</legend>
      <div className={rowClassName}>
        {choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className="speed__choice"
            aria-pressed={choice === chosen}
            onClick={() => onChange(choice)}
          >
            {label(choice)}
          </button>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
