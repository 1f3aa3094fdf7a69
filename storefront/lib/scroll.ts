import { useLayoutEffect } from 'react';

/**
 * Scroll positions remembered per page key (a category path with its sort and filters, a search word),
 * in sessionStorage so they survive a reload of the tab: going back to a list shows it where the reader
 * left it. Pages without a key (item, cart, order) start at the top.
 *
 * A list remembers more than a y: the product at the top of the window (its index and how far below the
 * window's top it was) and how many pages were loaded. A windowed list does not render the rows far
 * from the window, so after a reload its height above that product is an estimate; the anchor puts the
 * same product back at the same place, and `pages` tells the list how many pages to load again.
 */
export interface ScrollMemory {
  y: number;
  /** Index of the first product in view, and its top relative to the window's top (px). */
  anchor?: number;
  anchorTop?: number;
  /** Pages of the list loaded when the reader left. */
  pages?: number;
}

const PREFIX = 'scroll:';
/** Only the most recent keys are kept (sessionStorage is small and shared). */
const MAX_KEYS = 40;
const memory = new Map<string, ScrollMemory>();

const ss = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

function storedKeys(s: Storage): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) out.push(k);
  }
  return out;
}

export function rememberScroll(key: string, m: ScrollMemory | number): void {
  const value: ScrollMemory = typeof m === 'number' ? { y: m } : m;
  memory.delete(key);
  memory.set(key, value);
  const s = ss();
  if (!s) return;
  try {
    s.setItem(PREFIX + key, JSON.stringify({ ...value, at: Date.now() }));
    const keys = storedKeys(s);
    if (keys.length > MAX_KEYS) {
      const byAge = keys.map((k) => ({ k, at: Number(JSON.parse(s.getItem(k) ?? '{}').at ?? 0) })).sort((a, b) => a.at - b.at);
      for (const { k } of byAge.slice(0, keys.length - MAX_KEYS)) s.removeItem(k);
    }
  } catch {
    /* storage full or disabled: the in-memory copy still works for this page's life */
  }
}

export function rememberedScroll(key: string): ScrollMemory | undefined {
  const hit = memory.get(key);
  if (hit) return hit;
  try {
    const raw = ss()?.getItem(PREFIX + key);
    if (!raw) return undefined;
    const v = JSON.parse(raw) as ScrollMemory;
    if (typeof v?.y !== 'number') return undefined;
    memory.set(key, v);
    return v;
  } catch {
    return undefined;
  }
}

/** Restores the position of `key` once `ready` (the page is there), and saves it when leaving. */
export function useScrollMemory(key: string | null, ready: boolean) {
  useLayoutEffect(() => {
    if (!key || !ready) return;
    window.scrollTo(0, rememberedScroll(key)?.y ?? 0);
    const save = () => rememberScroll(key, window.scrollY);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
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
  for (const k of [...memory.keys()]) if (k.startsWith(prefix)) memory.delete(k);
  const s = ss();
  if (!s) return;
  try {
    for (const k of storedKeys(s)) if (k.slice(PREFIX.length).startsWith(prefix)) s.removeItem(k);
  } catch {
    /* ignore */
  }
}
