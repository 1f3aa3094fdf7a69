import { describe, expect, it } from 'vitest';
import { buildTree, isLeaf, isValidPath, pathOf, pathState } from './categories';
import { detectPlatform } from './platform';
import { internalPath } from './links';
import { itMaps } from '../../schemas/testing/cases';

const tree = buildTree([
  { categoryId: '1', category: 'Электроника', subId: '0', sort: 0 },
  { categoryId: '13', category: 'Аудио', subId: '1', sort: 2 },
  { categoryId: '11', category: 'Смартфоны', subId: '1', sort: 1, end: '1' },
  { categoryId: '131', category: 'Наушники', subId: '13', sort: 3, end: '1' },
]);

describe('category paths', () => {
  it('checks each id is a child of the one before', () => {
    expect(['0', '1', '1-13', '1-13-131', '13', '1-131', '1-x', '', '1--13'].map((p) => isValidPath(tree, p))).toEqual([true, true, true, true, false, false, false, false, false]);
  });
  it('works out the path of a category, children in sort order', () => {
    expect(pathOf(tree, '131')).toBe('1-13-131');
    expect(tree.children.get('1')!.map((c) => c.categoryId)).toEqual(['11', '13']);
    expect([isLeaf(tree, '11'), isLeaf(tree, '13')]).toEqual([true, false]);
  });
});

describe('a partial tree (a server-rendered page inlined only its first screen’s categories)', () => {
  // The home page's first screen: the top level only; '1' has children the page did not inline.
  const first = buildTree(
    [
      { categoryId: '1', category: 'Электроника', subId: '0', end: '0' },
      { categoryId: '2', category: 'Книги', subId: '0', end: '1' },
    ],
    ['0'],
  );
  const whole = buildTree([...first.byId.values(), { categoryId: '13', category: 'Аудио', subId: '1', end: '0' }, { categoryId: '131', category: 'Наушники', subId: '13', end: '1' }]);

  it('a path not in it is pending, not invalid; the whole tree then decides', () => {
    expect(['0', '1', '1-13-131', '1-13', '7-9'].map((p) => pathState(first, p))).toEqual(['valid', 'valid', 'pending', 'pending', 'pending']);
    expect(['1-13-131', '1-13', '7-9', '13'].map((p) => pathState(whole, p))).toEqual(['valid', 'valid', 'invalid', 'invalid']);
    // isValidPath alone (the bug of the reverted attempt) called the legacy link's path no path.
    expect(isValidPath(first, '1-13-131')).toBe(false);
  });

  it('a page drawing the children along its path waits while they may be missing; the whole tree has them', () => {
    // '1' came as a top-level button: its children were not needed by the home's first screen.
    expect([pathState(first, '0', { children: true }), pathState(first, '1', { children: true }), pathState(first, '2', { children: true })]).toEqual(['valid', 'pending', 'valid']);
    expect(pathState(first, '1')).toBe('valid');
    // A list page at 1-13 whose first screen inlined the path with its children: nothing to wait for.
    const list = buildTree([...whole.byId.values()], ['0', '1', '13']);
    expect(pathState(list, '1-13', { children: true })).toBe('valid');
    expect(pathState(whole, '1', { children: true })).toBe('valid');
  });

  it('a malformed path is invalid at once, partial or not', () => {
    expect(['', '1--13', '1-13/2', '<x>'].map((p) => pathState(first, p))).toEqual(['invalid', 'invalid', 'invalid', 'invalid']);
  });

  it('a category whose children were not inlined is no leaf: the server’s end flag decides', () => {
    expect([isLeaf(first, '1'), isLeaf(first, '2')]).toEqual([false, true]);
    expect([isLeaf(whole, '1'), isLeaf(whole, '13'), isLeaf(whole, '131')]).toEqual([false, false, true]);
  });

  it('the path of a category builds from the tree: right once the whole list is there', () => {
    expect(pathOf(first, '131')).toBe('0');
    expect(pathOf(whole, '131')).toBe('1-13-131');
  });
});

describe('platform and links', () => {
  itMaps('detects the native apps by their web views: %s', detectPlatform, [
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'browser'],
    ['Mozilla/5.0 (Linux; Android 13; Pixel 7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36', 'browser'],
  ]);
  itMaps('routes internal and same-origin banner links, not others: %s', (link: string) => internalPath(link, 'https://shop.ru'), [
    ['/category/1', '/category/1'],
    ['https://shop.ru/delivery?x=1', '/delivery?x=1'],
    ['https://other.ru/a', null],
    ['//evil.ru/a', null],
  ]);
});
