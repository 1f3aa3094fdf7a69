import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ftsQuery, searchDoc, searchTerms, stemText, tsQuery, words, wordsByRegExp } from './searchText';

describe('search text', () => {
  it('indexes stems of folded words, name fields apart from the rest', () => {
    expect(searchDoc({ name: 'Чайники «Ёлка»', vendor: 'Café', description: '<p>Для кухни</p>' })).toEqual({ name: 'чайник елк cafe', text: 'для кухн' });
    expect(stemText('ЧАЙНИКИ, чайник; чайнику')).toBe('чайник чайник чайник');
  });

  it('cuts words by character codes exactly as the Unicode regular expression does', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '-', 'ж', 'Ё', '\u0482', '\u0483', 'é', 'e\u0301', 'ß', '²', '½', '日', '𝒜', '\ud835', '\udc9c', '\u00a0', 'ǅ', 'ⅷ', '٣') }),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(words(s)).toEqual(wordsByRegExp(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('makes the last word of a query a prefix and writes the same terms for both databases', () => {
    const terms = searchTerms('чайники элек');
    expect(terms).toEqual([
      { stem: 'чайник', prefix: false },
      { stem: 'элек', prefix: true },
    ]);
    expect(ftsQuery(terms)).toBe('"чайник" "элек"*');
    expect(ftsQuery(terms, true)).toBe('name : ("чайник" "элек"*)');
    expect(tsQuery(terms)).toBe('чайник & элек:*');
    expect(tsQuery(terms, true)).toBe('чайник:A & элек:*A');
    expect(searchTerms(' !! ')).toEqual([]);
  });
});
