/**
 * Test helper (imported by `*.test.ts` files only): a pure function's cases as a table, one test a row, so
 * a case is added as a row and a failure names its input. It sits in schemas/, the ground layer, so the
 * tests of every folder may import it.
 */
import { expect, it } from 'vitest';

/**
 * One test a row: `fn(input)` is `output`. `title` is vitest's `it.each` title, `%s` or `%j` standing for
 * the row's input. An object output is compared by value (toEqual), anything else with toBe.
 */
export function itMaps<I, O>(title: string, fn: (input: I) => O, rows: [input: NoInfer<I>, output: NoInfer<O>][]): void {
  it.each(rows)(title, (input, output) => {
    if (typeof output === 'object' && output !== null) expect(fn(input)).toEqual(output);
    else expect(fn(input)).toBe(output);
  });
}
