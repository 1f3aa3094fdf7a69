import { afterEach, describe, expect, it, vi } from 'vitest';
import { getShopConfig, setShopConfig } from './config';
import { restBase } from './restBase';
import { itMaps } from '../../schemas/testing/cases';

/** The one REST base of the storefront (the account, the map, the order form's places, the footer's subscription). */
describe('restBase', () => {
  const was = getShopConfig();
  afterEach(() => {
    setShopConfig(was);
    vi.unstubAllGlobals();
  });

  itMaps('puts /rest beside an absolute api host: %s', restBase, [
    ['https://shop.example/api', 'https://shop.example/rest'],
    ['https://shop.example/api/', 'https://shop.example/rest'],
    ['http://127.0.0.1:8080/api', 'http://127.0.0.1:8080/rest'],
  ]);

  it('resolves a relative /api against the page, or localhost where there is no page (the server render)', () => {
    expect(restBase('/api')).toBe('http://localhost/rest');
    vi.stubGlobal('location', { href: 'https://shop.example/category/1-11/1' });
    expect(restBase('/api')).toBe('https://shop.example/rest');
  });

  it("keeps the api's sub-path", () => {
    expect(restBase('https://shop.example/store-7/api')).toBe('https://shop.example/store-7/rest');
    vi.stubGlobal('location', { href: 'https://shop.example/shop/item/5' });
    expect(restBase('/shop/api')).toBe('https://shop.example/shop/rest');
  });

  it('gives no double slash, query, fragment or credentials for a caller to append to', () => {
    for (const api of ['https://shop.example/', 'https://shop.example/api?x=1#top', 'https://user:secret@shop.example/api']) {
      expect(restBase(api), api).toBe('https://shop.example/rest');
    }
  });

  it("reads the shop's config when given nothing", () => {
    setShopConfig({ ...was, API_HOST: 'https://other.example/s/api' });
    expect(restBase()).toBe('https://other.example/s/rest');
  });
});
