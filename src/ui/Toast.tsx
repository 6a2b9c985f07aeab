import './toast.css';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastProps {
  message: string;
  actions?: ToastAction[];
}

/** A short message at the bottom of the screen; timing is the caller's (a machine's named delay). */
export function Toast({ message, actions = [] }: ToastProps) {
  return (
    <div className="toast" role="status" aria-live="polite">
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
