import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from './field';
import { toColumnValue, toRow } from './codec';
import { ENTITIES } from './registry';

/** toRow as it was written first: every field of the schema in order, `name in values`. */
function reference(schema: EntitySchema, values: Record<string, unknown>) {
  const columns: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const f of schema.fields) {
    if (f.derived || !(f.name in values)) continue;
    if (f.column) columns[f.column] = toColumnValue(f, values[f.name]);
    else data[f.name] = values[f.name];
  }
  return { columns, data };
}

describe('toRow', () => {
  it('finds the fields by the values\' own keys: the same columns and data, keys in the schema\'s order', () => {
    for (const s of Object.values(ENTITIES) as EntitySchema[]) expect(new Set(s.fields.map((f) => f.name)).size).toBe(s.fields.length);
    const schemas = Object.values(ENTITIES) as EntitySchema[];
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.array(fc.tuple(fc.nat(), value, fc.boolean())), fc.array(fc.string()), (schema, picks, strangers) => {
        const values: Record<string, unknown> = {};
        for (const [n, v, stranger] of picks) values[stranger && strangers.length ? strangers[n % strangers.length] : schema.fields[n % schema.fields.length].name] = v;
        const got = toRow(schema, values);
        const want = reference(schema, values);
        expect(got).toEqual(want);
        expect(Object.keys(got.data)).toEqual(Object.keys(want.data));
        expect(Object.keys(got.columns)).toEqual(Object.keys(want.columns));
      }),
      { numRuns: 2000 },
    );
  });
});
