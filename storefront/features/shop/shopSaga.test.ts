import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import { appStarted } from '../../lib/events';
import { setShopConfig } from '../../lib/config';
import { setInlineShop } from './inlineShop';
import { sessionChanged, shopRequested, subscriptionSubmitted } from './shopSlice';
import { memoryStorage } from '../../test/memoryStorage';

/**
 * The shop saga on a real store with a fake api client: the inlined first answers, the owner check for
 * the editor buttons, the footer's subscription (fetch is the double there).
 */
const STORE = { id: 1, userId: '7', name: 'Демо', colors: {} };
const CATS = [{ categoryId: '1', category: 'Электроника', subId: '0' }];

function fakeApi(answers: Record<string, unknown | Error>) {
  const calls: { api: string; params: Params }[] = [];
  const call = vi.fn(async (api: string, params: Params = {}) => {
    calls.push({ api, params });
    const a = answers[api];
    if (a instanceof Error) throw a;
    return a as never;
  });
  return { api: { call }, calls };
}

const SESSION = { user_id: '7', token_seq: '3', token: 'abc' };

afterEach(() => {
  vi.unstubAllGlobals();
  setInlineShop(null);
});

describe('shop: first load', () => {
  it('takes the answers inlined into index.html instead of the first two calls; the retry asks the server', async () => {
    const { api, calls } = fakeApi({ stores: { stores: [{ ...STORE, name: 'С сервера' }] }, offers_category: { offers_category: [] } });
    setInlineShop({ stores: [STORE] as never, offers_category: CATS });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    expect(store.getState().shop.store?.name).toBe('Демо');
    expect(store.getState().shop.categories).toEqual(CATS);
    expect(calls.map((c) => c.api)).not.toContain('stores');
    expect(calls.map((c) => c.api)).not.toContain('offers_category');

    // Used once: a later load (the no-connection panel's retry) asks the server.
    store.dispatch(shopRequested());
    await vi.waitFor(() => expect(store.getState().shop.store?.name).toBe('С сервера'));
    expect(calls.filter((c) => c.api === 'stores')).toHaveLength(1);
  });

  it('without inlined answers it calls api=stores and api=offers_category', async () => {
    const { api, calls } = fakeApi({ stores: { stores: [STORE] }, offers_category: { offers_category: CATS } });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    expect(calls.map((c) => c.api).sort()).toEqual(['offers_category', 'stores']);
  });
});

describe('shop: load failures (the error catalogue)', () => {
  it('a store load failure is logged and gives the retry panel (server error or no connection); the retry loads the shop', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers: Record<string, unknown> = { stores: new ApiError(500, 'server_error', 'HTTP 500'), offers_category: { offers_category: CATS } };
    const { api } = fakeApi(answers);
    const store = createAppStore({ api, listRetry: { retries: 1, delayMs: 1 } });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.status).toBe('failed'));
    expect(store.getState().shop).toMatchObject({ loaded: false, error: 'server_error' });
    expect(warn).toHaveBeenCalledWith('store load failed', answers.stores);

    answers.stores = new NetworkError();
    store.dispatch(shopRequested());
    await vi.waitFor(() => expect(store.getState().shop.error).toBe('no_connection'));
    expect(warn).toHaveBeenCalledTimes(2);

    answers.stores = { stores: [STORE] };
    store.dispatch(shopRequested());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    expect(store.getState().shop).toMatchObject({ status: 'idle', error: null });
    expect(store.getState().shop.store?.name).toBe('Демо');
    warn.mockRestore();
  });

  it('a favicon or title failure is only logged: the shop loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = new Error('title refused');
    vi.stubGlobal('document', {
      documentElement: { style: { setProperty: () => {} } },
      head: { appendChild: () => {} },
      querySelector: () => null,
      getElementById: () => null,
      createElement: () => ({}),
      set title(_v: string) {
        throw refused;
      },
    });
    const { api } = fakeApi({ stores: { stores: [{ ...STORE, title: 'Демо — магазин', favicon: 'favicon.png' }] }, offers_category: { offers_category: CATS } });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    expect(store.getState().shop.status).toBe('idle');
    expect(warn).toHaveBeenCalledWith('favicon/title', refused);
    warn.mockRestore();
  });
});

describe('shop: the owner', () => {
  it('nobody signed in: no token check, not the owner', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const { api, calls } = fakeApi({ stores: { stores: [STORE] }, offers_category: { offers_category: [] } });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    expect(calls.map((c) => c.api)).not.toContain('token_check');
    expect(store.getState().shop.isOwner).toBe(false);
  });

  it("the stored session of the store's owner (the admin's too) makes the owner; a customer's does not", async () => {
    vi.stubGlobal('localStorage', memoryStorage(SESSION));
    const answers: Record<string, unknown> = { stores: { stores: [STORE] }, offers_category: { offers_category: [] }, token_check: { token: 'ok', user_id: '7', is_owner: '1' } };
    const { api, calls } = fakeApi(answers);
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.isOwner).toBe(true));
    expect(calls.filter((c) => c.api === 'token_check')).toHaveLength(1);

    // Signed in as a customer now (another tab): checked again, not the owner.
    answers.token_check = { token: 'ok', user_id: '8', is_owner: '0' };
    store.dispatch(sessionChanged());
    await vi.waitFor(() => expect(store.getState().shop.isOwner).toBe(false));

    // A revoked token or no answer: not the owner.
    answers.token_check = { token: 'error' };
    store.dispatch(sessionChanged());
    answers.token_check = { token: 'ok', is_owner: '1' };
    store.dispatch(sessionChanged());
    await vi.waitFor(() => expect(store.getState().shop.isOwner).toBe(true));
    answers.token_check = new NetworkError();
    store.dispatch(sessionChanged());
    await vi.waitFor(() => expect(store.getState().shop.isOwner).toBe(false));
  });
});

describe('shop: the news subscription', () => {
  beforeEach(() => setShopConfig({ API_HOST: 'https://shop.example/api', URL_IMAGES: 'https://shop.example/images/' }));

  function fakeFetch(reply: () => Promise<Response>) {
    const sent: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: String(init.body) });
        return reply();
      }),
    );
    return sent;
  }

  it("empty fields: 'The field must be filled' on each, nothing sent; a bad email is refused", async () => {
    const sent = fakeFetch(async () => new Response('{}', { status: 201 }));
    const store = createAppStore({ api: fakeApi({}).api });
    store.dispatch(subscriptionSubmitted({ name: '  ', email: '' }));
    await vi.waitFor(() => expect(store.getState().shop.subscription.status).toBe('failed'));
    expect(store.getState().shop.subscription.errors).toEqual({ name: 'required', email: 'required' });
    store.dispatch(subscriptionSubmitted({ name: 'Анна', email: 'anna@' }));
    await vi.waitFor(() => expect(store.getState().shop.subscription.errors).toEqual({ email: 'email' }));
    expect(sent).toHaveLength(0);
  });

  it('sends name and email to POST /rest/subscriptions; success, a server refusal, no network', async () => {
    let reply = async () => new Response(JSON.stringify({ id: 1 }), { status: 201 });
    const sent = fakeFetch(() => reply());
    const store = createAppStore({ api: fakeApi({}).api });
    const sub = () => store.getState().shop.subscription;
    store.dispatch(subscriptionSubmitted({ name: ' Анна ', email: 'anna@example.com' }));
    expect(sub().status).toBe('loading');
    await vi.waitFor(() => expect(sub().status).toBe('done'));
    expect(sent).toEqual([{ url: 'https://shop.example/rest/subscriptions', body: 'name=%D0%90%D0%BD%D0%BD%D0%B0&email=anna%40example.com' }]);

    reply = async () => new Response(JSON.stringify({ error: { code: 'invalid_input', message: 'Enter valid e-mail', fields: [{ field: 'email', code: 'invalid' }] } }), { status: 400 });
    store.dispatch(subscriptionSubmitted({ name: 'Анна', email: 'anna@example.com' }));
    await vi.waitFor(() => expect(sub().status).toBe('failed'));
    expect(sub().errors).toEqual({ email: 'email' });

    reply = async () => Promise.reject(new TypeError('Failed to fetch'));
    store.dispatch(subscriptionSubmitted({ name: 'Анна', email: 'anna@example.com' }));
    await vi.waitFor(() => expect(sub().error).toBe('no_connection'));
  });
});
