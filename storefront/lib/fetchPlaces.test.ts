import { afterEach, describe, expect, it, vi } from 'vitest';
import { getShopConfig, setShopConfig } from './config';
import { fetchPlaces } from './restBase';

/** The places (the order form's pick-up list, the map's zones) come from the REST base beside the api. */
describe('fetchPlaces', () => {
  const was = getShopConfig();
  afterEach(() => {
    setShopConfig(was);
    vi.unstubAllGlobals();
  });

  it('asks /rest/places beside an api served under a path, keeping the path', async () => {
    setShopConfig({ ...was, API_HOST: 'https://shop.example/store-7/api' });
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ id: 1, name: 'Главная' }]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchPlaces()).toEqual([{ id: 1, name: 'Главная' }]);
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.origin + url.pathname).toBe('https://shop.example/store-7/rest/places');
    expect(url.searchParams.get('range')).toBe('[0,99]');
  });
});
