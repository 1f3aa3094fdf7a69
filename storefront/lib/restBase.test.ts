import { afterEach, describe, expect, it, vi } from 'vitest';
import { getShopConfig, setShopConfig } from './config';
import { restBase } from './restBase';

/** The one REST base of the storefront (the account, the map, the order form's places, the footer's subscription). */
describe('restBase', () => {
  const was = getShopConfig();
  afterEach(() => {
    setShopConfig(was);
    vi.unstubAllGlobals();
  });

  it('puts /rest beside an absolute api host', () => {
    expect(restBase('https://shop.example/api')).toBe('https://shop.example/rest');
    expect(restBase('https://shop.example/api/')).toBe('https://shop.example/rest');
    expect(restBase('http://127.0.0.1:8080/api')).toBe('http://127.0.0.1:8080/rest');
  });

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
    expect(restBase('https://shop.example/')).toBe('https://shop.example/rest');
    expect(restBase('https://shop.example/api?x=1#top')).toBe('https://shop.example/rest');
    expect(restBase('https://user:secret@shop.example/api')).toBe('https://shop.example/rest');
  });

  it("reads the shop's config when given nothing", () => {
    setShopConfig({ ...was, API_HOST: 'https://other.example/s/api' });
    expect(restBase()).toBe('https://other.example/s/rest');
  });
});
