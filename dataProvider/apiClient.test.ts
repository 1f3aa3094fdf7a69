import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, createApiClient, imageUrl, loadShopConfig, toFormData } from './apiClient';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('apiClient', () => {
  it('posts form data with the auth form and lang, and returns the body', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const fd = init!.body as FormData;
      return answer(200, { echo: Object.fromEntries(fd.entries()) });
    });
    const api = createApiClient({ apiHost: 'http://shop.test/api', getAuth: () => ({ user_id: '1', token_seq: '2', token: 't' }), getLang: () => 'en', fetch: fetch as typeof globalThis.fetch });
    const res = await api.call<{ echo: Record<string, string> }>('offers', { 'p[287_categoryId]': '5', update: true });
    expect(String(fetch.mock.calls[0][0])).toBe('http://shop.test/api?api=offers');
    expect(res.echo).toEqual({ lang: 'en', 'p[287_categoryId]': '5', update: '1', user_id: '1', token_seq: '2', token: 't' });
  });

  it('never puts the auth form in the address of a GET (the server refuses tokens there)', async () => {
    const fetch = vi.fn(async () => answer(200, { geo: '1' }));
    const api = createApiClient({ apiHost: 'http://shop.test/api', getAuth: () => ({ user_id: '1', token_seq: '2', token: 'secret' }), getLang: () => 'ru', fetch: fetch as typeof globalThis.fetch });
    await api.call('geo_check', { ll: '59.9,30.3' }, { method: 'GET' });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.searchParams.get('ll')).toBe('59.9,30.3');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.has('user_id')).toBe(false);
    expect(url.searchParams.has('token_seq')).toBe(false);
  });

  it('raises the token error and tells the app', async () => {
    const onTokenError = vi.fn();
    const api = createApiClient({ apiHost: 'http://x/api', getAuth: () => null, onTokenError, fetch: (async () => answer(401, { error: { code: 'token_error', message: 'token error' }, token: 'error' })) as typeof fetch });
    const err = await api.call('stores', { update: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isTokenError).toBe(true);
    expect(onTokenError).toHaveBeenCalledOnce();
  });

  it('retries network failures only', async () => {
    let n = 0;
    const fetch = (async () => {
      if (n++ < 2) throw new TypeError('Failed to fetch');
      return answer(200, { offers: [] });
    }) as typeof globalThis.fetch;
    const api = createApiClient({ apiHost: 'http://x/api', getAuth: () => null, fetch });
    await expect(api.call('offers', {}, { retries: 1, retryDelay: 1 })).rejects.toBeInstanceOf(NetworkError);
    await expect(api.call('offers', {}, { retries: 1, retryDelay: 1 })).resolves.toEqual({ offers: [] });
  });

  it('encodes booleans as 1/0 and skips empty values', () => {
    expect([...toFormData({ a: true, b: false, c: null, d: undefined, e: 3 }).entries()]).toEqual([
      ['a', '1'],
      ['b', '0'],
      ['e', '3'],
    ]);
  });

  it('needs both URLs in config.json', async () => {
    await expect(loadShopConfig('http://x', (async () => answer(200, { API_HOST: 'a' })) as typeof fetch)).rejects.toThrow('Нет нужных URL');
    await expect(loadShopConfig('http://x', (async () => answer(200, { API_HOST: 'a', URL_IMAGES: 'b/' })) as typeof fetch)).resolves.toMatchObject({ URL_IMAGES: 'b/' });
  });

  it('prefixes image paths without http(s)', () => {
    expect(imageUrl('http://s/images/', '1/a.jpg')).toBe('http://s/images/1/a.jpg');
    expect(imageUrl('http://s/images/', 'https://cdn/x.jpg')).toBe('https://cdn/x.jpg');
    expect(imageUrl('http://s/images/', null)).toBeNull();
  });
});
