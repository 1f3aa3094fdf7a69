import { describe, expect, it } from 'vitest';
import reducer, { addressQuerySeen, draftValueChanged, filtersOpened, paramsLoaded, queryApplied, type FilterParam } from './filtersSlice';

const COLOUR: FilterParam = { id: '1', baseId: '323', name: 'Цвет', kind: 'select', values: [{ id: '3231', name: 'чёрный' }] };
const SIZE: FilterParam = { id: '2', baseId: '400', name: 'Размер', kind: 'select', values: [{ id: '7', name: 'M' }] };

describe('the sort and filters of a list path', () => {
  it('an address’s query counts only where none was chosen here; a choice, even the default, outweighs it', () => {
    let s = reducer(undefined, addressQuerySeen({ path: '1-11', query: { sort: 'increase', filters: {} } }));
    expect(s.applied['1-11']).toEqual({ sort: 'increase', filters: {} });
    s = reducer(s, queryApplied({ path: '1-11', categoryId: '11', query: { sort: 'default', filters: {} } }));
    s = reducer(s, addressQuerySeen({ path: '1-11', query: { sort: 'increase', filters: {} } }));
    expect(s.applied['1-11']).toEqual({ sort: 'default', filters: {} });
  });

  it('the filter page opened before the filters’ kinds are known decodes the untouched values again once they are', () => {
    let s = reducer(undefined, addressQuerySeen({ path: '1-11', query: { sort: 'default', filters: { '323': '3231', '400': '7' } } }));
    s = reducer(s, filtersOpened({ path: '1-11', categoryId: '11' }));
    // A single id looks like text until the kinds arrive; the reader changes one value meanwhile.
    expect(s.draft!.values['323']).toBe('3231');
    s = reducer(s, draftValueChanged({ baseId: '400', value: [] }));
    s = reducer(s, paramsLoaded({ categoryId: '11', items: [COLOUR, SIZE] }));
    expect(s.draft!.values).toEqual({ '323': ['3231'], '400': [] });
  });
});
