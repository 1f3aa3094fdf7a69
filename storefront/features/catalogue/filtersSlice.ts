import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListError } from '../../lib/pagedList';
import type { FilterValues, SortId } from './catalogueApi';

/**
 * Sorting and filtering of category lists: the filters a category offers (api=offers_params), the
 * choice being edited on the filter pages (the draft), and what each category path's list applies.
 */
export interface ParamValue {
  id: string;
  name: string;
}
export interface FilterParam {
  id: string;
  baseId: string;
  name: string;
  kind: 'select' | 'bool' | 'number' | 'float' | 'varchar' | 'textarea' | string;
  unit?: string | null;
  userId?: string;
  values: ParamValue[];
  defaultFrom?: number;
  defaultTo?: number;
}
export type RangeValue = { from: string; to: string };
export type DraftValue = string[] | boolean | RangeValue | string;

export interface AppliedQuery {
  sort: SortId;
  filters: FilterValues;
}
export interface Draft {
  path: string;
  sort: SortId;
  values: Record<string, DraftValue>;
}
export interface ParamsEntry {
  status: 'idle' | 'loading' | 'failed';
  error: ListError | null;
  items: FilterParam[];
  loaded: boolean;
  /** The shop's filters, given while the server still reads the category's own: shown, and asked for again at the next opening. */
  provisional?: boolean;
}
/** How many products the draft's filters would show (api=offers count=1): for the draft's key only. */
export interface DraftCount {
  key: string;
  count: number;
  more: boolean;
}
export interface FiltersState {
  applied: Record<string, AppliedQuery>;
  params: Record<string, ParamsEntry>;
  draft: Draft | null;
  status: 'idle' | 'loading' | 'failed';
  count: DraftCount | null;
}

export const DEFAULT_QUERY: AppliedQuery = Object.freeze({ sort: 'default', filters: Object.freeze({}) as FilterValues }) as AppliedQuery;
export const PRICE_BASE_ID = '283';
export const isRange = (kind: string) => kind === 'number' || kind === 'float';

/** The applied filter values back as draft values (to edit them again). */
export function decodeFilters(filters: FilterValues, params: FilterParam[] = []): Record<string, DraftValue> {
  const kinds = new Map(params.map((p) => [p.baseId, p.kind]));
  const out: Record<string, DraftValue> = {};
  for (const [baseId, raw] of Object.entries(filters)) {
    const kind = kinds.get(baseId) ?? (/^-?[\d.]*_-?[\d.]*$/.test(raw) ? 'number' : raw === '1' ? 'bool' : 'varchar');
    if (kind === 'select') out[baseId] = raw.split('_').filter(Boolean);
    else if (kind === 'bool') out[baseId] = raw === '1';
    else if (isRange(kind)) {
      const [from = '', to = ''] = raw.split('_');
      out[baseId] = { from: from === '0' ? '' : from, to: to === '0' ? '' : to };
    } else out[baseId] = raw;
  }
  return out;
}

const initialState: FiltersState = { applied: {}, params: {}, draft: null, status: 'idle', count: null };

const filtersSlice = createSlice({
  name: 'filters',
  initialState,
  reducers: {
    /** The filter page of a path opened: start editing from what its list applies (unless already editing it). */
    filtersOpened(state, action: PayloadAction<{ path: string; categoryId: string }>) {
      const { path } = action.payload;
      if (state.draft?.path === path) return;
      const applied = state.applied[path] ?? DEFAULT_QUERY;
      state.draft = { path, sort: applied.sort, values: decodeFilters(applied.filters, state.params[action.payload.categoryId]?.items) };
    },
    paramsLoading(state, action: PayloadAction<string>) {
      const prev = state.params[action.payload];
      state.params[action.payload] = { status: 'loading', error: null, items: prev?.items ?? [], loaded: prev?.loaded ?? false, ...(prev?.provisional ? { provisional: true } : {}) };
      state.status = 'loading';
    },
    paramsLoaded(state, action: PayloadAction<{ categoryId: string; items: FilterParam[]; provisional?: boolean }>) {
      state.params[action.payload.categoryId] = { status: 'idle', error: null, items: action.payload.items, loaded: true, ...(action.payload.provisional ? { provisional: true } : {}) };
      state.status = 'idle';
      // Values decoded before the kinds were known are decoded again (those the reader has not changed since:
      // a select's single id was taken for text, e.g. on the filter page opened right after a reload).
      if (state.draft) {
        const applied = state.applied[state.draft.path];
        if (applied) {
          const guessed = decodeFilters(applied.filters);
          const known = decodeFilters(applied.filters, action.payload.items);
          const values = { ...known, ...state.draft.values };
          for (const k of Object.keys(known)) if (JSON.stringify(state.draft.values[k]) === JSON.stringify(guessed[k])) values[k] = known[k];
          state.draft.values = values;
        }
      }
    },
    paramsFailed(state, action: PayloadAction<{ categoryId: string; error: ListError }>) {
      const prev = state.params[action.payload.categoryId];
      state.params[action.payload.categoryId] = { status: 'failed', error: action.payload.error, items: prev?.items ?? [], loaded: prev?.loaded ?? false, ...(prev?.provisional ? { provisional: true } : {}) };
      state.status = 'failed';
    },
    paramsRequested(_state, _action: PayloadAction<string>) {},
    draftSortChanged(state, action: PayloadAction<SortId>) {
      if (state.draft) state.draft.sort = action.payload;
    },
    draftValueChanged(state, action: PayloadAction<{ baseId: string; value: DraftValue }>) {
      if (state.draft) state.draft.values[action.payload.baseId] = action.payload.value;
    },
    draftSelectToggled(state, action: PayloadAction<{ baseId: string; valueId: string }>) {
      if (!state.draft) return;
      const cur = state.draft.values[action.payload.baseId];
      const list = Array.isArray(cur) ? cur : [];
      state.draft.values[action.payload.baseId] = list.includes(action.payload.valueId) ? list.filter((v) => v !== action.payload.valueId) : [...list, action.payload.valueId];
    },
    draftFilterCleared(state, action: PayloadAction<string>) {
      if (state.draft) delete state.draft.values[action.payload];
    },
    draftCounted(state, action: PayloadAction<DraftCount>) {
      state.count = action.payload;
    },
    /** Apply: the draft becomes the path's list query (the list reloads from page 1). */
    filtersApplied(_state, _action: PayloadAction<{ path: string; categoryId: string }>) {},
    /** Reset: no filters, the default order; or `query` (a chip of the list removed: ListQueryChips). The list reloads from page 1. */
    filtersReset(_state, _action: PayloadAction<{ path: string; categoryId: string; query?: AppliedQuery }>) {},
    /**
     * The reader's choice: kept even when it is the default, since it then outweighs an address's older
     * ?sort=&f= (the filter page goes back in history to the list's previous address; ProductListPage).
     */
    queryApplied(state, action: PayloadAction<{ path: string; categoryId: string; query: AppliedQuery }>) {
      const { path, query } = action.payload;
      state.applied[path] = query;
      state.draft = null;
    },
    /** A list opened at an address naming its sort and filters (a reload, a shared link) with none chosen here: the address's (its list is kept). */
    addressQuerySeen(state, action: PayloadAction<{ path: string; query: AppliedQuery }>) {
      if (!state.applied[action.payload.path]) state.applied[action.payload.path] = action.payload.query;
    },
  },
});

export const {
  filtersOpened,
  paramsLoading,
  paramsLoaded,
  paramsFailed,
  paramsRequested,
  draftSortChanged,
  draftValueChanged,
  draftSelectToggled,
  draftFilterCleared,
  filtersApplied,
  filtersReset,
  draftCounted,
  queryApplied,
  addressQuerySeen,
} = filtersSlice.actions;
export default filtersSlice.reducer;

type S = { filters: FiltersState };
/** The sort and filters of a path's list (a stable object, safe for useSelector). */
export const selectListQuery = (s: S, path: string): AppliedQuery => s.filters.applied[path] ?? DEFAULT_QUERY;
/** The sort and filters chosen for a path's list here, if any (else its address's count; ProductListPage). */
export const selectAppliedQuery = (s: S, path: string): AppliedQuery | undefined => s.filters.applied[path];
/** How many filters a path's list applies (the header's filter button). */
export const selectFilterCount = (s: S, path: string) => Object.keys(s.filters.applied[path]?.filters ?? {}).length;
export const selectDraft = (s: S) => s.filters.draft;
export const selectParams = (s: S, categoryId: string): ParamsEntry | undefined => s.filters.params[categoryId];
