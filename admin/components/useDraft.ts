import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * An editor's form state: `draft` (what is being edited) and `saved` (what was last stored), both taken from
 * `initial` once it is known (a new record's defaults, or the loaded record). `dirty` says they differ (by
 * `differ`, JSON by default). With `once`, a later `initial` (a list refetched) leaves the draft alone.
 */
export function useDraft<T extends object>(initial: T | null, opts: { once?: boolean; differ?: (draft: T, saved: T) => boolean } = {}) {
  const [draft, setDraft] = useState<T | null>(null);
  const [saved, setSaved] = useState<T | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!initial || (opts.once && started.current)) return;
    started.current = true;
    setDraft(initial);
    setSaved(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);
  const differ = opts.differ ?? ((a: T, b: T) => JSON.stringify(a) !== JSON.stringify(b));
  const dirty = !!draft && !!saved && differ(draft, saved);
  const set = (patch: Partial<T>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return { draft, setDraft, saved, setSaved, dirty, set };
}

/**
 * Sends an editor to /404 when its record cannot be read. The returned ref is set once the editor has
 * left on purpose (it deleted the record), so the failing re-read that follows is not a 404.
 */
export function useLeaveWhenMissing(error: unknown) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (error && !left.current) navigate('/404', { replace: true });
  }, [error, navigate]);
  return left;
}
