import type { FieldError } from '../schemas';

/** Error codes are translation keys; the message is the seed's Russian text where it gives one. */
const MESSAGES: Record<string, string> = {
  required_fields_error: 'Заполните обязательные поля',
  invalid_input: 'Неверные данные',
  unknown_api: 'Неизвестный вызов API',
  token_error: 'token error',
  forbidden: 'Недостаточно прав',
  not_found: 'Не найдено',
  conflict: 'Конфликт данных',
  too_large: 'Слишком большой файл',
  too_many_requests: 'Слишком много запросов, попробуйте позже',
  invalid_phone: 'Неверно записан номер',
  invalid_code: 'Неверный код',
  code_expired: 'Код устарел, запросите новый',
  unsupported_file: 'Недопустимый тип файла',
  server_error: 'Problems connecting to the server, try reloading the page',
  yml_error: 'Ошибка в YML-файле',
};

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
