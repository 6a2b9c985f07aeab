import { useEffect, useId, useRef } from 'react';
import { useOpenDialog } from './dialog-layer';
import './modal.css';

interface AlertDialogProps {
  header: string;
  message: string;
  okLabel: string;
  onOk: () => void;
}

/** SPEC.md §8: every alert carries the header 'Hey {username}' and one OK button. */
export function AlertDialog({ header, message, okLabel, onOk }: AlertDialogProps) {
  const headerId = useId();
  const messageId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  useOpenDialog();
  useEffect(() => okRef.current?.focus(), []);

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
          <button ref={okRef} type="button" className="btn btn--block" onClick={onOk}>
            {okLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
