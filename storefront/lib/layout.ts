import { useSyncExternalStore } from 'react';

/** The seed's breakpoints: mobile at 1099 px or less, the wide layout from 1100 px; the gallery switches at 1023 px. */
export const WIDE_MIN = 1100;
export const GALLERY_WIDE_MIN = 1024;

const query = (min: number) => `(min-width: ${min}px)`;

export const isWideNow = (min = WIDE_MIN) =>
  typeof window !== 'undefined' && (window.matchMedia ? window.matchMedia(query(min)).matches : window.innerWidth >= min);

function subscribe(min: number) {
  return (cb: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const mq = window.matchMedia(query(min));
    mq.addEventListener('change', cb);
    return () => mq.removeEventListener('change', cb);
  };
}
const subscribers = new Map<number, (cb: () => void) => () => void>();

/** True on the wide (desktop) layout; re-renders when the window crosses the breakpoint. */
export function useIsWide(min = WIDE_MIN): boolean {
  let sub = subscribers.get(min);
  if (!sub) subscribers.set(min, (sub = subscribe(min)));
  return useSyncExternalStore(sub, () => isWideNow(min), () => false);
}
