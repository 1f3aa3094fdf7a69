import type { Auth } from './apiClient';

/**
 * The signed-in session kept in the browser under the seed's keys ('user_id', 'token_seq', 'token'), shared
 * by the storefront and the admin of one origin. Never throws: private mode or a disabled storage only
 * means the session does not survive a reload.
 */
export interface AuthStorage {
  get(): Auth | null;
  set(auth: Auth): void;
  clear(): void;
}

const KEYS = ['user_id', 'token_seq', 'token'] as const;

export function createAuthStorage(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = safeLocalStorage()): AuthStorage {
  let memory: Auth | null = null;
  return {
    get() {
      if (!storage) return memory;
      try {
        const [user_id, token_seq, token] = KEYS.map((k) => storage.getItem(k));
        return user_id && token_seq && token ? { user_id, token_seq, token } : null;
      } catch {
        return memory;
      }
    },
    set(auth) {
      memory = { user_id: String(auth.user_id), token_seq: String(auth.token_seq), token: String(auth.token) };
      try {
        for (const k of KEYS) storage?.setItem(k, memory[k]);
      } catch {
        /* kept in memory only */
      }
    },
    clear() {
      memory = null;
      try {
        for (const k of KEYS) storage?.removeItem(k);
      } catch {
        /* nothing stored */
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
