import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useOpenDialog } from './dialog-layer';
import './modal.css';

/** A choice an alert offers besides OK (a payment's "Try again", for example). */
export interface AlertAction {
  readonly label: string;
  readonly onClick: () => void;
}

interface AlertDialogProps {
  header: string;
  message: string;
  okLabel: string;
  onOk: () => void;
  /** What follows the message (a payment outcome's explanation). */
  children?: ReactNode;
  /** Choices before OK, the first one the likeliest: it takes the focus, and OK steps back to a plain button. */
  actions?: readonly AlertAction[];
}

/** docs/product.md §8: every alert carries the header 'Hey {username}' and one OK button. */
export function AlertDialog({ header, message, okLabel, onOk, children, actions = [] }: AlertDialogProps) {
  const headerId = useId();
  const messageId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  useOpenDialog();
  useEffect(() => firstRef.current?.focus(), []);
  const [primary, ...others] = actions;

  return (
    <div className="modal-backdrop modal-backdrop--center">
      <div
        className="modal alert"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={headerId}
        aria-describedby={messageId}
      >
        <div className="modal__body">
          <h2 id={headerId} className="alert__header">
            {header}
          </h2>
          <p id={messageId}>{message}</p>
          {children}
          <div className="alert__actions">
            {primary ? (
              <button ref={firstRef} type="button" className="btn btn--block" onClick={primary.onClick}>
                {primary.label}
              </button>
            ) : null}
            {others.map((action) => (
              <button
                key={action.label}
                type="button"
                className="btn btn--block btn--secondary"
                onClick={action.onClick}
              >
                {action.label}
              </button>
            ))}
            <button
              ref={primary ? undefined : firstRef}
              type="button"
              className={primary ? 'btn btn--block btn--ghost' : 'btn btn--block'}
              onClick={onOk}
            >
              {okLabel}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
