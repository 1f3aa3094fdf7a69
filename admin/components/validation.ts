import type { Validator } from 'ra-core';
import * as yup from 'yup';
import { isBlank, validatorByType, type FieldDef } from '../../schemas';

/**
 * Client validation from the registry: the same per-type yup validator the server runs on every write
 * (schemas/validate.ts validatorByType), with its error codes shown as translated messages.
 */
const MESSAGES: Record<string, (f: FieldDef) => string | { message: string; args: Record<string, unknown> }> = {
  required: () => 'ra.validation.required',
  too_long: (f) => ({ message: 'ra.validation.maxLength', args: { max: f.maxLength } }),
  too_small: (f) => ({ message: 'ra.validation.minValue', args: { min: f.min } }),
  too_large: (f) => ({ message: 'ra.validation.maxValue', args: { max: f.max } }),
  not_option: () => 'admin.validation.not_option',
  invalid: () => 'admin.validation.invalid',
};

/** A react-admin validator of one registry field's value (blank values pass; `required` is separate). */
export function registryValidator(field: FieldDef): Validator {
  const schema = validatorByType[field.type](field);
  return (value: unknown) => {
    if (isBlank(value) || field.type === 'image' || field.type === 'video' || field.type === 'file') return undefined;
    try {
      schema.validateSync(value);
      return undefined;
    } catch (e) {
      const code = e instanceof yup.ValidationError ? String(e.errors[0]) : 'invalid';
      return (MESSAGES[code] ?? MESSAGES.invalid)(field);
    }
  };
}

/** Required: empty, whitespace only or an empty list fails (the seed's item editor rule). Marks the label with '*'. */
export const requiredValue: Validator = Object.assign((value: unknown) => (isBlank(value) ? 'ra.validation.required' : undefined), { isRequired: true });

/** The validators of a field: a required check (which also marks the label) and the registry's type check. */
export function validatorsFor(field: FieldDef, opts: { required?: boolean } = {}): Validator[] {
  const out: Validator[] = [];
  if ((opts.required ?? field.required) && field.type !== 'bool') out.push(requiredValue);
  out.push(registryValidator(field));
  return out;
}
