/** The dashboard chart's scales (pure, tested in chartScale.test.ts). */

/** About `count` round steps (1, 2, 2.5 or 5 × 10ⁿ; whole ones for counts) from 0 covering `max`: [0, step, 2·step, ...]. */
export function niceTicks(max: number, count = 5, whole = false): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const nice = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow;
  const step = whole ? Math.max(1, Math.ceil(nice)) : nice;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length <= count + 1; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

/** Every how many buckets a label fits under the axis (a label takes about `labelPx`). */
export const labelEvery = (buckets: number, width: number, labelPx = 48) => Math.max(1, Math.ceil((buckets * labelPx) / Math.max(width, 1)));

/** Whole-number ticks for a second axis on the first axis's grid: `intervals` equal whole steps from 0 covering `max`. */
export function alignedWholeTicks(max: number, intervals: number): number[] {
  const step = Math.max(1, Math.ceil(Math.max(max, 0) / Math.max(intervals, 1)));
  return Array.from({ length: Math.max(intervals, 1) + 1 }, (_, i) => i * step);
}
