import { describe, expect, it } from 'vitest';
import { alignedWholeTicks, labelEvery, niceTicks } from './chartScale';

describe('the dashboard chart scales', () => {
  it('round revenue ticks from 0 cover the highest bar', () => {
    expect(niceTicks(9_300)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000]);
    expect(niceTicks(1_000)).toEqual([0, 200, 400, 600, 800, 1_000]);
    expect(niceTicks(123.4)).toEqual([0, 25, 50, 75, 100, 125]);
  });

  it('order counts get whole ticks, and an empty series still has an axis', () => {
    expect(niceTicks(3, 5, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1, 5, true)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    for (const max of [1, 7, 13, 99, 1_234]) {
      const t = niceTicks(max, 5, true);
      expect(t.every(Number.isInteger)).toBe(true);
      expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
    }
  });

  it("the orders axis takes the revenue axis's grid with whole steps", () => {
    expect(alignedWholeTicks(13, 4)).toEqual([0, 4, 8, 12, 16]);
    expect(alignedWholeTicks(2, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(alignedWholeTicks(0, 1)).toEqual([0, 1]);
  });

  it('labels under a narrow axis are thinned so they do not overlap', () => {
    expect(labelEvery(30, 1_100)).toBe(2);
    expect(labelEvery(30, 280)).toBe(6);
    expect(labelEvery(12, 1_100)).toBe(1);
  });
});
