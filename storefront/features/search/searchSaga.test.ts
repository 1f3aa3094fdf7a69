import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, type Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import { registerNavigate, setCurrentPath } from '../../lib/navigation';
import type { OfferCard } from '../../lib/types';
import { addToHistory, dropListWords, loadHistory, historyWordRemoved, searchNextPage, searchPageOpened, searchRetried, searchSubmitted, searchWordTyped, suggestionPicked } from './searchSlice';
import { memoryStorage } from '../../test/memoryStorage';

/** The search flow on a real store with a fake api client and a recording navigator. */
const card = (id: number): OfferCard => ({ id: String(id), name: `Смартфон ${id}`, price: 1000 + id, categoryId: '11' });
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => card(from + i));


function setup(replies: (OfferCard[] | Error)[]) {
  const calls: Params[] = [];
  const api = {
    call: vi.fn(async (_api: string, params: Params = {}) => {
      calls.push(params);
      const r = replies.length > 1 ? replies.shift()! : replies[0];
      if (r instanceof Error) throw r;
      return { offers: r } as never;
    }),
  };
  const nav: { to: string; replace?: boolean }[] = [];
  registerNavigate((to, o) => {
    nav.push({ to, replace: o?.replace });
    setCurrentPath(to);
  });
  const store = createAppStore({ api });
  return { store, calls, nav, api };
}

describe('search saga', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
    setCurrentPath('/category/0');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    registerNavigate(null);
  });

  it('a suggestion picked while the typed word waits drops that search', async () => {
    const { store, calls, nav } = setup([page(1, 20)]);
    store.dispatch(searchWordTyped('чайн'));
    await vi.advanceTimersByTimeAsync(300);
    store.dispatch(suggestionPicked());
    await vi.advanceTimersByTimeAsync(2000);
    expect(nav).toEqual([]);
    expect(calls).toEqual([]);
    expect(store.getState().search).toMatchObject({ pending: false, dropOpen: false, history: [] });
  });

  it('searches 700 ms after the last keystroke, remembers the word, goes to the search page and pages on', async () => {
    const { store, calls, nav } = setup([page(1, 20), page(21, 3), []]);
    store.dispatch(searchWordTyped('см'));
    await vi.advanceTimersByTimeAsync(400);
    store.dispatch(searchWordTyped('смар'));
    expect(store.getState().search.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(699);
    expect(nav).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(nav).toEqual([{ to: '/search/word/%D1%81%D0%BC%D0%B0%D1%80/1', replace: false }]);
    expect(store.getState().search.history).toEqual(['смар']);
    expect(JSON.parse(localStorage.getItem('searchWords')!)).toEqual(['смар']);

    // The search page shows and asks for its word.
    store.dispatch(searchPageOpened('смар'));
    await vi.waitFor(() => expect(store.getState().search.list.offset).toBe(1));
    expect(calls).toEqual([{ value: 'смар', offset: 1 }]);
    expect(store.getState().search.pending).toBe(false);
    expect(store.getState().search.list.items).toHaveLength(20);

    store.dispatch(searchNextPage());
    await vi.waitFor(() => expect(store.getState().search.list.offset).toBe(2));
    expect(store.getState().search.list.items).toHaveLength(23);
    store.dispatch(searchNextPage());
    await vi.waitFor(() => expect(store.getState().search.list.end).toBe(true));
    expect(calls.map((c) => c.offset)).toEqual([1, 2, 3]);

    // A second search from the search page replaces the address.
    store.dispatch(searchSubmitted('чайник'));
    await vi.advanceTimersByTimeAsync(0);
    expect(nav.at(-1)).toEqual({ to: '/search/word/%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA/1', replace: true });
    expect(store.getState().search.history).toEqual(['чайник', 'смар']);
  });

  it('an empty word clears the search without asking the server', async () => {
    const { store, calls, nav } = setup([page(1, 1)]);
    store.dispatch(searchWordTyped('к'));
    store.dispatch(searchWordTyped('   '));
    await vi.advanceTimersByTimeAsync(2000);
    expect(nav).toEqual([]);
    expect(calls).toEqual([]);
    expect(store.getState().search.pending).toBe(false);
    expect(store.getState().search.word).toBe('');
  });

  it('keeps 10 distinct words newest first; removing one is remembered', async () => {
    const { store } = setup([page(1, 1)]);
    for (let i = 1; i <= 12; i++) {
      store.dispatch(searchSubmitted(`w${i}`));
      await vi.advanceTimersByTimeAsync(0);
    }
    store.dispatch(searchSubmitted('W5'));
    await vi.advanceTimersByTimeAsync(0);
    const h = store.getState().search.history;
    expect(h).toEqual(['W5', 'w12', 'w11', 'w10', 'w9', 'w8', 'w7', 'w6', 'w4', 'w3']);
    store.dispatch(historyWordRemoved('w12'));
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(localStorage.getItem('searchWords')!)).toEqual(['W5', 'w11', 'w10', 'w9', 'w8', 'w7', 'w6', 'w4', 'w3']);
    expect(dropListWords(store.getState().search.history, '')).toHaveLength(7);
    expect(dropListWords(['чайник', 'часы', 'кастрюля'], 'ча')).toEqual(['чайник', 'часы']);
    expect(addToHistory(['a', 'b'], '  ')).toEqual(['a', 'b']);
  });

  it('a network failure is retried, then the no-connection panel; retry reloads page 1', async () => {
    const { store, calls, api } = setup([new NetworkError()]);
    store.dispatch(searchPageOpened('чайник'));
    await vi.advanceTimersByTimeAsync(5 * 5000 + 10);
    expect(calls).toHaveLength(6);
    expect(store.getState().search.list.error).toBe('no_connection');
    api.call.mockImplementation(async (_a: string, params: Params = {}) => {
      calls.push(params);
      return { offers: page(1, 2) } as never;
    });
    store.dispatch(searchRetried());
    await vi.waitFor(() => expect(store.getState().search.list.items).toHaveLength(2));
    expect(calls.at(-1)).toEqual({ value: 'чайник', offset: 1 });
  });

  it('a search page hydrated from the server’s state (its first page there) asks for nothing when it shows; the next page follows', async () => {
    const calls: Params[] = [];
    const api = { call: vi.fn(async (_api: string, params: Params = {}) => (calls.push(params), { offers: page(21, 3) }) as never) };
    // The server's search state (entry-server.tsx) as main.tsx takes it: the device's remembered words kept.
    const server = { word: 'смартфон', pending: false, history: [], dropOpen: false, status: 'idle' as const, corrected: null, list: { key: 'смартфон', items: page(1, 20), offset: 1, end: false, empty: false, status: 'idle' as const, error: null } };
    localStorage.setItem('searchWords', JSON.stringify(['чайник', 'книга']));
    const store = createAppStore({ api }, { search: { ...server, history: loadHistory() } });
    store.dispatch(searchPageOpened('смартфон'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    expect(store.getState().search).toMatchObject({ word: 'смартфон', pending: false, history: ['чайник', 'книга'] });
    store.dispatch(searchNextPage());
    await vi.waitFor(() => expect(store.getState().search.list.offset).toBe(2));
    expect(calls).toEqual([{ value: 'смартфон', offset: 2 }]);
  });
});
