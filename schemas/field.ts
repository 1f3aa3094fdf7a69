import type { WeekHours } from './rules/hours';
/**
 * A field of the registry: declared once, read by API parsing, validation, storage and the admin forms.
 * `no` is the field's number in the protocol (`p[478_offer_id]`), `key` its form key suffix, `name` the
 * property name in API objects (the seed's names: `categoryId`, `oldprice`, ...).
 */
export type FieldType =
  | 'varchar'
  | 'number'
  | 'float'
  | 'textarea'
  | 'wysiwyg'
  | 'bool'
  | 'select'
  | 'multipleSelect'
  | 'image'
  | 'video'
  | 'file'
  | 'colour'
  | 'phone'
  | 'email'
  | 'url'
  | 'date'
  | 'time'
  | 'polygon'
  | 'schedule'
  | 'json';

export interface FieldOption {
  id: string;
  label: string;
}

export interface FieldDef {
  no: number;
  key: string;
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  default?: string | number | boolean | null | object;
  mask?: string;
  pattern?: RegExp;
  maxLength?: number;
  min?: number;
  max?: number;
  rows?: number;
  options?: readonly FieldOption[];
  /** Nests the field under this property in API objects (`controls`, `required_fields`, `colors`). */
  group?: string;
  /** Offer types this field belongs to; absent means every type. */
  offerTypes?: readonly string[];
  /** Stored in its own indexed column (queried, sorted or filtered on); other fields live in the row's JSON `data`. */
  column?: string;
  /** Set by the server only (ids, owner, timestamps); ignored when a client sends it. */
  readOnly?: boolean;
  /**
   * Derived: computed by the server from other values each time the entity is answered, never stored and
   * never taken from a client. The one place such fields are declared (e.g. the store's `online_payment`).
   * `defineFields` makes a derived field read-only; the codec's `toRow`/`fromRow` skip it, and
   * `toApiObject` answers it only when the caller puts its computed value in.
   */
  derived?: boolean;
  /** Never returned to clients (secrets). */
  secret?: boolean;
  /**
   * How the YML feed parser reads this offer field from its element (server/features/yml/parse/elements.ts
   * builds the parser's tables from these): 'text' (inner whitespace collapsed), 'multiline' (line breaks
   * kept), 'bool' (a strict YML boolean, other text dropped with a warning), 'lenientBool' (true/false/yes/no
   * as '1'/'0', other text kept). Elements with their own rules (price, picture, dimensions, param, …) are
   * read by the parser's offer reader and are not declared here.
   */
  yml?: 'text' | 'multiline' | 'bool' | 'lenientBool';
  /** The YML element names of the field when they differ from its name (`<store>` is `shop`). */
  ymlElements?: readonly string[];
}

export type FieldInput = Omit<FieldDef, 'label' | 'name'> & { label?: string; name?: string };

/** Fills `name` (defaults to key) and `label` (`resources.<entity>.fields.<name>`). */
export function defineFields(entity: string, fields: readonly FieldInput[]): FieldDef[] {
  return fields.map((f) => ({
    ...f,
    ...(f.derived ? { readOnly: true } : {}),
    name: f.name ?? f.key,
    label: f.label ?? `resources.${entity}.fields.${f.name ?? f.key}`,
  }));
}

/**
 * An entity of the registry: its API name, its table and its fields (labels `resources.<labels>.fields.<name>`,
 * by default under its own name). `declared` types the API objects (ApiObjectOf) when the fields are `as const`.
 */
export function defineEntity<const Declared extends readonly FieldInput[]>(name: string, table: string, fields: Declared, labels = name): EntitySchema<Declared> {
  return { name, table, fields: defineFields(labels, fields) };
}

/** The protocol key of a field: `478_offer_id`, sent as `p[478_offer_id]`. */
export const formKey = (field: Pick<FieldDef, 'no' | 'key'>): string => `${field.no}_${field.key}`;

/** The form parameter of a field as a client sends it: `p[478_offer_id]`. */
export const formParam = (field: Pick<FieldDef, 'no' | 'key'>): string => `p[${formKey(field)}]`;

export interface EntitySchema<Declared extends readonly FieldInput[] = readonly FieldInput[]> {
  name: string;
  /** The database table (rows carry `store_id`). */
  table: string;
  fields: FieldDef[];
  /** Type only, never set: the declarations as written (`as const`), from which ApiObjectOf infers value types. */
  readonly declared?: Declared;
}

/** A field's value in API objects by its type, as the codec's toApiValue answers it (booleans travel as '1'/'0'). */
export interface ApiValueOfType {
  varchar: string;
  number: number;
  float: number;
  textarea: string;
  wysiwyg: string;
  bool: '1' | '0';
  select: string;
  multipleSelect: string[];
  image: string;
  video: string;
  file: string;
  colour: string;
  phone: string;
  email: string;
  url: string;
  date: string;
  time: string;
  polygon: [number, number][];
  /** A place's week: per day its hours and whether it is a day off (schemas/rules/hours). */
  schedule: WeekHours;
  json: unknown;
}

/** A literal only: a name computed at run time (`img${i}`) is not a property the type can know. */
type Literal<S extends string> = string extends S ? never : S;
type NameOf<F> = F extends { readonly name: infer N extends string } ? Literal<N> : F extends { readonly key: infer K extends string } ? Literal<K> : never;
type ValueOf<F> = F extends { readonly type: infer T extends FieldType } ? ApiValueOfType[T] : never;
type Declared<S> = S extends EntitySchema<infer D> ? D[number] : never;

/**
 * The API object of an entity, inferred from its declarations: every field by its `name` with the type its
 * field type travels as (null when unset, absent when not sent), grouped fields nested under their group
 * (`controls`, `colors`, ...), secret fields left out. Clients narrow it with `Pick`/`Present`.
 */
export type ApiObjectOf<S extends EntitySchema<readonly FieldInput[]>> = {
  [F in Declared<S> as F extends { readonly group: string } | { readonly secret: true } ? never : NameOf<F>]?: ValueOf<F> | null;
} & {
  [F in Declared<S> as F extends { readonly group: infer G extends string } ? Literal<G> : never]?: Record<string, ValueOf<F>>;
};

/** Some properties made always present and non-null (what every answer carries). */
export type Present<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };

export function fieldByName(schema: EntitySchema, name: string): FieldDef {
  const f = schema.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${schema.name} has no field ${name}`);
  return f;
}

/** No value: undefined, null, a blank string or an empty list. */
export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
