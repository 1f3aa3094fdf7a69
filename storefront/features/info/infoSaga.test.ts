import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import { fakeApi, withFakeTimersAndStorage } from '../../test/fakeApi';
import './feature';
import { infoRequested, type InfoState } from './infoSlice';

/** The info texts on a real store with a fake api client: a page hydrated from the server's state does not fetch them again. */
const STORES = { stores: [{ id: 1, delivery: '<p>Курьером</p>', payment: '<p>Наличными</p>' }] };
const SERVER_INFO: InfoState = { pages: { delivery: '<p>С сервера</p>' }, status: 'idle', error: null, loaded: true, fromServer: true };

describe('info saga', () => {
  withFakeTimersAndStorage();
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('after a hydration from the server’s state the first request takes those texts; a later one fetches', async () => {
    const { api, calls } = fakeApi({ stores: [STORES] });
    const store = createAppStore({ api, listRetry: { retries: 0, delayMs: 0 } }, { info: SERVER_INFO });
    store.dispatch(infoRequested());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([]);
    expect(store.getState().info).toMatchObject({ pages: { delivery: '<p>С сервера</p>' }, status: 'idle', loaded: true, fromServer: false });
    // Another info page later in the session: asked anew.
    store.dispatch(infoRequested());
    await vi.waitFor(() => expect(store.getState().info.pages.delivery).toBe('<p>Курьером</p>'));
    expect(calls.map((c) => c.api)).toEqual(['stores']);
  });

  it('without the server’s texts the first request fetches; a failure gives the panel and its retry fetches', async () => {
    const { api, calls } = fakeApi({ stores: [new NetworkError('offline'), STORES] });
    const store = createAppStore({ api, listRetry: { retries: 0, delayMs: 0 } });
    store.dispatch(infoRequested());
    expect(store.getState().info.status).toBe('loading');
    await vi.waitFor(() => expect(store.getState().info.status).toBe('failed'));
    expect(store.getState().info.error).toBe('no_connection');
    store.dispatch(infoRequested());
    await vi.waitFor(() => expect(store.getState().info.loaded).toBe(true));
    expect(store.getState().info.pages).toEqual({ delivery: '<p>Курьером</p>', payment: '<p>Наличными</p>' });
    expect(calls.map((c) => c.api)).toEqual(['stores', 'stores']);
  });
});
