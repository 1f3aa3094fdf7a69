import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FilterValues, SortId } from './catalogueApi';

/** The sort and the filters applied to each category path's list. */
export interface AppliedQuery {
  sort: SortId;
  filters: FilterValues;
}
export interface FiltersState {
  applied: Record<string, AppliedQuery>;
  status: 'idle' | 'loading' | 'failed';
}

export const DEFAULT_QUERY: AppliedQuery = Object.freeze({ sort: 'default', filters: Object.freeze({}) as FilterValues }) as AppliedQuery;

const initialState: FiltersState = { applied: {}, status: 'idle' };

const filtersSlice = createSlice({
  name: 'filters',
  initialState,
  reducers: {
    queryApplied(state, action: PayloadAction<{ path: string; query: AppliedQuery }>) {
      const { path, query } = action.payload;
      if (query.sort === 'default' && !Object.keys(query.filters).length) delete state.applied[path];
      else state.applied[path] = query;
    },
  },
});

export const { queryApplied } = filtersSlice.actions;
export default filtersSlice.reducer;

type S = { filters: FiltersState };
/** The sort and filters of a path's list (a stable object, safe for useSelector). */
export const selectListQuery = (s: S, path: string): AppliedQuery => s.filters.applied[path] ?? DEFAULT_QUERY;
