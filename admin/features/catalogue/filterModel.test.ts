import { describe, expect, it } from 'vitest';
import { canRemoveValue, draftOf, newFilter, nextValueId, withKind, withValueRemoved, withValueTyped, type FilterDraft } from './filterModel';

describe('filter editor rules (seed section 4)', () => {
  it('starts a new filter as varchar, not required, with one empty value 1$', () => {
    expect(newFilter()).toEqual({ name: '', kind: 'varchar', isRequired: false, unit: '', sort: '', values: [{ id: '1$', name: '' }], deletedValues: [] });
  });

  it('gives select one empty value and clears the values of other kinds', () => {
    const select = withKind(newFilter(), 'select');
    expect(select.values).toEqual([{ id: '1$', name: '' }]);
    expect(withKind(select, 'number').values).toEqual([]);
  });

  it('adds an empty row after typing in the last one, with a new id ending in $', () => {
    let d = withKind(newFilter(), 'select');
    d = withValueTyped(d, 0, 'красный');
    expect(d.values).toEqual([{ id: '1$', name: 'красный' }, { id: '2$', name: '' }]);
    d = withValueTyped(d, 0, 'алый');
    expect(d.values).toHaveLength(2);
    expect(nextValueId([{ id: '1$', name: '' }, { id: '3$', name: '' }])).toBe('2$');
  });

  it('removes values only while more than one exists and remembers stored ones', () => {
    let d = draftOf({ name: 'Цвет', kind: 'select', values: [{ id: '4', name: 'синий' }, { id: '7', name: 'белый' }] });
    expect(d.values.map((v) => v.id)).toEqual(['4', '7', '1$']);
    d = withValueRemoved(d, 0);
    expect(d.deletedValues).toEqual(['4']);
    d = withValueRemoved(d, 1);
    expect(d.values).toEqual([{ id: '7', name: 'белый' }]);
    expect(d.deletedValues).toEqual(['4']);
    // The last value cannot go: removing it clears it, its stored id goes to deletedValues.
    const cleared = withValueRemoved(d, 0);
    expect(cleared.values).toEqual([{ id: '1$', name: '' }]);
    expect(cleared.deletedValues).toEqual(['4', '7']);
    // An only row that is already empty and new: nothing to do, the button is off.
    expect(withValueRemoved(cleared, 0)).toBe(cleared);
    expect(canRemoveValue(cleared, 0)).toBe(false);
    expect(canRemoveValue(d, 0)).toBe(true);
  });

  it('clears the only custom row when it is deleted', () => {
    const typed: FilterDraft = { ...withKind(newFilter(), 'select'), values: [{ id: '1$', name: 'красный' }] };
    const cleared = withValueRemoved(typed, 0);
    expect(cleared.values).toEqual([{ id: '1$', name: '' }]);
    expect(cleared.deletedValues).toEqual([]);
  });
});
