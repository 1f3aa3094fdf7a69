import * as yup from 'yup';
import { isBlank, type FieldDef, type FieldType } from './field';
import { RGBA_PATTERN } from './colours';
import { WEEK_DAYS } from './place';

/** Error codes are translation keys shared by server responses and UI messages. */
export type FieldErrorCode = 'required' | 'invalid' | 'too_long' | 'too_small' | 'too_large' | 'not_option';
export interface FieldError {
  field: string;
  label: string;
  code: FieldErrorCode;
}

const URL_PATTERN = /^(https?:\/\/|\/)\S+$/i;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const parseJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
const truthy = new Set(['1', 'true', 'on', 'yes']);
const falsy = new Set(['0', 'false', 'off', 'no']);

const text = (f: FieldDef) => {
  let s = yup.string().strict(false).trim();
  if (f.maxLength) s = s.max(f.maxLength, 'too_long');
  if (f.pattern) s = s.matches(f.pattern, 'invalid');
  return s;
};
const numeric = (f: FieldDef, integer: boolean) => {
  let s = yup
    .number()
    .transform((v, orig) => (typeof orig === 'string' ? (orig.trim() === '' ? NaN : Number(orig.trim().replace(',', '.'))) : v))
    .typeError('invalid');
  // Whole numbers live in 32-bit integer columns (PostgreSQL refuses more, SQLite would not): the same range everywhere.
  if (integer) s = s.integer('invalid').min(-2_147_483_648, 'too_small').max(2_147_483_647, 'too_large');
  if (f.min !== undefined) s = s.min(f.min, 'too_small');
  if (f.max !== undefined) s = s.max(f.max, 'too_large');
  return s;
};
const point = yup.tuple([yup.number().min(-90).max(90).required(), yup.number().min(-180).max(180).required()]);

/** The one map from field type to validator: used by the server on every write and by the admin forms. */
export const validatorByType: Record<FieldType, (f: FieldDef) => yup.Schema> = {
  varchar: text,
  textarea: text,
  wysiwyg: text,
  phone: (f) => text(f).matches(/^[+\d\s()-]{3,}$/, 'invalid'),
  email: (f) => text(f).email('invalid'),
  url: (f) => text(f).matches(URL_PATTERN, 'invalid'),
  number: (f) => numeric(f, true),
  float: (f) => numeric(f, false),
  bool: () =>
    yup
      .boolean()
      .transform((v, orig) => {
        if (typeof orig === 'string') {
          const s = orig.trim().toLowerCase();
          if (truthy.has(s)) return true;
          if (falsy.has(s)) return false;
          return NaN;
        }
        if (typeof orig === 'number') return orig === 1 ? true : orig === 0 ? false : NaN;
        return v;
      })
      .typeError('invalid'),
  select: (f) => text(f).oneOf(f.options?.map((o) => o.id) ?? [], 'not_option'),
  multipleSelect: (f) =>
    yup
      .array()
      .transform((v, orig) => (typeof orig === 'string' ? orig.split(/[,_]/).filter(Boolean) : v))
      .of(yup.string().oneOf(f.options?.map((o) => o.id) ?? [], 'not_option').required())
      .typeError('invalid'),
  image: () => yup.string().max(500, 'too_long'),
  video: () => yup.string().max(500, 'too_long'),
  file: () => yup.string().max(500, 'too_long'),
  colour: () => yup.string().trim().matches(RGBA_PATTERN, 'invalid'),
  date: () => yup.string().trim().matches(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'invalid'),
  time: () => yup.string().trim().matches(TIME, 'invalid'),
  polygon: () =>
    yup
      .array()
      .transform((v, orig) => parseJson(orig) ?? v)
      .of(point.required())
      .test('polygon', 'invalid', (pts) => !pts || pts.length === 0 || pts.length >= 3)
      .max(1000, 'too_large')
      .typeError('invalid'),
  schedule: () =>
    yup
      .object(
        Object.fromEntries(
          WEEK_DAYS.map((d) => [
            d,
            yup.object({
              from: yup.string().matches(TIME, 'invalid').required('required'),
              to: yup.string().matches(TIME, 'invalid').required('required'),
              isWeekend: yup.boolean().required('required'),
            }).required('required'),
          ]),
        ),
      )
      .transform((v, orig) => parseJson(orig) ?? v)
      .noUnknown(true, 'invalid')
      .typeError('invalid'),
  json: () => yup.mixed().transform((v, orig) => parseJson(orig) ?? v),
};


export interface ValidateOptions {
  /** An update: fields the client did not send stay as stored; a sent required field may not be blank. */
  partial?: boolean;
  /** Field names that count as required besides the schema's own flag (owner-configured order fields). */
  alsoRequired?: ReadonlySet<string>;
}

/**
 * Checks a write against a list of fields. Returns the typed values of the writable fields the client sent
 * (blank optional fields become their default or null; absent ones their default, if any) and every failing field, so a caller can refuse the
 * write as a whole. Read-only fields are ignored: the server sets them.
 */
export function validateFields(
  fields: readonly FieldDef[],
  input: Record<string, unknown>,
  options: ValidateOptions = {},
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const f of fields) {
    if (f.readOnly) continue;
    const raw = input[f.name];
    const required = f.required || options.alsoRequired?.has(f.name);
    if (raw === undefined && options.partial) continue;
    if (isBlank(raw) && f.type !== 'bool') {
      if (required && (raw !== undefined || f.default === undefined)) {
        errors.push({ field: f.name, label: f.label, code: 'required' });
      } else values[f.name] = f.default ?? null;
      continue;
    }
    if (raw === undefined) {
      if (f.default !== undefined) values[f.name] = f.default;
      continue;
    }
    const fast = typeof raw === 'string' ? FAST[f.type]?.(f, raw) : undefined;
    if (fast !== undefined) {
      if (fast instanceof FastError) errors.push({ field: f.name, label: f.label, code: fast.code });
      else values[f.name] = fast;
      continue;
    }
    try {
      values[f.name] = validatorOf(f).validateSync(raw);
    } catch (e) {
      const code = (e instanceof yup.ValidationError ? e.errors[0] : 'invalid') as FieldErrorCode;
      errors.push({ field: f.name, label: f.label, code: code in CODES ? code : 'invalid' });
    }
  }
  return { values, errors };
}

/** A failed check of the fast path below. */
class FastError {
  constructor(readonly code: FieldErrorCode) {}
}
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const fastText = (f: FieldDef, raw: string) => {
  const v = raw.trim();
  if (f.maxLength && v.length > f.maxLength) return new FastError('too_long');
  if (f.pattern && v.search(f.pattern) === -1) return new FastError('invalid');
  return v;
};
const fastNumber = (integer: boolean) => (f: FieldDef, raw: string) => {
  const t = raw.trim();
  const n = t === '' ? NaN : Number(t.replace(',', '.'));
  if (Number.isNaN(n)) return new FastError('invalid');
  if (integer) {
    if (!Number.isInteger(n)) return new FastError('invalid');
    if (n < INT_MIN) return new FastError('too_small');
    if (n > INT_MAX) return new FastError('too_large');
  }
  if (f.min !== undefined && n < f.min) return new FastError('too_small');
  if (f.max !== undefined && n > f.max) return new FastError('too_large');
  return n;
};
const fastUrl = (f: FieldDef, raw: string) => {
  const v = fastText(f, raw);
  return v instanceof FastError || URL_PATTERN.test(v) ? v : new FastError('invalid');
};
const fastBool = (_f: FieldDef, raw: string) => {
  const s = raw.trim().toLowerCase();
  return truthy.has(s) ? true : falsy.has(s) ? false : new FastError('invalid');
};
/** Option ids per field, as a set. */
const optionSets = new WeakMap<FieldDef, Set<string>>();
const fastSelect = (f: FieldDef, raw: string) => {
  let ids = optionSets.get(f);
  if (!ids) optionSets.set(f, (ids = new Set(f.options?.map((o) => o.id) ?? [])));
  const v = raw.trim();
  // yup checks oneOf before the other tests.
  if (!ids.has(v)) return new FastError('not_option');
  return fastText(f, raw);
};
/**
 * The same checks as the yup validators above for a string of the plainest types, without yup's machinery
 * (a feed import validates every field of a million offers); validate.test.ts holds them equal.
 */
const FAST: Partial<Record<FieldType, (f: FieldDef, raw: string) => unknown>> = {
  varchar: fastText,
  textarea: fastText,
  wysiwyg: fastText,
  number: fastNumber(true),
  float: fastNumber(false),
  url: fastUrl,
  bool: fastBool,
  select: fastSelect,
};

/** A field's validator, built once: a feed import validates every field of a million offers. */
const validators = new WeakMap<FieldDef, ReturnType<(typeof validatorByType)[keyof typeof validatorByType]>>();
function validatorOf(f: FieldDef) {
  let v = validators.get(f);
  if (!v) validators.set(f, (v = validatorByType[f.type](f)));
  return v;
}

const CODES: Record<FieldErrorCode, true> = {
  required: true,
  invalid: true,
  too_long: true,
  too_small: true,
  too_large: true,
  not_option: true,
};

/** A yup object schema of the fields, for client-side forms (react-hook-form's yupResolver, react-admin). */
export function yupSchemaOf(fields: readonly FieldDef[]): yup.ObjectSchema<Record<string, unknown>> {
  return yup.object(
    Object.fromEntries(
      fields
        .filter((f) => !f.readOnly)
        .map((f) => {
          const s = validatorByType[f.type](f);
          return [f.name, f.required && f.type !== 'bool' ? s.required('required') : s.nullable().optional()];
        }),
    ),
  ) as yup.ObjectSchema<Record<string, unknown>>;
}
