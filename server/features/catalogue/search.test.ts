import { describe, expect, it } from 'vitest';
import { ftsQuery, searchDoc, searchTerms, stemText, tsQuery } from './search';

describe('search text', () => {
  it('indexes stems of folded words, name fields apart from the rest', () => {
    expect(searchDoc({ name: 'Чайники «Ёлка»', vendor: 'Café', description: '<p>Для кухни</p>' })).toEqual({ name: 'чайник елк cafe', text: 'для кухн' });
    expect(stemText('ЧАЙНИКИ, чайник; чайнику')).toBe('чайник чайник чайник');
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
