import type { ReactNode } from 'react';
import '../payment.css';

/** The mark of a payment result: a tick, a cross, or the spinner while the server is asked. */
function Mark({ kind }: { kind: 'success' | 'fail' | 'wait' }) {
  if (kind === 'wait') return <span className="loader__spinner payment-result__spinner" aria-hidden="true" />;
  return (
    <svg className="payment-result__mark" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" />
      <path d={kind === 'success' ? 'M19 33l9 9 18-19' : 'M22 22l20 20M42 22 22 42'} />
    </svg>
  );
}

/** One payment outcome: the mark, the title, an optional note and the actions. */
export default function PaymentResultPanel({ kind, title, note, children }: { kind: 'success' | 'fail' | 'wait'; title: string; note?: ReactNode; children?: ReactNode }) {
  return (
    <section className={`payment-result payment-result--${kind}`} aria-live="polite" aria-busy={kind === 'wait'}>
      <Mark kind={kind} />
      <h1 className="payment-result__title">{title}</h1>
      {note && <p className="payment-result__note">{note}</p>}
      {children && <div className="payment-result__actions">{children}</div>}
    </section>
  );
}
