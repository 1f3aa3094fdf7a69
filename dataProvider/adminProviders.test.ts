import { describe, expect, it } from 'vitest';
import { createAdminProviders } from './adminProviders';
import { createAuthStorage } from './authStorage';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('admin providers: a session that ends elsewhere', () => {
  const config = { API_HOST: 'http://shop.test/api', URL_IMAGES: 'http://shop.test/images/', MAP_TILES_URL: '' };

  it('a public read answering "token": "error" signs out, and the next check says the session expired', async () => {
    const storage = createAuthStorage(memoryStorage());
    storage.set({ user_id: '1', token_seq: '2', token: 'revoked' });
    const fetch = (async () => json({ offers_category: [], token: 'error' })) as typeof globalThis.fetch;
    const { api, authProvider } = createAdminProviders({ config, storage, fetch });
    await api.call('offers_category', {});
    // No token check is needed: the next check forgets the session; the login page is told why, once.
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(storage.get()).toBeNull();
    expect(authProvider.takeExpiryNotice()).toBe(true);
    expect(authProvider.takeExpiryNotice()).toBe(false);
  });

  it('a visitor who never signed in is sent to the login page without a message', async () => {
    const storage = createAuthStorage(memoryStorage());
    const fetch = (async () => json({ offers_category: [], token: 'error' })) as typeof globalThis.fetch;
    const { api, authProvider } = createAdminProviders({ config, storage, fetch });
    await api.call('offers_category', {});
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(authProvider.takeExpiryNotice()).toBe(false);
  });

  it('a data call refused with a token error (checkError) also leaves the notice', async () => {
    const storage = createAuthStorage(memoryStorage());
    storage.set({ user_id: '1', token_seq: '2', token: 'revoked' });
    const { authProvider } = createAdminProviders({ config, storage, fetch: (async () => json({})) as typeof globalThis.fetch });
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ message: false });
    expect(storage.get()).toBeNull();
    expect(authProvider.takeExpiryNotice()).toBe(true);
  });
});
