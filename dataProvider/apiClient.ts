/**
 * The browser's access to the server's `api=` protocol: form-data bodies with the seed's keys, the auth
 * form on authenticated calls, the token check on every response, retries on network failure.
 */

export interface ShopConfig {
  API_HOST: string;
  URL_IMAGES: string;
  MAP_TILES_URL?: string;
}

export interface Auth {
  user_id: string;
  token_seq: string;
  token: string;
}

/** The server answered with an error body (`{"error": {code, params, message, fields}}`): `params` fill the code's text in i18n. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: unknown[] = [],
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isTokenError() {
    return this.code === 'token_error';
  }
}

/** The request never got an answer (offline, server down, timeout). */
export class NetworkError extends Error {
  constructor(message = 'Network Error') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** /config.json lacks API_HOST or URL_IMAGES: the broken-url page. */
export class ConfigError extends Error {
  constructor() {
    super('Нет нужных URL');
    this.name = 'ConfigError';
  }
}

export async function loadShopConfig(origin: string = globalThis.location?.origin ?? '', fetchFn: typeof fetch = fetch): Promise<ShopConfig> {
  let json: Partial<ShopConfig>;
  try {
    const res = await fetchFn(`${origin}/config.json`, { cache: 'no-cache' });
    if (!res.ok) throw new ConfigError();
    json = await res.json();
  } catch {
    throw new ConfigError();
  }
  if (!json.API_HOST || !json.URL_IMAGES) throw new ConfigError();
  return json as ShopConfig;
}

export type ParamValue = string | number | boolean | Blob | null | undefined;
export type Params = Record<string, ParamValue | ParamValue[]>;

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** Send the auth form (user_id, token_seq, token) when signed in. Default true; never on a GET (the server refuses tokens in the address). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Upload progress 0..100 (uses XMLHttpRequest): the shell's 'Загрузка N%'. */
  onUploadProgress?: (percent: number) => void;
  /** Retries after a network failure (not after an error answer), `retryDelay` ms apart. */
  retries?: number;
  retryDelay?: number;
}

export interface ApiClientOptions {
  apiHost: string;
  getAuth: () => Auth | null;
  getLang?: () => string;
  /** A response said the token is bad: the app clears its stored auth and shows itself signed out. */
  onTokenError?: () => void;
  fetch?: typeof fetch;
}

/** Encodes params as the seed does: booleans as 1/0, arrays as repeated keys, files as parts. */
export function toFormData(params: Params): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(params)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null) continue;
      if (typeof item === 'boolean') fd.append(k, item ? '1' : '0');
      else if (typeof item === 'number') fd.append(k, String(item));
      else if (typeof Blob !== 'undefined' && item instanceof Blob) fd.append(k, item, (item as File).name ?? 'file');
      else fd.append(k, item as string);
    }
  }
  return fd;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createApiClient(opts: ApiClientOptions) {
  const fetchFn = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  function withAuth(params: Params, useAuth: boolean): Params {
    const auth = useAuth ? opts.getAuth() : null;
    const lang = opts.getLang?.();
    return { ...(lang && params.lang === undefined ? { lang } : {}), ...params, ...(auth ?? {}) };
  }

  async function handle<T>(status: number, text: string): Promise<T> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(status, status >= 500 ? 'server_error' : 'invalid_response', text.slice(0, 200));
    }
    if (body && body.token === 'error') opts.onTokenError?.();
    if (status >= 400 || (body && typeof body.error === 'object' && body.error)) {
      const e = (body.error ?? {}) as { code?: string; message?: string; fields?: unknown[]; params?: Record<string, string | number> };
      throw new ApiError(status, e.code ?? 'server_error', e.message ?? `HTTP ${status}`, e.fields ?? [], e.params ?? {});
    }
    return body as T;
  }

  function xhr(url: string, data: FormData, o: CallOptions): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = new XMLHttpRequest();
      req.open('POST', url);
      req.upload.onprogress = (e) => e.lengthComputable && o.onUploadProgress!(Math.round((e.loaded / e.total) * 100));
      req.onload = () => resolve({ status: req.status, text: req.responseText });
      req.onerror = () => reject(new NetworkError());
      o.signal?.addEventListener('abort', () => req.abort());
      req.send(data);
    });
  }

  async function once<T>(api: string, params: Params, o: CallOptions): Promise<T> {
    // A GET carries its params in the address, and the server refuses a token there: a GET is never signed.
    const all = withAuth(params, o.auth !== false && o.method !== 'GET');
    const url = new URL(opts.apiHost, globalThis.location?.href);
    url.searchParams.set('api', api);
    let status: number;
    let text: string;
    try {
      if (o.method === 'GET') {
        for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null && !Array.isArray(v)) url.searchParams.set(k, String(v));
        const res = await fetchFn(url.toString(), { signal: o.signal });
        status = res.status;
        text = await res.text();
      } else if (o.onUploadProgress && typeof XMLHttpRequest !== 'undefined') {
        ({ status, text } = await xhr(url.toString(), toFormData(all), o));
      } else {
        const res = await fetchFn(url.toString(), { method: 'POST', body: toFormData(all), signal: o.signal });
        status = res.status;
        text = await res.text();
      }
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw new NetworkError();
    }
    return handle<T>(status, text);
  }

  return {
    /** One `api=<name>` call; resolves with the response body, rejects with ApiError or NetworkError. */
    async call<T = Record<string, unknown>>(api: string, params: Params = {}, o: CallOptions = {}): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once<T>(api, params, o);
        } catch (e) {
          if (!(e instanceof NetworkError) || attempt >= (o.retries ?? 0)) throw e;
          await sleep(o.retryDelay ?? 1500);
        }
      }
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** Whether the browser believes it is offline (the 'Оффлайн' banner). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** An image path from the API as a URL: paths without http(s) get the image base URL prefixed. */
export const imageUrl = (urlImages: string, path: string | null | undefined): string | null =>
  !path ? null : /^https?:\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:') ? path : `${urlImages}${path.replace(/^\//, '')}`;
