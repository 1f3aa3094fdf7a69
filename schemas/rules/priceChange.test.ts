import { describe, expect, it } from 'vitest';
import { changedPrice, validPriceChange } from './priceChange';

describe('changedPrice', () => {
  it('keeps a whole price whole, rounding half up', () => {
    expect(changedPrice(1990, -7)).toBe(1851);
    expect(changedPrice(1000, 10)).toBe(1100);
    expect(changedPrice(15, 10)).toBe(17); // 16.5 → 17
    expect(changedPrice(25, -10)).toBe(23); // 22.5 → 23
    expect(changedPrice(1, -50)).toBe(1); // 0.5 → 1
  });
  it('rounds a price with kopecks to the kopeck', () => {
    expect(changedPrice(99.9, 5)).toBe(104.9); // 104.895 → 104.90
    expect(changedPrice(0.1, 200)).toBe(0.3);
    expect(changedPrice(10.01, 50)).toBe(15.02); // 15.015 → 15.02
  });
  it('never goes below 0 and leaves 0 alone', () => {
    expect(changedPrice(0, 50)).toBe(0);
    expect(changedPrice(100, -99)).toBe(1);
  });
});

describe('validPriceChange', () => {
  it('takes -99..1000 with two decimals, not 0', () => {
    for (const ok of [-99, -10, 0.5, 12.25, 1000]) expect(validPriceChange(ok)).toBe(true);
    for (const bad of [0, -100, 1001, 1.234, NaN, Infinity, '10', null]) expect(validPriceChange(bad)).toBe(false);
  });
});
