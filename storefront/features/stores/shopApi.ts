import { ApiError, NetworkError } from '../../../dataProvider/apiClient';
import { restBase } from '../../lib/restBase';

/** POST /rest/subscriptions with name and email (form-urlencoded); rejects with ApiError or NetworkError. */
export async function postSubscription(name: string, email: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${restBase()}/subscriptions`, { method: 'POST', body: new URLSearchParams({ name, email }) });
  } catch {
    throw new NetworkError();
  }
  if (res.ok) return;
  let body: { error?: { code?: string; message?: string; fields?: unknown[] } } = {};
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  throw new ApiError(res.status, body.error?.code ?? 'server_error', body.error?.message ?? `HTTP ${res.status}`, body.error?.fields ?? []);
}
