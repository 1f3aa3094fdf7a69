import { describe, expect, it } from 'vitest';
import { latinToCyrillic } from './transliterate';

describe('Latin to Cyrillic', () => {
  it('reads the common spellings of Russian in Latin letters', () => {
    expect(latinToCyrillic('chaynik')).toBe('чайник');
    expect(latinToCyrillic('shkaf')).toBe('шкаф');
    expect(latinToCyrillic('kastryulya')).toBe('кастрюля');
    expect(latinToCyrillic('podushka')).toBe('подушка');
    expect(latinToCyrillic('zhurnal')).toBe('журнал');
    expect(latinToCyrillic('shchetka')).toBe('щетка');
    expect(latinToCyrillic('ryukzak')).toBe('рюкзак');
    expect(latinToCyrillic('ryba')).toBe('рыба');
  });

  it('reads c as ц before e, i and y, else as к', () => {
    expect(latinToCyrillic('cirk')).toBe('цирк');
    expect(latinToCyrillic('cena')).toBe('цена');
    expect(latinToCyrillic('cofe')).toBe('кофе');
  });

  it('leaves anything but Latin letters alone', () => {
    expect(latinToCyrillic('чайник')).toBeNull();
    expect(latinToCyrillic('iphone15')).toBeNull();
    expect(latinToCyrillic('')).toBeNull();
  });
});
