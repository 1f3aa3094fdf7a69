import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

/** The parts of the order form: a labelled field with its error beside it, the required star. */

export const Star = () => (
  <span className="order__required" aria-hidden="true">
    {' '}*
  </span>
);

/** The id of a field's error text, for the input's aria-describedby. */
export const errorId = (field: string) => `${field}-error`;

/** Why a field was refused, beside it (an i18n key from the order's check); nothing while it is fine. */
export function FieldError({ field, errors }: { field: string; errors: Record<string, string> }) {
  const t = useT();
  const key = errors[field];
  if (!key) return null;
  return (
    <p className="field__error" id={errorId(field)}>
      {t(key)}
    </p>
  );
}

/** The input's attributes for its refusal: marked invalid and described by the error beside it. */
export const invalidProps = (field: string, errors: Record<string, string>) =>
  errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};

export function Field({ id, label, required, errors, hideLabel, children }: { id: string; label: string; required?: boolean; errors: Record<string, string>; hideLabel?: boolean; children: ReactNode }) {
  return (
    <div className={errors[id] ? 'field is-invalid' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && <Star />}
      </label>
      {children}
      <FieldError field={id} errors={errors} />
    </div>
  );
}
