import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import { memoryStorage } from '../../test/memoryStorage';
import './suggestFeature';
import { selectSuggest, suggestionsWanted } from './suggestSlice';
import { SUGGEST_DEBOUNCE_MS } from './suggestSaga';

/** Suggestions on a real store (the lazy feature joined) with a fake api client. */
describe('suggest saga', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks 150 ms after the last keystroke, for the latest text only, and keeps the corrected query', async () => {
    const calls: [string, Params][] = [];
    const api = {
      call: vi.fn(async (name: string, params: Params = {}) => {
        calls.push([name, params]);
        return { suggest: [{ kind: 'offer', id: '7', name: 'Чайник', categoryId: '3', price: 900 }], corrected: 'чайник' } as never;
      }),
    };
    const store = createAppStore({ api });
    store.dispatch(suggestionsWanted('чй'));
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 50);
    store.dispatch(suggestionsWanted('чйни'));
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    expect(selectSuggest(store.getState() as never).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([['suggest', { value: 'чйни' }]]);
    await vi.waitFor(() => expect(selectSuggest(store.getState() as never)).toMatchObject({ word: 'чйни', status: 'idle', corrected: 'чайник', items: [{ id: '7', name: 'Чайник' }] }));
  });

  it('an emptied field asks nothing and clears the suggestions', async () => {
    const api = { call: vi.fn(async () => ({ suggest: [] }) as never) };
    const store = createAppStore({ api });
    store.dispatch(suggestionsWanted('  '));
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.call).not.toHaveBeenCalled();
    expect(selectSuggest(store.getState() as never)).toMatchObject({ word: '', items: [], status: 'idle' });
  });
});
