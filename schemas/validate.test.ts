import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import type { FieldDef } from './field';
import { validateFields, validatorByType } from './validate';

/** What yup alone says of a value: the typed value or the error code. */
function viaYup(f: FieldDef, raw: string): { value?: unknown; code?: string } {
  try {
    return { value: validatorByType[f.type](f).validateSync(raw) };
  } catch (e) {
    return { code: e instanceof yup.ValidationError ? e.errors[0] : 'invalid' };
  }
}
function viaFields(f: FieldDef, raw: string): { value?: unknown; code?: string } {
  const { values, errors } = validateFields([f], { [f.name]: raw });
  return errors.length ? { code: errors[0].code } : { value: values[f.name] };
}

const fields: FieldDef[] = [
  { name: 'a', label: 'a', type: 'varchar', maxLength: 5 } as FieldDef,
  { name: 'b', label: 'b', type: 'varchar', pattern: /^\d+-\w$/ } as FieldDef,
  { name: 'c', label: 'c', type: 'textarea', maxLength: 3, pattern: /x/ } as FieldDef,
  { name: 'd', label: 'd', type: 'number' } as FieldDef,
  { name: 'e', label: 'e', type: 'number', min: 0, max: 100 } as FieldDef,
  { name: 'f', label: 'f', type: 'float', min: -1.5 } as FieldDef,
  { name: 'g', label: 'g', type: 'wysiwyg' } as FieldDef,
  { name: 'h', label: 'h', type: 'url', maxLength: 12 } as FieldDef,
  { name: 'i', label: 'i', type: 'bool' } as FieldDef,
  { name: 'j', label: 'j', type: 'select', options: [{ id: 'RUR', label: '' }, { id: 'usd', label: '' }, { id: '1', label: '' }] } as unknown as FieldDef,
  { name: 'k', label: 'k', type: 'select', maxLength: 2, options: [{ id: 'abc', label: '' }, { id: 'ab', label: '' }] } as unknown as FieldDef,
];
const strings = fc.oneof(
  fc.string(),
  fc.constantFrom(' 12 ', '1,5', '-0', '1e3', '99999999999', '-3000000000', 'Infinity', '0x10', '  ', '12-a', ' 7-b ', 'xx', 'axb', '101', '1.0'),
  fc.constantFrom('true', ' Yes ', 'FALSE', 'on', 'off', 'no', '0', '1', 'да', 'RUR', ' rur', 'USD', 'usd ', 'abc', 'ab', ' ab '),
  fc.constantFrom('https://a.b/c', ' http://x ', '/p/1', 'ftp://x', 'https://very.long/url', 'http:// x', '//x'),
  fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }).map(String),
  fc.double({ noNaN: true }).map((n) => String(n).replace('.', ',')),
);

describe('validateFields: the fast path for plain strings', () => {
  it('gives the very value or error code yup gives, for text, number, url, bool and select fields', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), strings, (f, raw) => {
        // Blank input never reaches a validator (it becomes the default or null).
        if (raw.trim() === '') return;
        expect(viaFields(f, raw)).toEqual(viaYup(f, raw));
      }),
      { numRuns: 5000 },
    );
  });
});
