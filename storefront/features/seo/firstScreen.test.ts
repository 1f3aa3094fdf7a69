import { describe, expect, it } from 'vitest';
import { firstScreenCategories } from './firstScreen';

/** Кухня(1) > Чайники(11) > Стеклянные(111); Кухня > Кружки(12); Сад(2) > Инструмент(21) > Лопаты(211); Книги(3). */
const LIST = [
  { categoryId: '1', category: 'Кухня', subId: '0' },
  { categoryId: '11', category: 'Чайники', subId: '1' },
  { categoryId: '111', category: 'Стеклянные', subId: '11' },
  { categoryId: '12', category: 'Кружки', subId: '1' },
  { categoryId: '2', category: 'Сад', subId: '0' },
  { categoryId: '21', category: 'Инструмент', subId: '2' },
  { categoryId: '211', category: 'Лопаты', subId: '21' },
  { categoryId: '3', category: 'Книги', subId: '0' },
];
const ids = (first: { categories: { categoryId: string }[] }) => first.categories.map((c) => c.categoryId);

describe('the categories a server-rendered page’s first screen draws', () => {
  it('the home: the top level, complete', () => {
    expect(ids(firstScreenCategories(LIST, '0', {}))).toEqual(['1', '2', '3']);
    expect(firstScreenCategories(LIST, '0', {}).complete).toEqual(['0']);
  });

  it('a page at a path: the top level and every category along the path with its children', () => {
    expect(ids(firstScreenCategories(LIST, '1', {}))).toEqual(['1', '11', '12', '2', '3']);
    expect(ids(firstScreenCategories(LIST, '1-11', {}))).toEqual(['1', '11', '111', '12', '2', '3']);
    expect(firstScreenCategories(LIST, '1-11', {}).complete).toEqual(['0', '1', '11']);
  });

  it('the chain of each category the state names (search cards, the item), in the list’s order', () => {
    const search = { search: { list: { items: [{ id: '9', categoryId: '211' }, { id: '8', categoryId: 111 }] } } };
    expect(ids(firstScreenCategories(LIST, '0', search))).toEqual(['1', '11', '111', '2', '21', '211', '3']);
    // A chain brings no category's children: only the top level's are complete.
    expect(firstScreenCategories(LIST, '0', search).complete).toEqual(['0']);
    const item = { item: { byId: { '5': { item: { id: '5', categoryId: '211' } } } } };
    expect(ids(firstScreenCategories(LIST, '2-21-211', item))).toEqual(['1', '2', '21', '211', '3']);
  });

  it('ids it does not know and a cycle in the data end quietly', () => {
    expect(ids(firstScreenCategories(LIST, '9-1', { x: { categoryId: 'nope' } }))).toEqual(['1', '11', '12', '2', '3']);
    expect(firstScreenCategories(LIST, '9-1', {}).complete).toEqual(['0', '1']);
    const cycle = [
      { categoryId: 'a', category: 'A', subId: 'b' },
      { categoryId: 'b', category: 'B', subId: 'a' },
      { categoryId: 'c', category: 'C', subId: '0' },
    ];
    expect(ids(firstScreenCategories(cycle, '0', { categoryId: 'a' }))).toEqual(['a', 'b', 'c']);
  });
});
