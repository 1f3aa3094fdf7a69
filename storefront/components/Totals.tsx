import type { ReactNode } from 'react';

/** One line of a sum's breakdown (goods, discount, delivery, total) in the cart and at checkout. */
export function TotalsRow({ label, value, kind, testId }: { label: ReactNode; value: ReactNode; kind?: 'discount' | 'total'; testId?: string }) {
  return (
    <div className={kind ? `totals__row totals__row--${kind}` : 'totals__row'}>
      <dt>{label}</dt>
      <dd dir="ltr" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
