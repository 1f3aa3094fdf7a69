import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapse, collapseByRegExp } from './values';

describe('collapse', () => {
  it('gives what the regular expression gives, whitespace of any kind', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('a', 'ж', ' ', '  ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2003', '\u2028', '\u202f', '\u3000', '\ufeff', '\u200b', '\u0085', '\u001f') }),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(collapse(s)).toBe(collapseByRegExp(s));
      }),
      { numRuns: 10_000 },
    );
    // 10 000 runs take ~1 s alone and over 5 s on a loaded machine (a CI run beside a build): a bound, not a budget.
  }, 60_000);
});
