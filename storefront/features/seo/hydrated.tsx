import { useEffect, type ReactNode } from 'react';

/**
 * Wraps the app's root: once React has committed the first render (its children's effects run first), the
 * page is marked hydrated, `<html data-hydrated="1">`. The server's tap queue (server/features/seo/tapQueue.ts)
 * then stops holding taps and replays the kept ones; the e2e wait for the mark (e2e/fixtures.ts).
 */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
  }, []);
  return children;
}
