import { useSyncExternalStore } from 'react';

const EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
let interacted = false;
const listeners = new Set<() => void>();

function onFirst() {
  interacted = true;
  for (const e of EVENTS) window.removeEventListener(e, onFirst, true);
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  if (!interacted && !listeners.size) for (const e of EVENTS) window.addEventListener(e, onFirst, { capture: true, passive: true });
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the reader has moved, tapped, typed or scrolled on this page yet (false on the server): a part the
 * first screen can do without (the wide list's filters) loads on the first sign of a reader, so its chunk
 * stays out of the first screen's download.
 */
export const useInteracted = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
