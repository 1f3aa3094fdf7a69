import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import type { OfferCard } from '../../lib/types';
import { listKeyOf } from './catalogueApi';
import { listOpened, listRetried, nextPageRequested, selectListStart } from './catalogueSlice';
import { withFakeTimersAndStorage } from '../../test/fakeApi';
import { setInlineShop } from '../stores/inlineShop';

/**
 * The whole catalogue list flow against a real store (real reducers, the real root saga) and a fake
 * api client: the network is the only test double.
 */
const card = (id: number): OfferCard => ({ id: String(id), name: `Товар ${id}`, price: 100 + id, categoryId: '11', currencyId: 'RUR', available: '1' });
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => card(from + i));

type Reply = OfferCard[] | Error;
function fakeApi(replies: Reply[]) {
  const calls: { api: string; params: Params }[] = [];
  const call = vi.fn(async (api: string, params: Params = {}) => {
    calls.push({ api, params });
    const r = replies.length > 1 ? replies.shift()! : replies[0];
    if (r instanceof Error) throw r;
    return { offers: r } as never;
  });
  return { api: { call }, calls };
}

const q = { key: listKeyOf('11'), categoryId: '11' };

describe('catalogue list saga', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a list opened at page N starts there, appends N+1, and going back to a page it holds finds it', async () => {
    const { api, calls } = fakeApi([page(41, 20), page(61, 20)]);
    const store = createAppStore({ api });
    const base = listKeyOf('11');
    const at3 = { key: listKeyOf('11', 'default', {}, 3), categoryId: '11', first: 3 };
    expect(at3.key).toBe(`${base}@3`);
    store.dispatch(listOpened(at3));
    const list = () => store.getState().catalogue.lists[at3.key];
    await vi.waitFor(() => expect(list()?.offset).toBe(3));
    expect(calls[0].params.offset).toBe(3);
    expect(list().items.map((i) => i.id).slice(0, 2)).toEqual(['41', '42']);
    store.dispatch(nextPageRequested(at3));
    await vi.waitFor(() => expect(list().offset).toBe(4));
    expect(list().items).toHaveLength(40);
    // Pages 3 and 4 are this list's; page 2 or 5 would be a list of their own.
    expect([2, 3, 4, 5].map((n) => selectListStart(store.getState(), base, n))).toEqual([2, 3, 3, 5]);
  });

  it('loads page 1, appends page 2, stops at a page shorter than a full one', async () => {
    const { api, calls } = fakeApi([page(1, 20), page(21, 5), []]);
    const store = createAppStore({ api });
    const list = () => store.getState().catalogue.lists[q.key];

    store.dispatch(listOpened(q));
    await vi.waitFor(() => expect(list()?.offset).toBe(1));
    expect(list().items).toHaveLength(20);
    expect(calls[0]).toEqual({ api: 'offers', params: { offset: 1, 'p[287_categoryId]': '11' } });

    store.dispatch(nextPageRequested(q));
    await vi.waitFor(() => expect(list().offset).toBe(2));
    expect(list().items.map((i) => i.id).slice(18, 22)).toEqual(['19', '20', '21', '22']);
    expect(list().items).toHaveLength(25);
    expect(calls[1].params.offset).toBe(2);
    // 5 of 20: the last page (no page 3 to ask for, no link to it).
    expect(list()).toMatchObject({ end: true, empty: false, status: 'idle' });

    // At the end nothing more is asked for; opening the same list again shows the kept one.
    store.dispatch(nextPageRequested(q));
    store.dispatch(listOpened(q));
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(2);
  });

  it('a full last page ends with the empty page after it; a short first page is the whole list', async () => {
    const full = fakeApi([page(1, 20), []]);
    const store = createAppStore({ api: full.api });
    const list = () => store.getState().catalogue.lists[q.key];
    store.dispatch(listOpened(q));
    await vi.waitFor(() => expect(list()?.offset).toBe(1));
    expect(list().end).toBe(false);
    store.dispatch(nextPageRequested(q));
    await vi.waitFor(() => expect(list().end).toBe(true));
    expect(full.calls).toHaveLength(2);

    const short = fakeApi([page(1, 4)]);
    const other = createAppStore({ api: short.api });
    other.dispatch(listOpened(q));
    await vi.waitFor(() => expect(other.getState().catalogue.lists[q.key]?.end).toBe(true));
    other.dispatch(nextPageRequested(q));
    await vi.advanceTimersByTimeAsync(10);
    expect(short.calls).toHaveLength(1);
  });

  it('an empty first page is the empty list', async () => {
    const { api } = fakeApi([[]]);
    const store = createAppStore({ api });
    store.dispatch(listOpened(q));
    await vi.waitFor(() => expect(store.getState().catalogue.lists[q.key]?.empty).toBe(true));
    expect(store.getState().catalogue.lists[q.key].end).toBe(true);
  });

  it('retries a network failure every 5 s up to 5 times, then shows no connection; retry reloads page 1', async () => {
    const { api, calls } = fakeApi([new NetworkError()]);
    const store = createAppStore({ api });
    const list = () => store.getState().catalogue.lists[q.key];

    store.dispatch(listOpened(q));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(store.getState().shell.networkDown).toBe(true);
    expect(list().status).toBe('loading');

    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(4 * 5000);
    expect(calls).toHaveLength(6);
    expect(list().status).toBe('failed');
    expect(list().error).toBe('no_connection');

    // Nothing more happens by itself.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(6);

    // 'Повторить попытку': the network is back.
    api.call.mockImplementation(async (name: string, params: Params = {}) => {
      calls.push({ api: name, params });
      return { offers: page(1, 20) } as never;
    });
    store.dispatch(listRetried(q));
    await vi.waitFor(() => expect(list().status).toBe('idle'));
    expect(list().items).toHaveLength(20);
    expect(list().error).toBeNull();
    expect(calls.at(-1)!.params.offset).toBe(1);
    expect(store.getState().shell.networkDown).toBe(false);
  });

  it('a 500 answer shows the server error at once', async () => {
    const { api, calls } = fakeApi([new ApiError(500, 'server_error', 'boom')]);
    const store = createAppStore({ api });
    store.dispatch(listOpened(q));
    await vi.waitFor(() => expect(store.getState().catalogue.lists[q.key]?.error).toBe('server_error'));
    expect(calls).toHaveLength(1);
  });

  it('leaving a list while page 1 loads lets it load again later', async () => {
    let release!: (v: unknown) => void;
    const api = { call: vi.fn(() => new Promise((r) => (release = r))) };
    const store = createAppStore({ api: api as never });
    store.dispatch(listOpened(q));
    await vi.advanceTimersByTimeAsync(0);
    const other = { key: listKeyOf('12'), categoryId: '12' };
    store.dispatch(listOpened(other));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().catalogue.lists[q.key]).toBeUndefined();
    release({ offers: page(1, 3) });
    await vi.waitFor(() => expect(store.getState().catalogue.lists[other.key]?.items).toHaveLength(3));
  });
});

/** A Storage in memory (the unit tests run in node). */

describe('the cached first page', () => {
  withFakeTimersAndStorage();

  it('caches page 1 of each list; on a network failure shows it at once, retries behind it, and an answer replaces it', async () => {
    const { api, calls } = fakeApi([page(1, 20), page(21, 20)]);
    const first = createAppStore({ api });
    first.dispatch(listOpened(q));
    await vi.waitFor(() => expect(first.getState().catalogue.lists[q.key]?.offset).toBe(1));
    first.dispatch(nextPageRequested(q));
    await vi.waitFor(() => expect(first.getState().catalogue.lists[q.key]?.offset).toBe(2));
    // Only page 1 is kept, and only the card fields.
    const stored = JSON.parse(localStorage.getItem('catalogueCache')!);
    expect(Object.keys(stored)).toEqual([q.key]);
    expect(stored[q.key].items.map((c: OfferCard) => c.id)).toEqual(page(1, 20).map((c) => c.id));

    // Another visit (a new store, as after a reload) without network.
    const down = fakeApi([new NetworkError()]);
    const store = createAppStore({ api: down.api });
    const list = () => store.getState().catalogue.lists[q.key];
    store.dispatch(listOpened(q));
    await vi.advanceTimersByTimeAsync(0);
    expect(list().items).toHaveLength(20);
    expect(list().cached).toBe(true);
    expect(list().status).toBe('loading');
    expect(store.getState().shell.networkDown).toBe(true);
    // No paging on a cached list.
    store.dispatch(nextPageRequested(q));
    await vi.advanceTimersByTimeAsync(0);
    expect(down.calls).toHaveLength(1);

    // The retries go on every 5 s, five in all; then the no-connection state, the cached items still shown.
    await vi.advanceTimersByTimeAsync(5 * 5000);
    expect(down.calls).toHaveLength(6);
    expect(list().status).toBe('failed');
    expect(list().error).toBe('no_connection');
    expect(list().items).toHaveLength(20);

    // Back online: the retry loads page 1 from the server and it replaces the cache.
    down.api.call.mockImplementation(async () => ({ offers: page(100, 3) }) as never);
    store.dispatch(listRetried(q));
    await vi.waitFor(() => expect(list().status).toBe('idle'));
    expect(list().cached).toBe(false);
    expect(list().items.map((c) => c.id)).toEqual(['100', '101', '102']);
    expect(JSON.parse(localStorage.getItem('catalogueCache')!)[q.key].items).toHaveLength(3);
    expect(calls).toHaveLength(2);
  });

  it('a list never cached fails as before; a 500 does not show the cache', async () => {
    const { api } = fakeApi([new ApiError(500, 'server_error', 'boom')]);
    localStorage.setItem('catalogueCache', JSON.stringify({ [q.key]: { at: 1, items: page(1, 2) } }));
    const store = createAppStore({ api });
    store.dispatch(listOpened(q));
    await vi.waitFor(() => expect(store.getState().catalogue.lists[q.key]?.error).toBe('server_error'));
    expect(store.getState().catalogue.lists[q.key].items).toHaveLength(0);
  });

  it('keeps at most 12 lists', async () => {
    const { api } = fakeApi([page(1, 2)]);
    const store = createAppStore({ api });
    for (let i = 0; i < 15; i++) {
      const key = listKeyOf(String(i));
      store.dispatch(listOpened({ key, categoryId: String(i) }));
      await vi.waitFor(() => expect(store.getState().catalogue.lists[key]?.offset).toBe(1));
      await vi.advanceTimersByTimeAsync(1);
    }
    const keys = Object.keys(JSON.parse(localStorage.getItem('catalogueCache')!));
    expect(keys).toHaveLength(12);
    expect(keys).not.toContain(listKeyOf('0'));
    expect(keys).toContain(listKeyOf('14'));
  });
});

describe('the banners the server inlined', () => {
  it('are in the store from the start, in their order, and asked for no more', async () => {
    const banner = (id: string, sort: string) => ({ id, userId: '1', shopId: '1', link: '', img: `1/banners/${id}.png`, thumb: null, video: null, width: '100', sort });
    setInlineShop({ stores: [], offers_category: [], shop_banners: [banner('2', '5'), banner('1', '1')] });
    const { api, calls } = fakeApi([[]]);
    const store = createAppStore({ api });
    expect(store.getState().catalogue.banners).toMatchObject({ loaded: true, status: 'idle' });
    expect(store.getState().catalogue.banners.items.map((b) => b.id)).toEqual(['1', '2']);
    // Without inlined data the banners are asked for as before.
    setInlineShop(null);
    expect(createAppStore({ api }).getState().catalogue.banners.loaded).toBe(false);
    expect(calls.filter((c) => c.api === 'shop_banners')).toEqual([]);
  });
});
