import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type Params } from '../../../dataProvider/apiClient';
import { createAppStore } from '../../app/store';
import { appStarted } from '../../lib/events';
import { setShopConfig } from '../../lib/config';
import { setInlineShop } from './inlineShop';
import { categoriesRequested, selectCategoryTree, sessionChanged, shopRequested, subscriptionSubmitted } from './shopSlice';
import { pathState } from '../../lib/categories';
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

describe('shop: a partial first list (a server-rendered page’s first screen)', () => {
  const FIRST = [{ categoryId: '1', category: 'Электроника', subId: '0', end: '0' }];
  const WHOLE = [...FIRST, { categoryId: '13', category: 'Аудио', subId: '1', end: '0' }, { categoryId: '131', category: 'Наушники', subId: '13', end: '1' }];

  it('asks for the whole list once after the first render; a path pending meanwhile is then valid', async () => {
    const { api, calls } = fakeApi({ offers_category: { offers_category: WHOLE } });
    setInlineShop({ stores: [STORE] as never, offers_category: FIRST, offers_category_partial: { complete: ['0'] } });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    await vi.waitFor(() => expect(store.getState().shop.categoriesPartial).toBeNull());
    expect(store.getState().shop.categories).toEqual(WHOLE);
    expect(calls.map((c) => c.api)).toEqual(['offers_category']);
    expect(pathState(selectCategoryTree(store.getState()), '1-13-131')).toBe('valid');
    expect(pathState(selectCategoryTree(store.getState()), '1-99')).toBe('invalid');
  });

  it('the partial tree marks an absent path pending until the list arrives', async () => {
    let answer!: (v: unknown) => void;
    const call = vi.fn((api: string) => (api === 'offers_category' ? new Promise((r) => (answer = r)) : Promise.reject(new Error(api))));
    setInlineShop({ stores: [STORE] as never, offers_category: FIRST, offers_category_partial: { complete: ['0'] } });
    const store = createAppStore({ api: { call } as never });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('offers_category', {}));
    const tree = selectCategoryTree(store.getState());
    expect(tree.partial).toBe(true);
    expect([pathState(tree, '1'), pathState(tree, '1-13-131'), pathState(tree, '1-99')]).toEqual(['valid', 'pending', 'pending']);
    answer({ offers_category: WHOLE });
    await vi.waitFor(() => expect(pathState(selectCategoryTree(store.getState()), '1-99')).toBe('invalid'));
  });

  it('a whole inlined list asks for nothing more', async () => {
    const { api, calls } = fakeApi({});
    setInlineShop({ stores: [STORE] as never, offers_category: CATS });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(selectCategoryTree(store.getState()).partial).toBe(false);
  });

  it('a failure keeps the partial list and gives the retry panel’s error instead of a loader forever; the retry loads it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers: Record<string, unknown> = { offers_category: new NetworkError() };
    const { api, calls } = fakeApi(answers);
    setInlineShop({ stores: [STORE] as never, offers_category: FIRST, offers_category_partial: { complete: ['0'] } });
    const store = createAppStore({ api, listRetry: { retries: 1, delayMs: 1 } });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.categoriesError).toBe('no_connection'));
    expect(store.getState().shop).toMatchObject({ loaded: true, status: 'idle', categoriesPartial: { complete: ['0'] }, categories: FIRST });
    // Retried like a list (retries: 1), then given up.
    expect(calls.filter((c) => c.api === 'offers_category')).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith('categories load failed', answers.offers_category);

    answers.offers_category = { offers_category: WHOLE };
    store.dispatch(categoriesRequested());
    expect(store.getState().shop.categoriesError).toBeNull();
    await vi.waitFor(() => expect(store.getState().shop.categoriesPartial).toBeNull());
    expect(store.getState().shop.categories).toEqual(WHOLE);
    warn.mockRestore();
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

  it('a favicon failure is only logged: the shop loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = new Error('favicon refused');
    vi.stubGlobal('document', {
      documentElement: { style: { setProperty: () => {} } },
      head: {
        appendChild: () => {
          throw refused;
        },
      },
      querySelector: () => null,
      getElementById: () => null,
      createElement: () => ({}),
    });
    const { api } = fakeApi({ stores: { stores: [{ ...STORE, title: 'Демо — магазин', favicon: 'favicon.png' }] }, offers_category: { offers_category: CATS } });
    const store = createAppStore({ api });
    store.dispatch(appStarted());
    await vi.waitFor(() => expect(store.getState().shop.loaded).toBe(true));
    expect(store.getState().shop.status).toBe('idle');
    expect(warn).toHaveBeenCalledWith('favicon', refused);
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
