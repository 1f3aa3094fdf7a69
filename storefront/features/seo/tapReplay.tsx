import { useEffect, type ReactNode } from 'react';

/**
 * Taps before hydration: the server's inline tap queue (server/features/seo/tapQueue.ts, first in the head)
 * keeps each button of #root tapped while the page is not yet hydrated in `window.__taps`, and stops the
 * browser's own action. Once React has committed the first render, `Hydrated` marks the page
 * (`<html data-hydrated="1">`, which also ends the queue; the e2e wait for it) and clicks each kept button
 * once, as soon as React has hydrated it (replayWhenHydrated). A button tapped twice is clicked once (an impatient second tap is not
 * a second order).
 */
export function markHydratedAndReplay(doc: Document = document) {
  doc.documentElement.dataset.hydrated = '1';
  const w = doc.defaultView as (Window & { __taps?: Element[] }) | null;
  const taps = w?.__taps ?? [];
  if (w) w.__taps = [];
  for (const el of taps) replayWhenHydrated(el as HTMLElement, 0);
}

/** React's own mark on an element it has hydrated (its props); the one place the app reads a React internal. */
const hydratedByReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/**
 * The root commits before a lazy part of the page (its chunk, the news form) has hydrated, and React drops a
 * click on a part not yet hydrated: the kept tap waits, frame by frame, until its button is React's (at most
 * ~5 s, then it is clicked anyway). A button the app replaced meanwhile is gone: nothing is clicked.
 */
function replayWhenHydrated(el: HTMLElement, frames: number) {
  if (!el.isConnected || typeof el.click !== 'function') return;
  if (hydratedByReact(el) || frames >= 300) el.click();
  else requestAnimationFrame(() => replayWhenHydrated(el, frames + 1));
}

/** Wraps the app's root: its effect runs after the whole first render is committed (children's effects run first). */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => markHydratedAndReplay(), []);
  return children;
}
