import { describe, expect, it } from 'vitest';
import { categoryTree, readCategory, readCurrency, type DeclaredCategory } from './shopSections';

const declare = (id: string, parentId: string | null, line = 1): DeclaredCategory => ({ id, parentId, name: `c${id}`, line });

describe('categoryTree', () => {
  it('puts parents before children and keeps feed order otherwise', () => {
    const list = [declare('3', '2'), declare('1', null), declare('2', '1'), declare('4', null)];
    const tree = categoryTree(list, new Set(['1', '2', '3', '4']), () => {});
    expect(tree.map((c) => c.id)).toEqual(['1', '2', '3', '4']);
    expect(tree.find((c) => c.id === '3')?.parentId).toBe('2');
  });

  it('makes top level an undeclared parent, its own parent, a loop and parentId 0, saying which', () => {
    const warnings: string[] = [];
    const list = [declare('1', '9', 5), declare('2', '2', 6), declare('3', '4'), declare('4', '3'), declare('5', '0')];
    const tree = categoryTree(list, new Set(['1', '2', '3', '4', '5']), (w) => warnings.push(w));
    expect(Object.fromEntries(tree.map((c) => [c.id, c.parentId]))).toEqual({ '1': null, '2': null, '3': null, '4': '3', '5': null });
    expect(warnings).toEqual([
      'category 1 (line 5): parent 9 is not declared, made top level',
      'category 2 (line 6) is its own parent, made top level',
      'category 3: parent chain loops, made top level',
    ]);
  });

  it('keeps parentId 0 when a category 0 exists, and gives out no id twice', () => {
    const tree = categoryTree([declare('0', null), declare('5', '0')], new Set(['0', '5']), () => {}, new Set(['0']));
    expect(tree).toEqual([{ id: '5', parentId: '0', name: 'c5' }]);
  });
});

describe('readCurrency and readCategory', () => {
  it('reads a currency, assumes rate 1, refuses a repeat or no id', () => {
    const known = new Set<string>();
    const warnings: string[] = [];
    const warn = (w: string) => warnings.push(w);
    expect(readCurrency({ id: ' rub ', rate: '1', plus: '' }, known, warn, 3)).toEqual({ id: 'RUB', rate: '1' });
    expect(readCurrency({ id: 'USD' }, known, warn, 4)).toEqual({ id: 'USD', rate: '1' });
    expect(readCurrency({ id: 'usd', rate: 'CBRF', plus: '3' }, known, warn, 5)).toBeNull();
    expect(readCurrency({ rate: '2' }, known, warn, 6)).toBeNull();
    expect(warnings).toEqual(['currency USD has no rate, 1 assumed', 'currency USD declared twice, the first kept', 'line 6: <currency> without id skipped']);
  });

  it('reads a category, names a nameless one by its id, refuses a repeat', () => {
    const known = new Set<string>();
    const warn = () => {};
    expect(readCategory({ id: '7', parentId: '' }, '  Чайники \n', known, warn, 9)).toEqual({ id: '7', parentId: null, name: 'Чайники', line: 9 });
    expect(readCategory({ id: '8', parentId: '7' }, ' ', known, warn, 10)).toEqual({ id: '8', parentId: '7', name: '8', line: 10 });
    expect(readCategory({ id: '7' }, 'again', known, warn, 11)).toBeNull();
  });
});
