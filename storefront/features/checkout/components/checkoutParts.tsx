import type { ReactNode } from 'react';
import Icon, { type IconName } from '../../../components/Icon';
import { useT } from '../../../lib/i18n';

/** The parts of the order form: a labelled field with its error beside it, a set of choices, the required star. */

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

/**
 * A set of radio choices (receiving, pick-up place, payment): its legend with the required star, marked while
 * missing, the choices and their error; `after` what the chosen way asks next (the change).
 */
export function ChoiceSet({ field, required, missing, errors, after, children }: { field: string; required: boolean; missing: Set<string>; errors: Record<string, string>; after?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <fieldset className={`order__section order__choices${missing.has(field) ? ' is-invalid' : ''}`}>
      <legend className="order__heading">
        <span>
          {t(`checkout.fields.${field}`)}
          {required && <Star />}
        </span>
      </legend>
      {children}
      <FieldError field={field} errors={errors} />
      {after}
    </fieldset>
  );
}

/** The ways of one choice as radio buttons, each with its icon and its text `checkout.<kind>.<way>`. */
export function Choices<W extends string>({ name, kind, ways, value, icon, onChange }: { name: string; kind: string; ways: readonly W[]; value: W; icon: (way: W) => IconName; onChange: (way: W) => void }) {
  const t = useT();
  return (
    <div className="choices">
      {ways.map((way) => (
        <label key={way} className={value === way ? 'choice is-checked' : 'choice'}>
          <input type="radio" name={name} value={way} checked={value === way} onChange={() => onChange(way)} />
          <Icon name={icon(way)} size={20} />
          <span>{t(`checkout.${kind}.${way}`)}</span>
        </label>
      ))}
    </div>
  );
}
