import './chips.css';

export interface Segment {
  id: string;
  label: string;
}

interface SegmentedControlProps {
  label: string;
  segments: readonly Segment[];
  selected: string;
  onSelect: (id: string) => void;
}

/** A row of toggle chips (one pressed), scrolling sideways inside itself on narrow phones. */
export function SegmentedControl({ label, segments, selected, onSelect }: SegmentedControlProps) {
  return (
    <fieldset className="chips-group">
      <legend className="visually-hidden">{label}</legend>
      <div className="chips">
        {segments.map((segment) => (
          <button
            key={segment.id}
            type="button"
            className="chip"
            aria-pressed={segment.id === selected}
            onClick={() => onSelect(segment.id)}
          >
            {segment.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
