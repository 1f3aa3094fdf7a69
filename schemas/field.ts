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

/** The protocol key of a field: `478_offer_id`, sent as `p[478_offer_id]`. */
export const formKey = (field: Pick<FieldDef, 'no' | 'key'>): string => `${field.no}_${field.key}`;

/** The form parameter of a field as a client sends it: `p[478_offer_id]`. */
export const formParam = (field: Pick<FieldDef, 'no' | 'key'>): string => `p[${formKey(field)}]`;

export interface EntitySchema {
  name: string;
  /** The database table (rows carry `store_id`). */
  table: string;
  fields: FieldDef[];
}

export function fieldByName(schema: EntitySchema, name: string): FieldDef {
  const f = schema.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${schema.name} has no field ${name}`);
  return f;
}
