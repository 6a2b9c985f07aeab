import './loader.css';

interface LoaderProps {
  label: string;
  overlay?: boolean;
}

/** A visible progress indicator for every wait; `label` is read by screen readers and shown below. */
export function Loader({ label, overlay = false }: LoaderProps) {
  const spinner = (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="loader__label">{label}</span>
    </div>
  );
  return overlay ? <div className="loader-overlay">{spinner}</div> : spinner;
}
