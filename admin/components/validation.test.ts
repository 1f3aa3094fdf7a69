import { describe, expect, it } from 'vitest';
import { categorySchema, fieldByName, offerSchema, storeSchema } from '../../schemas';
import { registryValidator, requiredValue, validatorsFor } from './validation';

const run = (validators: ReturnType<typeof validatorsFor>, value: unknown) => validators.map((v) => v(value, {}, {} as never)).find(Boolean);

describe('client validation from the registry', () => {
  it('fails a required field when empty or only whitespace', () => {
    const name = fieldByName(offerSchema, 'name');
    expect(run(validatorsFor(name), '')).toBe('ra.validation.required');
    expect(run(validatorsFor(name), '   ')).toBe('ra.validation.required');
    expect(run(validatorsFor(name), 'Чайник')).toBeUndefined();
    expect((requiredValue as unknown as { isRequired: boolean }).isRequired).toBe(true);
  });

  it('checks the type, limits and options like the server', () => {
    const price = fieldByName(offerSchema, 'price');
    expect(registryValidator(price)('abc', {}, {} as never)).toBe('admin.validation.invalid');
    expect(registryValidator(price)('-1', {}, {} as never)).toEqual({ message: 'ra.validation.minValue', args: { min: 0 } });
    expect(registryValidator(price)('12,5', {}, {} as never)).toBeUndefined();
    const email = fieldByName(storeSchema, 'email');
    expect(registryValidator(email)('not-an-email', {}, {} as never)).toBe('admin.validation.invalid');
    const type = fieldByName(offerSchema, 'type');
    expect(registryValidator(type)('spaceship', {}, {} as never)).toBe('admin.validation.not_option');
    const category = fieldByName(categorySchema, 'category');
    expect(registryValidator(category)('x'.repeat(301), {}, {} as never)).toEqual({ message: 'ra.validation.maxLength', args: { max: 300 } });
  });

  it('never requires a boolean', () => {
    expect(validatorsFor(fieldByName(offerSchema, 'available'), { required: true })).toHaveLength(1);
  });
});
