import type { FieldError } from '../schemas';
import ru from '../i18n/common/ru';

/**
 * Error codes are translation keys; the message is the Russian text of i18n/common (the seed's texts),
 * kept in one place for both apps and the server. 'token error' is the seed's literal token message.
 */
const MESSAGES: Record<string, string> = { ...ru.errors, token_error: 'token error' };

/** An error the client caused or may see: becomes `{"error": {code, message, fields}}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
    readonly fields?: FieldError[] | string[],
  ) {
    super(message ?? MESSAGES[code] ?? code);
  }
}

export const badRequest = (code = 'invalid_input', message?: string, fields?: FieldError[] | string[]) => new ApiError(400, code, message, fields);
export const requiredFields = (fields: FieldError[]) =>
  new ApiError(400, 'required_fields_error', `${MESSAGES.required_fields_error}: ${fields.map((f) => f.field).join(', ')}`, fields);
export const tokenError = () => new ApiError(401, 'token_error');
export const forbidden = () => new ApiError(403, 'forbidden');
export const notFound = (what = 'not_found') => new ApiError(404, what, MESSAGES.not_found);
export const conflict = (message?: string) => new ApiError(409, 'conflict', message);
