import { useLayoutEffect } from 'react';

/**
 * Scroll positions remembered per page key (a category path, a search word): going back to a list shows
 * it where the reader left it. Pages without a key (item, cart, order) start at the top.
 */
const positions = new Map<string, number>();

export const rememberScroll = (key: string, y: number) => positions.set(key, y);
export const rememberedScroll = (key: string) => positions.get(key);

/** Restores the position of `key` once `ready` (the list is there), and saves it when leaving. */
export function useScrollMemory(key: string | null, ready: boolean) {
  useLayoutEffect(() => {
    if (!key || !ready) return;
    const y = positions.get(key);
    window.scrollTo(0, y ?? 0);
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [key, ready]);
}

/** Starts the page at the top (item, info, cart pages). */
export function useScrollTop(dep: unknown) {
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [dep]);
}

/** Forgets the positions of keys starting with a prefix (a re-filtered list starts at the top). */
export function forgetScroll(prefix: string) {
  for (const k of [...positions.keys()]) if (k.startsWith(prefix)) positions.delete(k);
}
