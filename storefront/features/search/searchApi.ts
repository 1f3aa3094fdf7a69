import type { Params } from '../../../dataProvider/apiClient';

/** api=offers, a search page: value, offset (from 1), sortId (left out for the default order). */
export function searchParams(word: string, offset: number, sortId: string = 'default'): Params {
  const params: Params = { value: word, offset };
  if (sortId !== 'default') params.sortId = sortId;
  return params;
}

/** The search route of a word and page. */
export const searchPath = (word: string, offset = 1) => `/search/word/${encodeURIComponent(word.trim())}/${offset}`;
