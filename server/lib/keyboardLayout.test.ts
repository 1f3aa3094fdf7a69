import { describe, expect, it } from 'vitest';
import { cyrillicKeysToLatin, latinKeysToCyrillic, switchLayout } from './keyboardLayout';

describe('keyboard layout', () => {
  it('reads Latin keys as the Russian letters on them, the keys beside the letters too', () => {
    expect(latinKeysToCyrillic('xfqybr')).toBe('чайник');
    expect(latinKeysToCyrillic('[jkjlbkmybr')).toBe('холодильник');
    expect(latinKeysToCyrillic('Gkfnmt ;tycrjt')).toBe('Платье женское');
  });

  it('reads Cyrillic keys as the English letters on them', () => {
    expect(cyrillicKeysToLatin('ыфьыгтп')).toBe('samsung');
    expect(cyrillicKeysToLatin('Шзрщту')).toBe('Iphone');
  });

  it('switches text of one script only, and back again to the same text', () => {
    expect(switchLayout('xfqybr')).toBe('чайник');
    expect(switchLayout('ыщтн')).toBe('sony');
    expect(switchLayout('iphone чехол')).toBeNull();
    expect(switchLayout('12345')).toBeNull();
    for (const w of ['чайник', 'холодильник', 'ёлка']) expect(switchLayout(switchLayout(w)!)).toBe(w);
  });
});
