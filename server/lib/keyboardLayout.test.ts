import { describe, expect, it } from 'vitest';
import { cyrillicKeysToLatin, latinKeysToCyrillic, switchLayout } from './keyboardLayout';
import { itMaps } from '../../schemas/testing/cases';

describe('keyboard layout', () => {
  itMaps('reads Latin keys as the Russian letters on them, the keys beside the letters too: %s', latinKeysToCyrillic, [
    ['xfqybr', 'чайник'],
    ['[jkjlbkmybr', 'холодильник'],
    ['Gkfnmt ;tycrjt', 'Платье женское'],
  ]);

  itMaps('reads Cyrillic keys as the English letters on them: %s', cyrillicKeysToLatin, [
    ['ыфьыгтп', 'samsung'],
    ['Шзрщту', 'Iphone'],
  ]);

  it('switches text of one script only, and back again to the same text', () => {
    const cases: [text: string, switched: string | null][] = [
      ['xfqybr', 'чайник'],
      ['ыщтн', 'sony'],
      ['iphone чехол', null],
      ['12345', null],
    ];
    for (const [text, switched] of cases) expect(switchLayout(text), text).toBe(switched);
    for (const w of ['чайник', 'холодильник', 'ёлка']) expect(switchLayout(switchLayout(w)!)).toBe(w);
  });
});
