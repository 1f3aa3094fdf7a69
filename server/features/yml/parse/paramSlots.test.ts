import { describe, expect, it } from 'vitest';
import type { ParamInfo } from '../../catalogue/params';
import { planSlots, type NameUse } from './paramSlots';

// Two top-level categories 1 and 2; leaves 11, 12 under 1 and 21 under 2.
const parents = new Map([
  ['1', '0'],
  ['2', '0'],
  ['11', '1'],
  ['12', '1'],
  ['21', '2'],
]);
const use = (byCategory: Record<string, number>): NameUse => ({ offers: Object.values(byCategory).reduce((a, b) => a + b, 0), byCategory: new Map(Object.entries(byCategory)) });
const param = (id: number, categoryId: string, baseId: number): ParamInfo => ({ id, baseId, categoryId, name: `p${id}`, kind: 'select', isRequired: false, unit: null, sort: 0 });

describe('planSlots: filter slots per category path', () => {
  it('gives each name one shop-unique base id, in feed order, while the shop has enough', () => {
    const plan = planSlots([param(1, '0', 323)], parents, new Map([['b', use({ '11': 1, '12': 1 })], ['a', use({ '21': 3 })]]));
    expect(plan.created).toEqual([
      { key: 'b', categoryId: '1', baseId: 324, categories: ['11', '12'] },
      { key: 'a', categoryId: '21', baseId: 325, categories: ['21'] },
    ]);
    expect(plan.displayOnly.size).toBe(0);
  });

  it('reuses base ids across branches once the shop has none left, and keeps 64 on every path', () => {
    const uses = new Map<string, NameUse>();
    for (let i = 0; i < 70; i++) uses.set(`x${i}`, use({ '11': 1 }));
    for (let i = 0; i < 70; i++) uses.set(`y${i}`, use({ '21': 1 }));
    const plan = planSlots([], parents, uses);
    const at = (c: string) => plan.created.filter((p) => p.categoryId === c).map((p) => p.baseId);
    expect(at('11')).toHaveLength(64);
    expect(at('21')).toHaveLength(64);
    expect(new Set(at('11')).size).toBe(64);
    expect(plan.displayOnly.size).toBe(12);
    expect([...plan.displayOnly].every((k) => k.endsWith('\u000011') || k.endsWith('\u000021'))).toBe(true);
  });

  it('puts a name used across most of a branch on the branch, and splits a rarely shared one per category', () => {
    const uses = new Map<string, NameUse>();
    for (let i = 0; i < 70; i++) uses.set(`fill${i}`, use({ '21': 1 }));
    uses.set('wide', use({ '11': 5, '12': 5 }));
    const plan = planSlots([], parents, uses);
    expect(plan.created.find((p) => p.key === 'wide')).toMatchObject({ categoryId: '1', categories: ['11', '12'] });
    // A name of 11 and 21 only, of five fed categories: one param on each of the two.
    const split = planSlots([], new Map([...parents, ['22', '2'], ['13', '1']]), new Map([
      ...[...Array(70).keys()].map((i): [string, NameUse] => [`f${i}`, use({ [['12', '13', '22'][i % 3]]: 1 })]),
      ['rare', use({ '11': 1, '21': 1 })],
    ]));
    expect(split.created.filter((p) => p.key === 'rare').map((p) => p.categoryId).sort()).toEqual(['11', '21']);
  });

  it('keeps names display-only on a category whose paths are full', () => {
    const full = [...Array(64).keys()].map((i) => param(i + 1, '1', 323 + i));
    const plan = planSlots(full, parents, new Map([['n', use({ '11': 1, '21': 1 })]]));
    expect(plan.displayOnly).toEqual(new Set(['n\u000011']));
    expect(plan.created).toEqual([{ key: 'n', categoryId: '21', baseId: 323, categories: ['21'] }]);
  });
});
