import { describe, expect, it } from 'vitest';
import { categoryPath, categoryRange, type CategoryNode, type CategoryTree } from '../../db/categoryPath';

const tree = (rows: [id: string, parent: string][]): CategoryTree => {
  const byId = new Map<string, CategoryNode>(rows.map(([id, parentId]) => [id, { id, parentId, name: id, sort: 0, data: '{}', children: [] }]));
  const roots: string[] = [];
  for (const n of byId.values()) {
    const p = byId.get(n.parentId);
    if (p) p.children.push(n.id);
    else roots.push(n.id);
  }
  return { byId, roots };
};
const inRange = (path: string, [from, to]: [string, string]) => path >= from && path < to;

describe('category paths', () => {
  const t = tree([
    ['1', '0'],
    ['11', '1'],
    ['111', '11'],
    ['10', '0'],
    ['1/x', '0'],
    ['a%b', '1'],
  ]);

  it('is the chain of ids from the top, a category outside the tree standing alone', () => {
    expect(categoryPath(t, '111')).toBe('/1/11/111/');
    expect(categoryPath(t, '1')).toBe('/1/');
    expect(categoryPath(t, 'gone')).toBe('/gone/');
  });

  it('keeps a category and everything below it in one byte range, and its look-alikes out', () => {
    const one = categoryRange(categoryPath(t, '1'));
    for (const id of ['1', '11', '111', 'a%b']) expect(inRange(categoryPath(t, id), one), id).toBe(true);
    // '10' shares the digit, '1/x' the separator: an id's '/' and '%' are escaped, so neither falls inside.
    for (const id of ['10', '1/x']) expect(inRange(categoryPath(t, id), one), id).toBe(false);
    expect(categoryPath(t, '1/x')).toBe('/1%2Fx/');
    expect(categoryPath(t, 'a%b')).toBe('/1/a%25b/');
    expect(inRange(categoryPath(t, '1'), categoryRange(categoryPath(t, '11')))).toBe(false);
  });
});
