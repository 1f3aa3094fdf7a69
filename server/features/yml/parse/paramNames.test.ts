import { describe, expect, it } from 'vitest';
import type { ParamInfo } from '../../catalogue/params';
import { ParamNames } from './paramNames';

// Categories 1 and 2 at the top, 11 under 1; the shop has a param Цвет on category 1.
const parents = new Map([
  ['1', '0'],
  ['2', '0'],
  ['11', '1'],
]);
const colour: ParamInfo = { id: 7, baseId: 323, categoryId: '1', name: 'Цвет', kind: 'select', isRequired: false, unit: null, sort: 0 };
const p = (name: string, value: string, unit?: string) => (unit ? { name, value, unit } : { name, value });

describe('ParamNames: the new names of a feed and their use', () => {
  it('counts a name once per offer whatever its spelling, per category, in feed order, and not where it means a param', () => {
    const names = new ParamNames({ existing: [colour], parents });
    names.count('11', [p('Вес', '1', 'кг'), p('вес', '2'), p('Цвет', 'синий'), p('Объём', '3')]);
    names.count('11', [p('ВЕС', '4')]);
    names.count('2', [p('цвет', 'красный'), p('Вес', '5')]);
    const seen = names.seen();
    expect([...seen.keys()]).toEqual(['вес', 'объём', 'цвет']);
    expect(seen.get('вес')).toEqual({ name: 'Вес', unit: 'кг', values: ['1', '4', '5'], offers: 3, byCategory: new Map([['11', 2], ['2', 1]]) });
    // Цвет means the shop's param under category 1, so only category 2's offer counts it.
    expect(seen.get('цвет')).toMatchObject({ name: 'цвет', values: ['красный'], offers: 1, byCategory: new Map([['2', 1]]) });
    expect(seen.get('объём')).toMatchObject({ offers: 1, byCategory: new Map([['11', 1]]) });
  });
});
