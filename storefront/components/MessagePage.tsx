import type { ReactNode } from 'react';

/** A page with one message and one action: 404, 401, the broken-url page. */
export default function MessagePage({ title, code, children }: { title: string; code?: string; children?: ReactNode }) {
  return (
    <section className="message-page">
      {code && <div className="message-page__code" aria-hidden="true">{code}</div>}
      <h1 className="message-page__title">{title}</h1>
      <div className="message-page__actions">{children}</div>
    </section>
  );
}
