import type { ReactNode } from 'react';
import './form-message.css';

interface FormMessageProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/**
 * The outcome of a send: the server's translated message on failure (announced at once), or a
 * confirmation. Placed above the submit button so it is seen where the student is looking.
 */
export function FormMessage({ tone, children }: FormMessageProps) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * What the last send came to: its failure's message, and the confirmation of a success while it still
 * holds (the caller passes null once the student edits again).
 */
export function FormOutcome({ error, confirmation }: { error: string | null; confirmation: string | null }) {
  return (
    <>
      <FormError message={error} />
      {confirmation ? (
        <FormMessage tone="success">
          <p>{confirmation}</p>
        </FormMessage>
      ) : null}
    </>
  );
}

/** A failed send's message, or nothing. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <FormMessage tone="error">
      <p>{message}</p>
    </FormMessage>
  ) : null;
}
