import { ApiError, NetworkError } from '../../../dataProvider/apiClient';
import type { PickupPlace } from './accountSlice';
import { restBase } from '../../lib/restBase';
import { readString, writeString } from '../../lib/storage';
import { uploadFetch } from '../../lib/upload';

/**
 * What the account feature asks outside the api client: the stored auth form and the REST routes the seed
 * shows no call for (the question about an order, a pick-up place).
 */
/** The picture kinds the question form takes. */
export const REVIEW_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'];

export { AUTH_KEYS, clearAuth } from './session';

export interface LoginAnswer {
  user_id: string;
  token_seq: string;
  token: string;
  is_owner?: string;
}

/** Keeps the session under the seed's keys (main.tsx storedAuth reads them for every call). */
export function saveAuth(a: LoginAnswer): void {
  writeString('user_id', String(a.user_id));
  writeString('token_seq', String(a.token_seq));
  writeString('token', String(a.token));
  writeString('is_owner', a.is_owner === '1' ? '1' : '0');
}

export const storedToken = () => readString('token');

async function restCall<T>(method: string, path: string, body?: FormData): Promise<T> {
  const token = storedToken();
  let res: Response;
  try {
    // A body (the question's pictures) goes through uploadFetch: its progress shows as 'Загрузка N%'.
    res = await (body ? uploadFetch : fetch)(`${restBase()}${path}`, { method, body, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new NetworkError();
  }
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const e = (json?.error ?? {}) as { code?: string; message?: string; fields?: unknown[] };
    throw new ApiError(res.status, e.code ?? (res.status >= 500 ? 'server_error' : 'error_msg'), e.message ?? `HTTP ${res.status}`, e.fields ?? []);
  }
  return json as T;
}

/** POST /rest/questions (multipart): orderId, contact, message, device_id and the pictures as `images`. */
export function postQuestion(v: { orderId: number; contact: string; message: string; deviceId: string; files: File[] }) {
  const fd = new FormData();
  fd.append('orderId', String(v.orderId));
  fd.append('contact', v.contact);
  fd.append('message', v.message);
  fd.append('device_id', v.deviceId);
  for (const f of v.files) fd.append('images', f, f.name);
  return restCall<{ id: number }>('POST', '/questions', fd);
}

/** GET /rest/places/{id}: the pick-up place of an order (anyone may read places). */
export const fetchPlace = (id: number) => restCall<PickupPlace>('GET', `/places/${id}`);
