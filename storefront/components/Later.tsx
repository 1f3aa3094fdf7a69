import { Suspense, useDeferredValue, useEffect, useId, useMemo, type ReactElement, type ReactNode } from 'react';
import { hydrationWaitsFor } from '../lib/hydrated';
import { useHydrated } from '../lib/layout';

/** The parts met while hydrating, by their useId (the same when React renders the part again): settled once it has hydrated. */
const parts = new Map<string, () => void>();

function partOf(id: string): void {
  if (parts.has(id)) return;
  let settle!: () => void;
  void hydrationWaitsFor(new Promise<void>((resolve) => (settle = resolve)));
  parts.set(id, settle);
}

function settle(id: string): void {
  parts.get(id)?.();
  parts.delete(id);
}

/** Inside the boundary: its effect runs when React has hydrated (or drawn) the part. */
function PartHydrated({ id }: { id: string }) {
  useEffect(() => settle(id), [id]);
  return null;
}

/**
 * A part of a server-rendered page that hydrates after the rest: a Suspense boundary, which React leaves as
 * the server drew it when the root hydrates and hydrates by itself in a later, lower-priority render (sooner
 * when it is tapped or its props change), each in short slices. So no single long task hydrates the whole
 * page (issue 13: what Lighthouse's Total Blocking Time counts), and what is interactive first (the shell,
 * the list's buttons) is not held up by the rest. Taps before the app starts are held by the tap queue
 * (server/features/seo/tapQueue.ts); the page's hydrated mark waits for every part (lib/hydrated.tsx).
 *
 * The part draws new `children` in a deferred render (useDeferredValue): React then hydrates the part before
 * it redraws it. A synchronous redraw (this device's state, the layout known, right after the root's commit)
 * reaching a part not hydrated yet would make React drop the part's server HTML and draw it anew.
 * `fallback`: what shows while a lazy part's chunk loads on a page the app draws itself (none by default).
 */
export default function Later({ children, fallback = null }: { children: ReactElement; fallback?: ReactNode }) {
  const id = useId();
  // While the page hydrates (never on the server or on a page the app draws itself) the mark waits for this part.
  if (!useHydrated() && typeof document !== 'undefined') partOf(id);
  // Gone before it hydrated (the page left meanwhile): nothing to wait for.
  useEffect(() => () => settle(id), [id]);
  const shown = useDeferredValue(children);
  return useMemo(
    () => (
      <Suspense fallback={fallback}>
        <PartHydrated id={id} />
        {shown}
      </Suspense>
    ),
    [id, shown, fallback],
  );
}
