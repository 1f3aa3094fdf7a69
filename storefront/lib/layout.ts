import { useSyncExternalStore } from 'react';
import { WIDE_MIN } from '../../schemas/rules/layout';

export { GALLERY_WIDE_MIN, WIDE_MIN } from '../../schemas/rules/layout';

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

/**
 * True on the wide (desktop) layout, false on the narrow one; re-renders when the window crosses the
 * breakpoint. Null while the page is rendered on the server and hydrated: the width is not known there, so
 * a component renders both layouts' parts with the classes `wide-only` / `narrow-only` (and
 * `gallery-wide-only` / `gallery-narrow-only` at 1024 px), and the stylesheet shows the right one on the
 * first paint (app/base.css); after hydration the component renders only its layout's part, which looks the same.
 */
export function useIsWide(min = WIDE_MIN): boolean | null {
  let sub = subscribers.get(min);
  if (!sub) subscribers.set(min, (sub = subscribe(min)));
  return useSyncExternalStore<boolean | null>(sub, () => isWideNow(min), () => null);
}

const never = () => () => {};
/** False on the server and while hydrating, true after: parts that only the browser can draw wait for it. */
export const useHydrated = (): boolean => useSyncExternalStore(never, () => true, () => false);
