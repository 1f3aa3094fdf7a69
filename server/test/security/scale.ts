/**
 * The security suite's size: SECURITY_SCALE=1 runs the figures (10,000 guesses, 1,000 orders, ...);
 * `npm test` runs a fraction of them (default 0.05) so the suite stays within CI's time. Every test prints
 * the scale it ran at next to its figure.
 */
export const SCALE = Math.min(1, Math.max(0.001, Number(process.env.SECURITY_SCALE ?? '') || 0.05));

/** The figure at this scale (at least `min`). */
export const scaled = (full: number, min = 1) => Math.max(min, Math.round(full * SCALE));

export const scaleNote = () => `scale ${SCALE}`;

/** Runs `tasks` with at most `width` at a time. */
export async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}
