import { describe, expect, it } from 'vitest';
import { latinToCyrillic } from './transliterate';
import { itMaps } from '../../schemas/testing/cases';

describe('Latin to Cyrillic', () => {
  itMaps('reads the common spellings of Russian in Latin letters: %s', latinToCyrillic, [
    ['chaynik', 'чайник'],
    ['shkaf', 'шкаф'],
    ['kastryulya', 'кастрюля'],
    ['podushka', 'подушка'],
    ['zhurnal', 'журнал'],
    ['shchetka', 'щетка'],
    ['ryukzak', 'рюкзак'],
    ['ryba', 'рыба'],
  ]);

  itMaps('reads c as ц before e, i and y, else as к: %s', latinToCyrillic, [
    ['cirk', 'цирк'],
    ['cena', 'цена'],
    ['cofe', 'кофе'],
  ]);

  it('leaves anything but Latin letters alone', () => {
    for (const text of ['чайник', 'iphone15', '']) expect(latinToCyrillic(text), text).toBeNull();
  });
});
