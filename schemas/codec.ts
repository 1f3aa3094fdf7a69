import type { EntitySchema, FieldDef, FieldType } from './field';

/**
 * How a typed value is shown in API objects. Booleans travel as '1'/'0' (the seed's transform rules test
 * `=== '1'`); numbers as JSON numbers; everything else as stored.
 */
const apiByType: Partial<Record<FieldType, (v: unknown) => unknown>> = {
  bool: (v) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1' ? '1' : '0'),
  number: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  float: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
};

export const toApiValue = (f: FieldDef, v: unknown): unknown => (apiByType[f.type] ?? ((x) => x))(v);

/** Stored values in indexed columns: booleans as 0/1 integers on both databases. */
export const toColumnValue = (f: FieldDef, v: unknown): unknown =>
  f.type === 'bool' ? (v === null || v === undefined ? null : v ? 1 : 0) : v;

export const fromColumnValue = (f: FieldDef, v: unknown): unknown =>
  f.type === 'bool' ? (v === null || v === undefined ? null : Number(v) === 1) : f.type === 'float' || f.type === 'number' ? (v === null ? null : Number(v)) : v;

/**
 * Splits typed values into the row's own columns and its JSON `data` document.
 * Fields with `column` are indexed columns; all others live in `data`, so a field added to a schema is
 * stored without a migration.
 */
export function toRow(schema: EntitySchema, values: Record<string, unknown>): { columns: Record<string, unknown>; data: Record<string, unknown> } {
  const columns: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  // The fields the values have, in the schema's order: found by the values' own keys (a feed import writes a
  // million offers of ~10 values each against ~90 fields), the same as testing `name in values` field by field.
  const index = fieldIndex(schema);
  const picked: number[] = [];
  for (const k in values) {
    const i = index.get(k);
    if (i !== undefined) picked.push(i);
  }
  picked.sort((a, b) => a - b);
  for (const i of picked) {
    const f = schema.fields[i];
    if (f.column) columns[f.column] = toColumnValue(f, values[f.name]);
    else data[f.name] = values[f.name];
  }
  return { columns, data };
}

/** Position of each stored (not derived) field by name; the first of a name, as toRow has always taken it. */
const indexes = new WeakMap<EntitySchema, Map<string, number>>();
function fieldIndex(schema: EntitySchema): Map<string, number> {
  let index = indexes.get(schema);
  if (!index) {
    index = new Map();
    schema.fields.forEach((f, i) => {
      if (!f.derived && !index!.has(f.name)) index!.set(f.name, i);
    });
    indexes.set(schema, index);
  }
  return index;
}

/** Reads a row (columns plus its JSON `data`) back into typed values keyed by field name. */
export function fromRow(schema: EntitySchema, row: Record<string, unknown>): Record<string, unknown> {
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : ((row.data as Record<string, unknown>) ?? {});
  const out: Record<string, unknown> = {};
  for (const f of schema.fields) {
    if (f.derived) continue;
    if (f.column) out[f.name] = f.column in row ? fromColumnValue(f, row[f.column]) : undefined;
    else if (f.name in data) out[f.name] = data[f.name];
    else if (f.default !== undefined) out[f.name] = f.default;
  }
  return out;
}

/** The API object of typed values: API encoding per type, grouped fields nested under their group. */
export function toApiObject(schema: EntitySchema, values: Record<string, unknown>, opts: { includeSecrets?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of schema.fields) {
    if (f.secret && !opts.includeSecrets) continue;
    if (!(f.name in values)) continue;
    const v = toApiValue(f, values[f.name]);
    if (f.group) ((out[f.group] ??= {}) as Record<string, unknown>)[f.key] = v;
    else out[f.name] = v;
  }
  return out;
}
