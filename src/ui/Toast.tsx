import type { Ref } from 'react';
import './toast.css';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastProps {
  message: string;
  actions?: ToastAction[];
  /** The shell measures it, to keep the page's end clear of it. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A short message at the bottom of the screen; timing is the caller's (a machine's named delay). Only its
 * buttons take taps: a tap on the message goes to what is under it (issue 18).
 */
export function Toast({ message, actions = [], ref }: ToastProps) {
  return (
    <div ref={ref} className="toast" role="status" aria-live="polite">
      <span className="toast__message">{message}</span>
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className="btn btn--secondary toast__action"
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
