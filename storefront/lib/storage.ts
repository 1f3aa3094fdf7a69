/**
 * localStorage with JSON and without throwing (private mode, quota, disabled storage).
 * Keys are the seed's: 'Cart', 'favourites', 'searchWords', 'lang', 'token', 'token_seq', 'user_id', 'back'.
 */
const ls = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = ls()?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    ls()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the in-memory state still works */
  }
}

export function readString(key: string): string | null {
  try {
    return ls()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) ls()?.removeItem(key);
    else ls()?.setItem(key, value);
  } catch {
    /* ignore */
  }
}
