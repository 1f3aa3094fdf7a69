import type { FieldError } from '../schemas';
import { format, isLang, lookup, type Catalogue, type Lang } from '../i18n';
import ru from '../i18n/common/ru';
import adminRu from '../i18n/admin/ru';
import { SERVER_TEXTS } from '../i18n/server';

/**
 * Errors as data: a code (a key of i18n/common `errors`, or i18n/admin `errors` for the owner's) and its params. The answer carries both, plus the
 * protocol's `message`: the code's Russian text (the seed's texts) with the params filled in, so every text
 * lives once, in i18n/. 'token error' is the seed's literal token message.
 */
export type ErrorParams = Record<string, string | number>;

/** The shared error texts and the owner-only ones (kept in the admin's catalogue, out of the storefront's). */
const CATALOGUE = { errors: { ...ru.errors, ...adminRu.errors } } as unknown as Catalogue;

/** The Russian text of an error code with its params ({name} placeholders). */
export function errorText(code: string, params?: ErrorParams): string {
  if (code === 'token_error') return 'token error';
  const text = lookup(CATALOGUE, `errors.${code}`);
  return text === undefined ? code : format(text, params);
}


/**
 * A text the server itself sends (notifications, SMS, payment descriptions, exports, the SEO part of pages)
 * from i18n/server/<lang>.ts: `lang` is the shop's language (shopLang) for what the owner reads, the
 * customer's request language where one is known; an unknown language reads Russian, the default.
 */
export function serverText(lang: unknown, key: string, params?: ErrorParams): string {
  const text = lookup(SERVER_TEXTS[isLang(lang) ? lang : 'ru'], key) ?? lookup(SERVER_TEXTS.ru, key);
  return text === undefined ? key : format(text, params);
}

/**
 * An error the client caused or may see: becomes `{"error": {code, params?, message, fields?}}` with its
 * status. The third argument is the params of the code's text; a plain string is a developer's note for
 * malformed requests (English, not shown to shoppers).
 */
export class ApiError extends Error {
  readonly params?: ErrorParams;
  constructor(
    readonly status: number,
    readonly code: string,
    paramsOrNote?: ErrorParams | string,
    readonly fields?: FieldError[] | string[],
    /** The text's key when it is more precise than the code (the code stays the protocol's). */
    textKey?: string,
  ) {
    super(typeof paramsOrNote === 'string' ? paramsOrNote : errorText(textKey ?? code, paramsOrNote));
    if (paramsOrNote && typeof paramsOrNote === 'object') this.params = paramsOrNote;
  }
}

export const badRequest = (code = 'invalid_input', paramsOrNote?: ErrorParams | string, fields?: FieldError[] | string[], textKey?: string) =>
  new ApiError(400, code, paramsOrNote, fields, textKey);
export const requiredFields = (fields: FieldError[]) =>
  new ApiError(400, 'required_fields_error', `${errorText('required_fields_error')}: ${fields.map((f) => f.field).join(', ')}`, fields);
export const tokenError = () => new ApiError(401, 'token_error');
export const forbidden = () => new ApiError(403, 'forbidden');
export const notFound = (what = 'not_found') => new ApiError(404, what, errorText('not_found'));
export const conflict = (message?: string) => new ApiError(409, 'conflict', message);
