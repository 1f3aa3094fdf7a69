/**
 * The admin's providers against the real server (server/app.ts on a fresh demo SQLite shop, real HTTP):
 * request encoding of every api= resource, sign-in, and the REST side's Bearer token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { DataProvider } from 'ra-core';
import { startTestServer, OWNER_PHONE, CUSTOMER_PHONE, type TestServer } from '../server/test/helpers';
import { createAdminProviders, type AdminProviders } from './adminProviders';
import { createAuthStorage } from './authStorage';
import { createApiDataProvider } from './apiDataProvider';
import type { AdminAuthProvider } from './authProvider';

interface Sent {
  url: string;
  api: string | null;
  fields: Record<string, string>;
  files: string[];
  headers: Headers;
}

let server: TestServer;
let providers: AdminProviders;
let dp: DataProvider;
let auth: AdminAuthProvider;
const sent: Sent[] = [];
const progress: (number | null)[] = [];

/** A fetch that records what the browser would send, then really sends it. */
const recordingFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const fields: Record<string, string> = {};
  const files: string[] = [];
  if (init?.body instanceof FormData) {
    for (const [k, v] of init.body.entries()) {
      if (typeof v === 'string') fields[k] = v;
      else files.push(k);
    }
  }
  sent.push({ url, api: new URL(url).searchParams.get('api'), fields, files, headers: new Headers(init?.headers) });
  return fetch(input, init);
};
const lastSent = (api: string) => [...sent].reverse().find((s) => s.api === api)!;
const memoryStorage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  providers = createAdminProviders({
    config: { API_HOST: `${server.url}/api`, URL_IMAGES: `${server.url}/images/` },
    storage: createAuthStorage(memoryStorage()),
    getLang: () => 'ru',
    onUploadProgress: (p) => progress.push(p),
    fetch: recordingFetch,
  });
  dp = providers.dataProvider;
  auth = providers.authProvider;
}, 120_000);
afterAll(async () => server?.close());

describe('authProvider', () => {
  it('refuses a wrong code, then signs the owner in with the right one', async () => {
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    await auth.requestCode(OWNER_PHONE);
    expect(lastSent('sms_code').fields.phone).toBe(OWNER_PHONE);
    const code = server.lastCode(OWNER_PHONE)!;
    const wrong = code === '0000' ? '1111' : '0000';
    await expect(auth.login({ phone: OWNER_PHONE, code: wrong })).rejects.toThrow('errors.invalid_code');
    await auth.login({ phone: OWNER_PHONE, code });
    expect(providers.storage.get()).toMatchObject({ user_id: String(server.ownerId) });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('keeps a customer out with the forbidden message and closes the session it got', async () => {
    const other = createAdminProviders({ config: { API_HOST: `${server.url}/api`, URL_IMAGES: '/images/' }, storage: createAuthStorage(memoryStorage()) });
    await other.authProvider.requestCode(CUSTOMER_PHONE);
    await expect(other.authProvider.login({ phone: CUSTOMER_PHONE, code: server.lastCode(CUSTOMER_PHONE)! })).rejects.toThrow('admin.auth.forbidden');
    expect(other.storage.get()).toBeNull();
  });

  it('treats a 401 as signed out and anything else as a passing error', async () => {
    const a = createAdminProviders({ config: { API_HOST: `${server.url}/api`, URL_IMAGES: '/images/' }, storage: createAuthStorage(memoryStorage()) });
    a.storage.set({ user_id: '1', token_seq: '1', token: 'bad' });
    // Signed out quietly; the login page then says the session expired (takeExpiryNotice).
    await expect(a.authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(a.storage.get()).toBeNull();
    expect(a.authProvider.takeExpiryNotice()).toBe(true);
    await expect(a.authProvider.checkError({ status: 401 })).rejects.toEqual({ message: false });
    await expect(a.authProvider.checkError({ status: 400 })).resolves.toBeUndefined();
  });

  it('rejects an invalid phone with the seed text key', async () => {
    await expect(auth.requestCode('+7 12')).rejects.toThrow('errors.invalid_phone');
  });
});

describe('offers', () => {
  it('the owner’s list reads /rest/offers (the api= list has no count): a total, the sorts and filters, booleans and picture URLs', async () => {
    const p1 = await dp.getList('offers', { pagination: { page: 2, perPage: 20 }, sort: { field: 'price', order: 'DESC' }, filter: { status: 'visible' } });
    expect(p1.total).toBe(60);
    expect(p1.data).toHaveLength(20);
    const prices = p1.data.map((o) => o.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(p1.data[0]).toMatchObject({ active: true, available: true });
    expect(p1.data[0].thumbSrc).toMatch(new RegExp(`^${server.url}/images/1/offers/`));
    const hidden = await dp.getList('offers', { pagination: { page: 1, perPage: 20 }, sort: { field: 'sort', order: 'ASC' }, filter: { status: 'hidden' } });
    expect(hidden.total).toBe(0);
  });

  it('the api= list (the seed’s protocol) pages by 20 with a next-page flag instead of a total', async () => {
    const dp = createApiDataProvider({ api: providers.api, urlImages: `${server.url}/images/` });
    const p1 = await dp.getList('offers', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(p1.data).toHaveLength(20);
    expect(p1.total).toBeUndefined();
    expect(p1.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(p1.data[0]).toMatchObject({ id: '1001', name: 'Смартфон Квант A5 64 ГБ', available: true });
    expect(p1.data[0].thumbSrc).toMatch(new RegExp(`^${server.url}/images/1/offers/`));
    expect(lastSent('offers').fields).toMatchObject({ offset: '2', lang: 'ru' });
    const p3 = await dp.getList('offers', { pagination: { page: 3, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(p3.data).toHaveLength(20);
    expect(p3.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(p3.total).toBe(60);
    const all = (await dp.getList('offers', { pagination: { page: 1, perPage: 60 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).data;
    expect(all).toHaveLength(60);
    const odd = await dp.getList('offers', { pagination: { page: 2, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(odd.data.map((o) => o.id)).toEqual(all.slice(25, 50).map((o) => o.id));
    expect(odd.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it('sends the category filter, the search word and the sort as the seed does', async () => {
    const dp = createApiDataProvider({ api: providers.api, urlImages: `${server.url}/images/` });
    const cat = await dp.getList('offers', { pagination: { page: 1, perPage: 20 }, sort: { field: 'price', order: 'DESC' }, filter: { categoryId: '11' } });
    expect(lastSent('offers').fields).toMatchObject({ 'p[287_categoryId]': '11', sort: '"descend"', offset: '1' });
    expect(cat.data.length).toBeGreaterThan(0);
    expect(cat.data.every((o) => o.categoryId === '11')).toBe(true);
    const prices = cat.data.map((o) => o.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const found = await dp.getList('offers', { pagination: { page: 1, perPage: 20 }, sort: { field: 'price', order: 'ASC' }, filter: { q: 'Квант' } });
    expect(lastSent('offers').fields).toMatchObject({ value: 'Квант', sortId: 'increase' });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((o) => String(o.name).includes('Квант'))).toBe(true);
  });

  it('reads one item with booleans, pictures and custom params for the form', async () => {
    const { data } = await dp.getOne('offers', { id: '1001' });
    expect(lastSent('offers').fields['p[478_offer_id]']).toBe('1001');
    expect(data).toMatchObject({ id: '1001', delivery: true, shop: false, manufacturer_warranty: true, type: 'vendor.model' });
    expect(data.images[0]).toMatchObject({ id: expect.any(String), src: expect.stringContaining('/images/1/offers/') });
    expect(data.paramValues).toMatchObject({ p323: ['1'], p324: '64', p327: false });
    const many = await dp.getMany('offers', { ids: ['1002', '1001'] });
    expect(lastSent('offers').fields.ids).toBe('1002,1001');
    expect(many.data.map((o) => o.id)).toEqual(['1002', '1001']);
  });

  it('creates, updates only what changed, replaces pictures, and deletes', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const file = new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' });
    const png2 = await sharp({ create: { width: 30, height: 40, channels: 3, background: { r: 200, g: 120, b: 10 } } }).png().toBuffer();
    const second = new File([new Uint8Array(png2)], 'photo2.png', { type: 'image/png' });
    progress.length = 0;
    const { data: created } = await dp.create('offers', {
      data: { type: 'common', name: 'Тестовый чайник', price: '1990.5', categoryId: '11', available: true, adult: false, vendor: '', paramValues: { p323: ['2'], p327: true }, images: [{ rawFile: file, src: 'blob:x', title: 'photo.png' }] },
    });
    const create = lastSent('offers');
    expect(create.fields).toMatchObject({ set: '1', 'p[275_type]': 'common', 'p[276_name]': 'Тестовый чайник', 'p[283_price]': '1990.5', 'p[287_categoryId]': '11', 'p[320_available]': '1', 'p[309_adult]': '0', 'p[323_param]': '2', 'p[327_param]': '1', user_id: expect.any(String), token: expect.any(String) });
    expect(create.fields['p[279_vendor]']).toBeUndefined();
    expect(create.files).toEqual(['p[466_img]']);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBeNull();
    expect(created).toMatchObject({ name: 'Тестовый чайник', price: 1990.5, categoryId: '11', paramValues: { p323: ['2'], p327: true } });
    expect(created.images).toHaveLength(1);

    const { data: updated } = await dp.update('offers', { id: created.id, data: { ...created, price: 1500, images: [...created.images, { rawFile: second }] }, previousData: created });
    const update = lastSent('offers');
    expect(update.fields).toMatchObject({ update: '1', 'p[478_offer_id]': String(created.id), 'p[283_price]': '1500', 'p[275_type]': 'common' });
    expect(update.fields['p[276_name]']).toBeUndefined();
    expect(update.fields['p[323_param]']).toBeUndefined();
    expect(update.files).toEqual(['p[467_img]']);
    expect(updated.images).toHaveLength(2);

    const { data: fewer } = await dp.update('offers', { id: created.id, data: { ...updated, images: [updated.images[1]] }, previousData: updated });
    const del = sent.filter((s) => s.api === 'offers').at(-2)!;
    expect(del.fields).toMatchObject({ del: '1', 'p[478_offer_id]': String(created.id), img_id: updated.images[0].id });
    expect(fewer.images.map((i: { id: string }) => i.id)).toEqual([updated.images[1].id]);

    await expect(dp.create('offers', { data: { type: 'common', name: '', price: '', categoryId: '11' } })).rejects.toMatchObject({ message: 'errors.required_fields_error', status: 400, body: { errors: { name: 'ra.validation.required' } } });

    await dp.delete('offers', { id: created.id, previousData: created });
    expect(lastSent('offers').fields).toMatchObject({ del: '1', 'p[478_offer_id]': String(created.id) });
    await expect(dp.getOne('offers', { id: created.id })).rejects.toMatchObject({ status: 404, message: 'errors.not_found' });
  });
});

describe('offers_category', () => {
  it('lists by categoryId, creates, renames, moves and deletes', async () => {
    const all = await dp.getList('offers_category', { pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'ASC' }, filter: {} });
    expect(all.total).toBe(25);
    expect(all.data[0]).toMatchObject({ id: '1', categoryId: '1', category: 'Электроника', subId: '0', end: false });
    const subs = await dp.getList('offers_category', { pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'ASC' }, filter: { subId: '1' } });
    expect(subs.data.every((c) => c.subId === '1')).toBe(true);
    const { data: made } = await dp.create('offers_category', { data: { category: 'Планшеты', subId: '1', picture: 'tablet', sort: 9 } });
    expect(lastSent('offers_category').fields).toMatchObject({ set: '1', 'p[487_category]': 'Планшеты', 'p[488_sub_id]': '1', 'p[489_picture]': 'tablet', 'p[490_sort]': '9' });
    const { data: moved } = await dp.update('offers_category', { id: made.id, data: { ...made, category: 'Планшеты и ридеры', subId: '0' }, previousData: made });
    expect(lastSent('offers_category').fields).toMatchObject({ update: '1', 'p[486_category_id]': String(made.id), 'p[487_category]': 'Планшеты и ридеры', 'p[488_sub_id]': '0' });
    expect(lastSent('offers_category').fields['p[489_picture]']).toBeUndefined();
    expect(moved).toMatchObject({ category: 'Планшеты и ридеры', subId: '0' });
    await dp.delete('offers_category', { id: made.id });
    expect(lastSent('offers_category').fields).toMatchObject({ del: '1', 'p[486_category_id]': String(made.id) });
    await expect(dp.getOne('offers_category', { id: made.id })).rejects.toMatchObject({ status: 404 });
  });
});

describe('offers_params', () => {
  it('creates a select filter with values, edits values, refuses a kind change, deletes', async () => {
    const list = await dp.getList('offers_params', { pagination: { page: 1, perPage: 100 }, sort: { field: 'sort', order: 'ASC' }, filter: { categoryId: '11' } });
    expect(lastSent('offers_params').fields['p[389_category_id]']).toBe('11');
    expect(list.data.slice(0, 3).map((p) => p.id)).toEqual(['common_283', 'common_292', 'common_306']);
    const { data: made } = await dp.create('offers_params', {
      data: { name: 'Материал корпуса', categoryId: '11', kind: 'select', isRequired: false, values: [{ id: '1$', name: 'пластик' }, { id: '2$', name: 'металл' }, { id: '3$', name: '' }] },
    });
    const createCall = sent.filter((s) => s.api === 'offers_params').find((s) => s.fields.set === '1')!;
    expect(createCall.fields).toMatchObject({ 'p[388_name]': 'Материал корпуса', 'p[389_category_id]': '11', 'p[390_kind]': 'select', 'p[391_is_required]': '0' });
    expect(lastSent('offers_params_values').fields).toMatchObject({ set: '1', 'p[394_category_id]': '11', 'p[395_param_id]': String(made.id), 'p[480_value_id]': '2$', 'p[479_value]': 'металл' });
    expect(made.values.map((v: { name: string }) => v.name).sort()).toEqual(['металл', 'пластик']);
    const plastic = made.values.find((v: { name: string }) => v.name === 'пластик');
    const { data: edited } = await dp.update('offers_params', {
      id: made.id,
      data: { ...made, values: [{ ...plastic, name: 'поликарбонат' }, { id: '3$', name: 'стекло' }, { id: '4$', name: '' }] },
      previousData: made,
    });
    expect(edited.values.map((v: { name: string }) => v.name).sort()).toEqual(['поликарбонат', 'стекло']);
    await expect(dp.update('offers_params', { id: made.id, data: { ...edited, kind: 'number' }, previousData: edited })).rejects.toMatchObject({ message: 'errors.kind_fixed', status: 400 });
    await dp.delete('offers_params', { id: made.id, previousData: edited });
    expect(lastSent('offers_params').fields).toMatchObject({ del: '1', 'p[396_param_id]': String(made.id) });
    await expect(dp.getOne('offers_params', { id: made.id })).rejects.toMatchObject({ status: 404 });
    const common = await dp.getOne('offers_params', { id: 'common_283' });
    expect(common.data).toMatchObject({ baseId: '283', common: true });
  });
});

describe('shop_banners', () => {
  it('lists in sort order, uploads an image with progress, changes width, deletes', async () => {
    const list = await dp.getList('shop_banners', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(list.data.map((b) => b.sort)).toEqual([1, 2, 3]);
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer();
    progress.length = 0;
    const { data: made } = await dp.create('shop_banners', { data: { link: '/category/2', width: '33.33', sort: 4, image: { rawFile: new File([new Uint8Array(png)], 'b.png', { type: 'image/png' }) } } });
    expect(lastSent('shop_banners').fields).toMatchObject({ set: '1', 'p[591_link]': '/category/2', 'p[594_width]': '33.33', 'p[595_sort]': '4' });
    expect(lastSent('shop_banners').files).toEqual(['p[592_img]']);
    expect(progress.at(-1)).toBeNull();
    expect(made).toMatchObject({ width: '33.33', sort: 4, imgSrc: expect.stringContaining('/images/1/banners/') });
    const { data: wider } = await dp.update('shop_banners', { id: made.id, data: { ...made, width: '66.66' }, previousData: made });
    expect(lastSent('shop_banners').fields).toMatchObject({ update: '1', 'p[593_banner_id]': String(made.id), 'p[594_width]': '66.66' });
    expect(lastSent('shop_banners').fields['p[591_link]']).toBeUndefined();
    expect(wider.width).toBe('66.66');
    await dp.delete('shop_banners', { id: made.id });
    expect(lastSent('shop_banners').fields).toMatchObject({ del: '1', 'p[593_banner_id]': String(made.id) });
  });
});

describe('stores', () => {
  it('saves changed settings with their numbers, grouped toggles and colours, and a single rich-text page', async () => {
    const { data: store } = await dp.getOne('stores', { id: '1' });
    expect(store).toMatchObject({ name: 'Демо-магазин', pay_cash: true, controls: { map: true, stop_purchase: false }, required_fields: { client_comment: false } });
    const { data: saved } = await dp.update('stores', {
      id: store.id,
      data: { ...store, name: 'Мой магазин', controls: { ...store.controls, stop_purchase: true }, colors: { ...store.colors, background_main: '0,0,0,0.5' } },
      previousData: store,
    });
    const call = lastSent('stores');
    expect(call.fields).toMatchObject({ update: '1', 'p[398_store_id]': '1', 'p[399_name]': 'Мой магазин', 'p[458_stop_purchase]': '1', 'p[500_background_main]': '0,0,0,0.5' });
    expect(call.fields['p[405_email]']).toBeUndefined();
    expect(saved).toMatchObject({ name: 'Мой магазин', controls: { stop_purchase: true }, colors: { background_main: '0,0,0,0.5' } });
    const { data: page } = await dp.update('stores', { id: store.id, data: { ...saved, delivery: '<p><b>Быстро</b></p>' }, previousData: saved, meta: { page: 'delivery' } });
    expect(lastSent('stores').fields).toMatchObject({ update: '1', text: '1', delivery: '1', 'p[430_delivery]': '<p><b>Быстро</b></p>' });
    expect(page.delivery).toBe('<p><b>Быстро</b></p>');
    const { data: about } = await dp.update('stores', { id: store.id, data: { ...page, about_company: '<h1>Мы</h1>' }, previousData: page, meta: { page: 'about_company' } });
    expect(lastSent('stores').fields).toMatchObject({ about: '1', 'p[429_about_company]': '<h1>Мы</h1>' });
    expect(about.about_company).toBe('<h1>Мы</h1>');
  });
});

describe('REST resources', () => {
  it('go to /rest with the session token as a Bearer header', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      seen.push({ url: req.url, auth: req.headers.get('authorization') });
      return new Response(JSON.stringify([{ id: 1, name: 'Склад' }]), { status: 200, headers: { 'content-type': 'application/json', 'content-range': 'places 0-0/1' } });
    }) as typeof fetch;
    try {
      const res = await dp.getList('places', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(res).toMatchObject({ data: [{ id: 1, name: 'Склад' }], total: 1 });
    } finally {
      globalThis.fetch = real;
    }
    expect(seen[0].url).toBe(`${server.url}/rest/places?filter=%7B%7D&range=%5B0%2C9%5D&sort=%5B%22name%22%2C%22ASC%22%5D`);
    expect(seen[0].auth).toBe(`Bearer ${providers.storage.get()!.token}`);
  });

  it('read and write the real REST routes; protocol booleans become booleans', async () => {
    const promos = await dp.getList('promo_codes', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(promos.total).toBeGreaterThan(0);
    expect(typeof promos.data[0].isOnceOnly).toBe('boolean');
    const { data: made } = await dp.create('ingredients', { data: { name: 'Сыр моцарелла', quantity: 1.5, price: 420 } });
    expect(made).toMatchObject({ name: 'Сыр моцарелла', quantity: 1.5, price: 420 });
    const { data: changed } = await dp.update('ingredients', { id: made.id, data: { ...made, price: 450 }, previousData: made });
    expect(changed.price).toBe(450);
    await dp.delete('ingredients', { id: made.id, previousData: changed });
    await expect(dp.getOne('ingredients', { id: made.id })).rejects.toMatchObject({ status: 404 });
  });

  it('signs out on logout: the server revokes the session', async () => {
    const token = providers.storage.get()!;
    await auth.logout({});
    expect(lastSent('logout').fields).toMatchObject({ token: token.token });
    expect(providers.storage.get()).toBeNull();
    const check = await server.api('token_check', { ...token });
    expect(check.body).toEqual({ token: 'error' });
  });
});

