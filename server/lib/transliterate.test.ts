import { describe, expect, it } from 'vitest';
import { latinToCyrillic } from './transliterate';

describe('Latin to Cyrillic', () => {
  it.each<[latin: string, cyrillic: string]>([
    ['chaynik', 'чайник'],
    ['shkaf', 'шкаф'],
    ['kastryulya', 'кастрюля'],
    ['podushka', 'подушка'],
    ['zhurnal', 'журнал'],
    ['shchetka', 'щетка'],
    ['ryukzak', 'рюкзак'],
    ['ryba', 'рыба'],
  ])('reads the common spellings of Russian in Latin letters: %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it.each<[latin: string, cyrillic: string]>([
    ['cirk', 'цирк'],
    ['cena', 'цена'],
    ['cofe', 'кофе'],
  ])('reads c as ц before e, i and y, else as к: %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it('leaves anything but Latin letters alone', () => {
    for (const text of ['чайник', 'iphone15', '']) expect(latinToCyrillic(text), text).toBeNull();
  });
});
