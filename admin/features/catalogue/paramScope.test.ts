import { describe, expect, it } from 'vitest';
import { editorParams } from './paramScope';
import type { ParamRecord } from './ParamsInputs';

const param = (baseId: string, name: string, categoryId = '0', kind: ParamRecord['kind'] = 'select'): ParamRecord =>
  ({ id: baseId, baseId, name, kind, categoryId, isRequired: false, unit: null, values: [] }) as ParamRecord;
const scope = [param('323', 'Цвет'), param('324', 'Носитель'), param('325', 'Материал', '14'), param('326', 'Подарочная упаковка', '0', 'bool')];
const names = (ps: ParamRecord[]) => ps.map((p) => p.name);

describe('the item editor’s parameters (its category’s, not the whole shop’s)', () => {
  it('a tie gets the category’s own parameters and the shop-wide ones its category uses, not "Носитель"', () => {
    const { shown, others } = editorParams(scope, new Set([323]), {}, new Set());
    expect(names(shown)).toEqual(['Цвет', 'Материал']);
    expect(names(others)).toEqual(['Носитель', 'Подарочная упаковка']);
  });

  it('keeps a parameter the product has a value of (a "no" too), and one the owner added', () => {
    const { shown } = editorParams(scope, new Set(), { p324: ['2'], p326: false }, new Set());
    expect(names(shown)).toEqual(['Носитель', 'Материал', 'Подарочная упаковка']);
    expect(names(editorParams(scope, new Set(), { p324: [] }, new Set(['323'])).shown)).toEqual(['Цвет', 'Материал']);
  });
});
