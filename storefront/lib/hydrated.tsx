import { useEffect, type ReactNode } from 'react';
import { nextTask } from './nextTask';

const pending = new Set<Promise<unknown>>();
let marked = false;

/**
 * Parts of the page that hydrate after the root's commit (components/Later's boundaries, a lazy part whose
 * chunk is still on its way): the hydrated mark waits until each has settled. Outside hydration the promise
 * is only passed through.
 */
export function hydrationWaitsFor<T>(promise: Promise<T>): Promise<T> {
  if (!marked && typeof document !== 'undefined') {
    pending.add(promise);
    const done = () => void pending.delete(promise);
    promise.then(done, done);
  }
  return promise;
}

/** Once nothing is pending: a part that settles may start another (a lazy chunk inside a boundary), so look again a task later. */
async function partsSettled(): Promise<void> {
  while (pending.size) {
    await Promise.allSettled([...pending]);
    await nextTask();
  }
}

/** How long the mark waits for a lazy chunk that never comes (a stalled network): the rest of the page works. */
const PARTS_WAIT_MS = 5000;

const partsHydrated = () => Promise.race([partsSettled(), new Promise<void>((resolve) => setTimeout(resolve, PARTS_WAIT_MS))]);

/**
 * Wraps the app's root: once React has committed the first render (its children's effects run first) and
 * every later part has hydrated, the page is marked hydrated, `<html data-hydrated="1">`. The server's tap
 * queue (server/features/seo/tapQueue.ts) then stops holding taps and replays the kept ones; the e2e wait for
 * the mark (e2e/fixtures.ts).
 */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    void partsHydrated().then(() => {
      marked = true;
      document.documentElement.dataset.hydrated = '1';
    });
  }, []);
  return children;
}
