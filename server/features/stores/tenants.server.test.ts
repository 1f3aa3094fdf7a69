/** One server, many white-label shops: the Host header picks the store; every read and write stays in it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PHONE, pngImage, snapshot, startTestServer, type Auth, type TestServer } from '../../test/helpers';

const A = 'localhost';
const B = 'shop-b.example';
const OWNER_B = '+79995550000';

let server: TestServer;
let storeB: number;
let ownerA: Auth;
let ownerB: Auth;
const a: Record<string, string> = {};
const b: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  storeB = await server.addStore({ name: 'Магазин Б', domain: B, ownerPhone: OWNER_B });
  a.cat = await server.createCategory({ category: 'Категория А' });
  b.cat = await server.createCategory({ category: 'Категория Б' }, storeB);
  a.offer = await server.createOffer({ name: 'Товар альфа', categoryId: a.cat, price: '100' });
  b.offer = await server.createOffer({ name: 'Товар бета', categoryId: b.cat, price: '200' }, storeB);
  ownerA = await server.signIn(OWNER_PHONE, { host: A });
  ownerB = await server.signIn(OWNER_B, { host: B });
});
afterAll(() => server?.close());

const on = (host: string) => ({
  api: (name: string, params: Record<string, string | number> = {}, token?: Auth | string) => server.api(name, params, { host, token }),
});

describe('the Host header picks the store', () => {
  it('gives each domain its own store, with or without a port; an unknown host gets no store', async () => {
    expect((await on(A).api('stores')).body.stores[0]).toMatchObject({ id: server.storeId, name: 'Тестовый магазин' });
    expect((await on(B).api('stores')).body.stores[0]).toMatchObject({ id: storeB, name: 'Магазин Б', domain: B });
    expect((await on(`${B}:8443`).api('stores')).body.stores[0].id).toBe(storeB);
    expect((await on('SHOP-B.EXAMPLE').api('stores')).body.stores[0].id).toBe(storeB);
    // With two shops on the server an unknown host serves neither (issue 34); the loopback names serve the default.
    const unknown = await on('unknown.example').api('stores');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'no_shop']);
    expect((await on('127.0.0.1:8080').api('stores')).body.stores[0].id).toBe(server.storeId);
  });

  it('scopes catalogue reads: lists, items, cart lines, search and categories', async () => {
    // Both stores number their products and categories from 1: the same ids mean different things.
    expect(a.offer).toBe(b.offer);
    expect(a.cat).toBe(b.cat);
    expect((await on(A).api('offers')).body.offers.map((o: { name: string }) => o.name)).toEqual(['Товар альфа']);
    expect((await on(B).api('offers')).body.offers.map((o: { name: string }) => o.name)).toEqual(['Товар бета']);
    expect((await on(B).api('offers', { 'p[478_offer_id]': b.offer })).body.offers[0]).toMatchObject({ name: 'Товар бета', shopId: String(storeB) });
    expect((await on(A).api('offers', { ids: a.offer })).body.offers.map((o: { name: string }) => o.name)).toEqual(['Товар альфа']);
    expect((await on(A).api('offers', { value: 'бета' })).body.offers).toEqual([]);
    expect((await on(B).api('offers', { value: 'бета' })).body.offers.map((o: { name: string }) => o.name)).toEqual(['Товар бета']);
    expect((await on(A).api('offers_category')).body.offers_category.map((c: { category: string }) => c.category)).toEqual(['Категория А']);
    expect((await on(B).api('offers_category')).body.offers_category.map((c: { category: string }) => c.category)).toEqual(['Категория Б']);
  });
});

describe('writes stay in the store of the token', () => {
  it('the owner of A writes to A; the same ids in B do not change', async () => {
    const beforeB = (await on(B).api('offers', { 'p[478_offer_id]': b.offer })).body.offers[0];
    const r = await on(A).api('offers', { update: 1, 'p[478_offer_id]': a.offer, 'p[283_price]': '111' }, ownerA);
    expect(r.status).toBe(200);
    expect((await on(A).api('offers', { 'p[478_offer_id]': a.offer })).body.offers[0].price).toBe(111);
    expect((await on(B).api('offers', { 'p[478_offer_id]': b.offer })).body.offers[0]).toEqual(beforeB);
  });

  it("the owner of A cannot write to B with A's token (401), nothing in B changes", async () => {
    const tables = ['stores', 'categories', 'offers', 'banners', 'params'];
    const before = await snapshot(server.db, tables);
    const attempts: [string, Record<string, string | number>][] = [
      ['stores', { update: 1, 'p[399_name]': 'Захвачен' }],
      ['offers', { update: 1, 'p[478_offer_id]': b.offer, 'p[283_price]': '1' }],
      ['offers', { del: 1, 'p[478_offer_id]': b.offer }],
      ['offers', { set: 1, 'p[276_name]': 'Чужой', 'p[283_price]': '1', 'p[287_categoryId]': b.cat }],
      ['offers_category', { del: 1, 'p[486_category_id]': b.cat }],
      ['offers_params', { set: 1, 'p[388_name]': 'Чужой', 'p[390_kind]': 'bool' }],
    ];
    for (const [api, params] of attempts) {
      for (const token of [ownerA, ownerA.token]) {
        const r = await on(B).api(api, params, token);
        expect(r.status, `${api} ${JSON.stringify(params)}`).toBe(401);
        expect(r.body.token).toBe('error');
      }
    }
    const upload = await server.api('shop_banners', { set: 1 }, { host: B, token: ownerA, files: { 'p[592_img]': await pngImage(10, 10) } });
    expect(upload.status).toBe(401);
    expect(await snapshot(server.db, tables)).toBe(before);
    // A token of A is not a session of B at all.
    expect((await on(B).api('token_check', {}, ownerA)).body.token).toBe('error');
    expect((await on(A).api('token_check', {}, ownerA)).body).toMatchObject({ token: 'ok', is_owner: '1' });
  });

  it("the owner of A signed in at B is only a customer there (403)", async () => {
    const asCustomerOfB = await server.signIn(OWNER_PHONE, { host: B });
    expect(asCustomerOfB.is_owner).toBe('0');
    const before = await snapshot(server.db, ['stores', 'offers']);
    const r = await on(B).api('offers', { update: 1, 'p[478_offer_id]': b.offer, 'p[283_price]': '1' }, asCustomerOfB);
    expect(r.status).toBe(403);
    expect((await on(B).api('stores', { update: 1, 'p[399_name]': 'Захвачен' }, asCustomerOfB)).status).toBe(403);
    expect(await snapshot(server.db, ['stores', 'offers'])).toBe(before);
  });

  it('the owner of B writes to B and not to A', async () => {
    expect((await on(B).api('stores', { update: 1, 'p[418_title]': 'Заголовок Б' }, ownerB)).status).toBe(200);
    expect((await on(B).api('stores')).body.stores[0].title).toBe('Заголовок Б');
    expect((await on(A).api('stores')).body.stores[0].title).not.toBe('Заголовок Б');
    expect((await on(A).api('offers', { del: 1, 'p[478_offer_id]': a.offer }, ownerB)).status).toBe(401);
    expect((await on(A).api('offers', { 'p[478_offer_id]': a.offer })).status).toBe(200);
  });

  it('a sign-in code sent by one store does not log in at another', async () => {
    const phone = '+79997776655';
    expect((await on(A).api('sms_code', { phone })).status).toBe(200);
    const code = server.lastCode(phone)!;
    const r = await on(B).api('login', { phone, code });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('code_expired');
    expect((await on(A).api('login', { phone, code })).status).toBe(200);
  });

  it('the SMS names the store it was sent for', async () => {
    const phone = '+79997776644';
    await on(B).api('sms_code', { phone });
    expect(server.smsLines.at(-1)).toContain('Магазин Б');
  });
});
