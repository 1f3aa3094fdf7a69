import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { fakeApi, withFakeTimersAndStorage } from '../../test/fakeApi';
import './suggestFeature';
import { selectSuggest, suggestionsWanted } from './suggestSlice';
import { SUGGEST_DEBOUNCE_MS } from './suggestSaga';

/** Suggestions on a real store (the lazy feature joined) with a fake api client. */
describe('suggest saga', () => {
  withFakeTimersAndStorage();

  it('asks 150 ms after the last keystroke, for the latest text only, and keeps the corrected query', async () => {
    const { api, calls } = fakeApi({ suggest: [{ suggest: [{ kind: 'offer', id: '7', name: 'Чайник', categoryId: '3', price: 900 }], corrected: 'чайник' }] });
    const store = createAppStore({ api });
    store.dispatch(suggestionsWanted('чй'));
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 50);
    store.dispatch(suggestionsWanted('чйни'));
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    expect(selectSuggest(store.getState() as never).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.api, c.params])).toEqual([['suggest', { value: 'чйни' }]]);
    await vi.waitFor(() => expect(selectSuggest(store.getState() as never)).toMatchObject({ word: 'чйни', status: 'idle', corrected: 'чайник', items: [{ id: '7', name: 'Чайник' }] }));
  });

  it('an emptied field asks nothing and clears the suggestions', async () => {
    const { api } = fakeApi({ suggest: [{ suggest: [] }] });
    const store = createAppStore({ api });
    store.dispatch(suggestionsWanted('  '));
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.call).not.toHaveBeenCalled();
    expect(selectSuggest(store.getState() as never)).toMatchObject({ word: '', items: [], status: 'idle' });
  });
});
