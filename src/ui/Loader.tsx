import type { ReactNode } from 'react';
import { useOpenDialog } from './dialog-layer';
import './loader.css';

interface LoaderProps {
  label: string;
  /** What the wait is for, in bold above the label (a payment's "Confirm on your phone"). */
  heading?: string;
  overlay?: boolean;
}

/** A visible progress indicator for every wait; `label` is read by screen readers and shown below. */
export function Loader({ label, heading, overlay = false }: LoaderProps) {
  const spinner = (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      {heading ? <strong>{heading}</strong> : null}
      <span className="loader__label">{label}</span>
    </div>
  );
  return overlay ? <LoaderOverlay>{spinner}</LoaderOverlay> : spinner;
}

/** A wait that blocks the whole screen is a dialog too: nothing is drawn over it. */
function LoaderOverlay({ children }: { children: ReactNode }) {
  useOpenDialog();
  return <div className="loader-overlay">{children}</div>;
}
