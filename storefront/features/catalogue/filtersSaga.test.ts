import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import type { OfferCard } from '../../lib/types';
import { cleanRange, encodeFilters } from './filterValues';
import { listKeyOf } from './catalogueApi';
import { listOpened } from './catalogueSlice';
import {
  decodeFilters,
  draftFilterCleared,
  draftSelectToggled,
  draftSortChanged,
  draftValueChanged,
  filtersApplied,
  filtersOpened,
  filtersReset,
  selectFilterCount,
  selectListQuery,
  type FilterParam,
} from './filtersSlice';

/** Sorting and filtering a category list, run on a real store against a fake api client. */
const PARAMS: FilterParam[] = [
  { id: '0', baseId: '283', userId: '0', name: 'price', kind: 'float', values: [], defaultFrom: 290, defaultTo: 129990 },
  { id: '0', baseId: '292', userId: '0', name: 'shop', kind: 'bool', values: [] },
  { id: '1', baseId: '323', userId: '1', name: 'Цвет', kind: 'select', values: [{ id: '1', name: 'чёрный' }, { id: '2', name: 'синий' }, { id: '3', name: 'белый' }] },
  { id: '2', baseId: '324', userId: '1', name: 'Объём памяти', kind: 'number', unit: 'ГБ', values: [], defaultFrom: 32, defaultTo: 2048 },
  { id: '5', baseId: '340', userId: '1', name: 'Материал корпуса', kind: 'varchar', values: [] },
];
const card = (id: number): OfferCard => ({ id: String(id), name: `Товар ${id}`, price: id, categoryId: '11' });

function setup() {
  const calls: { api: string; params: Params }[] = [];
  const api = {
    call: vi.fn(async (name: string, params: Params = {}) => {
      calls.push({ api: name, params });
      if (name === 'offers_params') return { offers_params: PARAMS } as never;
      return { offers: params.offset === 1 ? [card(1), card(2)] : [] } as never;
    }),
  };
  return { store: createAppStore({ api }), calls };
}

const path = '1-11';
const categoryId = '11';

describe('filters saga', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the filters, edits a draft, applies it to the list (reloaded from page 1 with sort and filters), resets', async () => {
    const { store, calls } = setup();
    const state = () => store.getState();

    // The list without filters is loaded and kept.
    store.dispatch(listOpened({ key: listKeyOf(categoryId), categoryId }));
    await vi.waitFor(() => expect(state().catalogue.lists[listKeyOf(categoryId)]?.offset).toBe(1));

    store.dispatch(filtersOpened({ path, categoryId }));
    await vi.waitFor(() => expect(state().filters.params[categoryId]?.loaded).toBe(true));
    expect(calls.find((c) => c.api === 'offers_params')!.params).toEqual({ 'p[389_category_id]': '11' });
    expect(state().filters.draft).toEqual({ path, sort: 'default', values: {} });

    store.dispatch(draftSortChanged('increase'));
    store.dispatch(draftSelectToggled({ baseId: '323', valueId: '1' }));
    store.dispatch(draftSelectToggled({ baseId: '323', valueId: '3' }));
    store.dispatch(draftSelectToggled({ baseId: '323', valueId: '1' }));
    store.dispatch(draftSelectToggled({ baseId: '323', valueId: '2' }));
    store.dispatch(draftValueChanged({ baseId: '292', value: true }));
    store.dispatch(draftValueChanged({ baseId: '283', value: { from: '1000', to: '' } }));
    // A range equal to its defaults filters nothing.
    store.dispatch(draftValueChanged({ baseId: '324', value: { from: '32', to: '2048' } }));
    store.dispatch(draftValueChanged({ baseId: '340', value: ' алюминий ' }));
    // Nothing applies before 'Применить'.
    expect(selectListQuery(state(), path).sort).toBe('default');

    store.dispatch(filtersApplied({ path, categoryId }));
    await vi.advanceTimersByTimeAsync(0);
    const query = selectListQuery(state(), path);
    expect(query).toEqual({ sort: 'increase', filters: { '283': '1000_0', '292': '1', '323': '3_2', '340': 'алюминий' } });
    expect(selectFilterCount(state(), path)).toBe(4);
    expect(state().filters.draft).toBeNull();
    // The category's kept lists are gone: the list loads again from page 1 with the query.
    expect(state().catalogue.lists[listKeyOf(categoryId)]).toBeUndefined();

    const key = listKeyOf(categoryId, query.sort, query.filters);
    store.dispatch(listOpened({ key, categoryId, ...query }));
    await vi.waitFor(() => expect(state().catalogue.lists[key]?.offset).toBe(1));
    expect(calls.at(-1)).toEqual({
      api: 'offers',
      params: { offset: 1, 'p[287_categoryId]': '11', sort: '"increase"', 'filter[283]': '1000_0', 'filter[292]': '1', 'filter[323]': '3_2', 'filter[340]': 'алюминий' },
    });

    // Opening the filters again starts from what is applied; clearing one filter and applying keeps the rest.
    store.dispatch(filtersOpened({ path, categoryId }));
    expect(state().filters.draft!.values).toMatchObject({ '323': ['3', '2'], '292': true, '283': { from: '1000', to: '' } });
    store.dispatch(draftFilterCleared('323'));
    store.dispatch(filtersApplied({ path, categoryId }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectListQuery(state(), path).filters).toEqual({ '283': '1000_0', '292': '1', '340': 'алюминий' });

    store.dispatch(filtersOpened({ path, categoryId }));
    store.dispatch(filtersReset({ path, categoryId }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectListQuery(state(), path)).toEqual({ sort: 'default', filters: {} });
    expect(selectFilterCount(state(), path)).toBe(0);
  });

  it("shows the shop's filters the server gave while it reads the category, and asks again at the next opening", async () => {
    const answers = [{ offers_params: PARAMS, provisional: true }, { offers_params: PARAMS.slice(0, 3) }];
    const asked: string[] = [];
    const api = {
      call: vi.fn(async (name: string) => {
        asked.push(name);
        return (name === 'offers_params' ? answers.shift() : { offers: [] }) as never;
      }),
    };
    const store = createAppStore({ api });
    const entry = () => store.getState().filters.params[categoryId];
    store.dispatch(filtersOpened({ path, categoryId }));
    await vi.waitFor(() => expect(entry()?.loaded).toBe(true));
    expect(entry()).toMatchObject({ provisional: true, items: PARAMS });
    store.dispatch(filtersOpened({ path, categoryId }));
    await vi.waitFor(() => expect(entry()?.items).toHaveLength(3));
    expect(entry()?.provisional).toBeUndefined();
    // The category's own filters are kept: the next opening asks nothing.
    store.dispatch(filtersOpened({ path, categoryId }));
    await vi.advanceTimersByTimeAsync(100);
    expect(asked.filter((a) => a === 'offers_params')).toHaveLength(2);
  });

  it('encodes every kind and decodes it back', () => {
    const values = { '283': { from: '', to: '5000' }, '292': false, '323': [], '324': { from: '64', to: '' }, '340': '' };
    expect(encodeFilters(PARAMS, values)).toEqual({ '283': '0_5000', '324': '64_0' });
    expect(decodeFilters({ '283': '0_5000', '324': '64_0', '323': '1_2', '292': '1' }, PARAMS)).toEqual({
      '283': { from: '', to: '5000' },
      '324': { from: '64', to: '' },
      '323': ['1', '2'],
      '292': true,
    });
  });

  it('a range is a filter only when it differs from the defaults, an empty bound goes as 0, inputs keep digits', () => {
    const range = (from: string, to: string) => encodeFilters(PARAMS, { '324': { from, to } });
    // The defaults (32–2048), or nothing typed: no filter.
    expect([range('32', '2048'), range('', ''), range('32', ''), range('', '2048'), range('032', '2048')]).toEqual([{}, {}, {}, {}, {}]);
    // Different from the defaults: sent, the empty bound as 0.
    expect(range('64', '2048')).toEqual({ '324': '64_2048' });
    expect(range('', '512')).toEqual({ '324': '0_512' });
    expect(range('64', '')).toEqual({ '324': '64_0' });
    expect(encodeFilters(PARAMS, { '283': { from: '290', to: '129990' } })).toEqual({});
    expect(encodeFilters(PARAMS, { '283': { from: '290', to: '99990.5' } })).toEqual({ '283': '290_99990.5' });
    expect(cleanRange('1 299 990 ₽', 'number')).toBe('1299990');
    expect(cleanRange('6,1 дюйм', 'float')).toBe('6.1');
    expect(cleanRange('1.2.3', 'float')).toBe('1.23');
  });
});
