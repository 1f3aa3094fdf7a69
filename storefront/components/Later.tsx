import { Suspense, useRef, type ReactElement } from 'react';
import { hydrationWaitsFor } from '../lib/hydrated';
import { nextTask } from '../lib/nextTask';
import { useHydrated } from '../lib/layout';

let parts: Promise<void> = Promise.resolve();

/** The next free task after the parts met before this one: one part hydrates a task, in page order. */
const nextPart = () => hydrationWaitsFor((parts = parts.then(nextTask)));

function Gate({ children }: { children: ReactElement }) {
  const serverSnapshot = !useHydrated();
  const part = useRef<{ ready: boolean; wait?: Promise<void> } | null>(null);
  // Decided on the first render only: true while the page hydrates, never on a page the app draws itself.
  part.current ??= { ready: !(serverSnapshot && typeof document !== 'undefined') };
  // Suspending while hydrating keeps the server's DOM as it is (Preact resumes into it); a parent's redraw
  // meanwhile throws the same promise, so the part keeps its place in the line.
  if (!part.current.ready) throw (part.current.wait ??= nextPart().then(() => void (part.current!.ready = true)));
  return children;
}

/**
 * A part of a server-rendered page that hydrates in a later task than the rest (issue 13: no single long
 * task hydrating the whole page, which is what Lighthouse's Total Blocking Time counts). Its HTML shows and
 * stays from the first paint; its handlers come a few milliseconds after the page's. Taps in between are
 * held by the tap queue (server/features/seo/tapQueue.ts), and the page's hydrated mark waits for every part
 * (features/seo/hydrated.tsx). On the server and on pages the app draws itself it renders `children` at once.
 *
 * `children` must render exactly one element at its root: Preact keeps the first node of a suspended part.
 */
export default function Later({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
