import { describe, expect, it } from 'vitest';
import { cyrillicKeysToLatin, latinKeysToCyrillic, switchLayout } from './keyboardLayout';

describe('keyboard layout', () => {
  it.each<[keys: string, cyrillic: string]>([
    ['xfqybr', 'чайник'],
    ['[jkjlbkmybr', 'холодильник'],
    ['Gkfnmt ;tycrjt', 'Платье женское'],
  ])('reads Latin keys as the Russian letters on them, the keys beside the letters too: %s', (keys, cyrillic) => {
    expect(latinKeysToCyrillic(keys)).toBe(cyrillic);
  });

  it.each<[keys: string, latin: string]>([
    ['ыфьыгтп', 'samsung'],
    ['Шзрщту', 'Iphone'],
  ])('reads Cyrillic keys as the English letters on them: %s', (keys, latin) => {
    expect(cyrillicKeysToLatin(keys)).toBe(latin);
  });

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
