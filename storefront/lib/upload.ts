/**
 * Uploads with their progress: fetch() cannot tell how much of a request body has been sent, but
 * XMLHttpRequest can. `uploadFetch` is a fetch for request bodies (the question form's pictures,
 * POST /rest/questions) that reports the sent share to `uploadProgress`, which the 'Загрузка N%' bar
 * (components/UploadProgress) shows; the api client's own uploads can report there through its
 * `onUploadProgress` option. Only one upload runs at a time in the storefront.
 */
type Listener = () => void;
let percent: number | null = null;
const listeners = new Set<Listener>();

export const uploadProgress = {
  /** 0..100 while an upload runs, null otherwise. */
  get: (): number | null => percent,
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
  set(p: number | null): void {
    const next = p === null ? null : Math.max(0, Math.min(100, Math.round(p)));
    if (next === percent) return;
    percent = next;
    for (const l of listeners) l();
  },
};

/** Statuses whose response has no body (Response refuses one). */
const NO_BODY = [101, 204, 205, 304];

/** fetch() for a request with a body, through XMLHttpRequest so that the upload reports its progress. */
export function uploadFetch(url: string, init: { method?: string; body?: XMLHttpRequestBodyInit | null; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
  if (typeof XMLHttpRequest === 'undefined') return fetch(url, init);
  return new Promise((resolve, reject) => {
    const req = new XMLHttpRequest();
    req.open(init.method ?? 'POST', url);
    for (const [k, v] of Object.entries(init.headers ?? {})) req.setRequestHeader(k, v);
    uploadProgress.set(0);
    req.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) uploadProgress.set((e.loaded / e.total) * 100);
    };
    req.onload = () => {
      uploadProgress.set(null);
      resolve(new Response(NO_BODY.includes(req.status) ? null : req.responseText, { status: req.status, statusText: req.statusText }));
    };
    req.onerror = req.onabort = req.ontimeout = () => {
      uploadProgress.set(null);
      reject(new TypeError('Failed to fetch'));
    };
    init.signal?.addEventListener('abort', () => req.abort());
    req.send(init.body ?? null);
  });
}
