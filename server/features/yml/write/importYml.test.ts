import { describe, expect, it } from 'vitest';
import { commonCategory, inferKind } from './importYml';

// Электроника(1) → Смартфоны(11), Аудио(13) → Наушники(131), Колонки(132); Книги(2)
const parents = new Map([
  ['1', '0'],
  ['11', '1'],
  ['13', '1'],
  ['131', '13'],
  ['132', '13'],
  ['2', '0'],
]);

describe('commonCategory: where an imported filter shows', () => {
  it('is the category itself when every product is in one', () => {
    expect(commonCategory(parents, ['131', '131'])).toBe('131');
  });
  it('is the deepest shared parent of several', () => {
    expect(commonCategory(parents, ['131', '132'])).toBe('13');
    expect(commonCategory(parents, ['131', '11'])).toBe('1');
  });
  it('is the whole shop when the products share no category', () => {
    expect(commonCategory(parents, ['11', '2'])).toBe('0');
    expect(commonCategory(parents, [])).toBe('0');
  });
  it('survives a parent loop', () => {
    expect(commonCategory(new Map([['a', 'b'], ['b', 'a']]), ['a'])).toBe('a');
  });
});

describe('inferKind', () => {
  it('reads numbers, decimals, yes/no and the rest', () => {
    expect(inferKind(['64', '128'])).toBe('number');
    expect(inferKind(['6,1', '5'])).toBe('float');
    expect(inferKind(['да', 'Нет'])).toBe('bool');
    expect(inferKind(['чёрный', '64'])).toBe('select');
  });
});
