import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import type { OfferCard } from '../../lib/types';
import { listKeyOf } from './catalogueApi';
import { listOpened, listRetried, nextPageRequested } from './catalogueSlice';

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

  it('loads page 1, appends page 2, stops at an empty page', async () => {
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

    store.dispatch(nextPageRequested(q));
    await vi.waitFor(() => expect(list().end).toBe(true));
    expect(list().items).toHaveLength(25);
    expect(list().empty).toBe(false);
    expect(list().status).toBe('idle');

    // At the end nothing more is asked for; opening the same list again shows the kept one.
    store.dispatch(nextPageRequested(q));
    store.dispatch(listOpened(q));
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(3);
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
