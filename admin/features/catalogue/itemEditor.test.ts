import { describe, expect, it } from 'vitest';
import { offerFieldsFor } from '../../../schemas';
import { missingRequired } from './ItemEditor';
import type { ParamRecord } from './ParamsInputs';

const fields = offerFieldsFor('common').filter((f) => !f.readOnly && !f.group);
const param = (p: Partial<ParamRecord>): ParamRecord => ({ id: p.baseId ?? '323', baseId: '323', name: 'Цвет', kind: 'select', isRequired: true, unit: null, values: [{ id: '1', name: 'синий' }], ...p }) as ParamRecord;

describe('item editor: the required-fields check (seed section 5)', () => {
  it('fails a required field when empty or only whitespace, a required select with nothing checked, and a missing parent category', () => {
    const params = [param({}), param({ baseId: '324', id: '324', name: 'Вес', kind: 'number', unit: 'г' }), param({ baseId: '325', id: '325', name: 'NFC', kind: 'bool' })];
    const result = missingRequired({ type: 'common', name: '   ', price: '', categoryId: '0', paramValues: { p323: [] } }, fields, params);
    expect(result.labels).toEqual(['resources.offers.fields.name', 'resources.offers.fields.price', 'resources.offers.fields.categoryId', 'Цвет', 'Вес, г']);
    expect(result.names).toContain('categoryId');
  });

  it('passes filled fields; booleans are never required', () => {
    const params = [param({}), param({ baseId: '325', id: '325', name: 'NFC', kind: 'bool' })];
    const ok = missingRequired({ type: 'common', name: 'Чайник', price: 990, categoryId: '11', available: false, paramValues: { p323: ['1'] } }, fields, params);
    expect(ok).toEqual({ names: [], labels: [] });
  });
});
