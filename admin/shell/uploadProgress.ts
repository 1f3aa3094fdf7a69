import { useSyncExternalStore } from 'react';

/** Upload progress of the call sending files now (0..100), or null: the shell's 'Загрузка N%'. */
let value: number | null = null;
const listeners = new Set<() => void>();

export const uploadProgress = {
  get: () => value,
  set(next: number | null) {
    if (next === value) return;
    value = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const useUploadProgress = () => useSyncExternalStore(uploadProgress.subscribe, uploadProgress.get, uploadProgress.get);
