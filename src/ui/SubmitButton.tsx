import './submit-button.css';

interface SubmitButtonProps {
  /** Already translated. */
  label: string;
  /** While the form is being sent: the button shows a spinner and this text, and cannot be pressed twice. */
  busy: boolean;
  busyLabel: string;
  variant?: 'primary' | 'danger';
}

export function SubmitButton({ label, busy, busyLabel, variant = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn--block submit-button${variant === 'danger' ? ' btn--danger' : ''}`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="submit-button__spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
