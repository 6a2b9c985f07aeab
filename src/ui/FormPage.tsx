import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FormMessage } from './FormMessage';
import './form-page.css';

interface FormPageProps {
  /** Already translated; the page's only h1. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (to log in, to register…). */
  footer?: ReactNode;
}

/** A narrow, centred card for one form: readable on a 360 px phone, not stretched on a laptop. */
export function FormPage({ title, intro, children, footer }: FormPageProps) {
  return (
    <main className="page form-page" id="main">
      <section className="form-page__card">
        <h1>{title}</h1>
        {intro ? <div className="form-page__intro">{intro}</div> : null}
        {children}
      </section>
      {footer ? <nav className="form-page__footer">{footer}</nav> : null}
    </main>
  );
}

/** A form page's last word (done, or cannot be used): one message and the one way on. */
export function FormPageOutcome({
  title,
  tone,
  message,
  next,
}: {
  /** Already translated. */
  title: string;
  tone: 'success' | 'error';
  message: string;
  next: { href: string; label: string };
}) {
  return (
    <FormPage title={title}>
      <div className="stack">
        <FormMessage tone={tone}>
          <p>{message}</p>
        </FormMessage>
        <Link href={next.href} className="btn btn--block">
          {next.label}
        </Link>
      </div>
    </FormPage>
  );
}
