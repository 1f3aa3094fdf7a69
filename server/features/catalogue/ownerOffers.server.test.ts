/**
 * The owner's product REST (ownerOffers.rest.ts): the list with its count, filters and sorts, the bulk
 * actions (one transaction each, nothing changed on a refusal, the shop's cached answers dropped), the
 * pictures' order and the parameters a category's products use. Real HTTP, a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedPrice } from '../../../schemas/rules/priceChange';
import { pngImage, snapshot, startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { rest } from '../../test/checkoutFixtures';
import { catalogueVersion } from '../../db/catalogueVersion';

let server: TestServer, owner: Auth, customer: Auth;
let phones: string, cases: string, ties: string, clothes: string;
const ids: Record<string, string> = {};
let otherOwner: Auth;

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  phones = await server.createCategory({ category: 'Телефоны' });
  cases = await server.createCategory({ category: 'Чехлы', subId: phones });
  clothes = await server.createCategory({ category: 'Одежда' });
  ties = await server.createCategory({ category: 'Галстуки', subId: clothes });
  ids.kvant = await server.createOffer({ name: 'Квант 5', price: '1990', oldprice: '2490', categoryId: phones, vendorCode: 'KV-5', stock: '4' });
  ids.orbita = await server.createOffer({ name: 'Орбита', price: '99.9', categoryId: phones, stock: '0' });
  ids.zenit = await server.createOffer({ name: 'зенит', price: '15000', categoryId: phones, vendorCode: 'ZN-1', active: '0' });
  ids.cover = await server.createOffer({ name: 'Чехол для Кванта', price: '500', categoryId: cases });
  ids.tie = await server.createOffer({ name: 'Галстук', price: '1200', categoryId: ties, available: '0' });
  // Another shop on the same server, with offer ids of its own (ids are per shop: its first is '1' too).
  const other = await server.addStore({ name: 'Другой', domain: 'other.test', ownerPhone: '+79995550000' });
  const otherCategory = await server.createCategory({ category: 'Чужое' }, other);
  await server.createOffer({ name: 'Чужой Квант', price: '1', categoryId: otherCategory }, other);
  otherOwner = await server.signIn('+79995550000', { host: 'other.test' });
});
afterAll(() => server?.close());

const list = (filter: Record<string, unknown> = {}, sort: [string, string] = ['sort', 'ASC'], range: [number, number] = [0, 19], token: Auth | undefined = owner) =>
  rest(server, 'GET', '/offers', { token, query: { filter, sort, range } });
const idsOf = (body: { id: string }[]) => body.map((r) => r.id);
const bulk = (json: unknown, token: Auth = owner) => rest(server, 'POST', '/offers/bulk', { token, json });
const TABLES = ['offers', 'offer_params', 'offer_search', 'catalogue_versions'];

describe('GET /rest/offers (the owner’s product list)', () => {
  it('lists every product of the store, hidden ones too, with the total in Content-Range', async () => {
    const r = await list({}, ['sort', 'ASC'], [0, 1]);
    expect(r.status).toBe(200);
    expect(r.headers['content-range']).toBe('offers 0-1/5');
    expect(idsOf(r.body)).toEqual([ids.kvant, ids.orbita]);
    const all = await list();
    expect(all.body.map((o: { name: string }) => o.name)).not.toContain('Чужой Квант');
    const theirs = await rest(server, 'GET', '/offers', { token: otherOwner, host: 'other.test', query: { filter: {}, sort: ['sort', 'ASC'], range: [0, 19] } });
    expect(theirs.body.map((o: { name: string }) => o.name)).toEqual(['Чужой Квант']);
    expect(all.body.find((o: { id: string }) => o.id === ids.zenit)).toMatchObject({ active: '0', orderable: '0', sku: 'ZN-1' });
    expect(all.body.find((o: { id: string }) => o.id === ids.kvant)).toMatchObject({ active: '1', available: '1', orderable: '1', stock: 4, sku: 'KV-5', price: 1990, oldprice: 2490, categoryId: phones });
    expect(all.body.find((o: { id: string }) => o.id === ids.orbita)).toMatchObject({ stock: 0, orderable: '0' });
  });

  it('filters by visibility, stock, category (with its sub-categories) and a word, SKU or id', async () => {
    expect(idsOf((await list({ status: 'hidden' })).body)).toEqual([ids.zenit]);
    expect(idsOf((await list({ status: 'visible' })).body)).toEqual([ids.kvant, ids.orbita, ids.cover, ids.tie]);
    expect(idsOf((await list({ status: 'out_of_stock' })).body).sort()).toEqual([ids.orbita, ids.tie].sort());
    const inPhones = await list({ categoryId: phones });
    expect(inPhones.headers['content-range']).toBe('offers 0-3/4');
    expect(idsOf((await list({ categoryId: cases })).body)).toEqual([ids.cover]);
    expect(idsOf((await list({ q: 'квант' })).body).sort()).toEqual([ids.kvant, ids.cover].sort());
    expect(idsOf((await list({ q: 'ZN-1' })).body)).toEqual([ids.zenit]);
    expect(idsOf((await list({ q: ids.tie })).body)).toContain(ids.tie);
    expect((await list({ q: 'нетакого' })).headers['content-range']).toBe('offers */0');
  });

  it('sorts by name, price, stock (uncounted last either way) and SKU', async () => {
    // Case does not matter, in any script: 'зенит' before 'Квант'.
    expect(idsOf((await list({ categoryId: phones }, ['name', 'ASC'])).body)).toEqual([ids.zenit, ids.kvant, ids.orbita, ids.cover]);
    expect(idsOf((await list({}, ['price', 'DESC'])).body)).toEqual([ids.zenit, ids.kvant, ids.tie, ids.cover, ids.orbita]);
    expect(idsOf((await list({}, ['stock', 'ASC'])).body).slice(0, 2)).toEqual([ids.orbita, ids.kvant]);
    expect(idsOf((await list({}, ['stock', 'DESC'])).body).slice(0, 2)).toEqual([ids.kvant, ids.orbita]);
    expect(idsOf((await list({}, ['sku', 'ASC'])).body).slice(0, 2)).toEqual([ids.kvant, ids.zenit]);
  });

  it('is the owner’s only and refuses what it cannot read', async () => {
    expect((await list({}, ['sort', 'ASC'], [0, 19], customer)).status).toBe(403);
    expect((await rest(server, 'GET', '/offers')).status).toBe(401);
    expect((await list({}, ['data', 'ASC'])).status).toBe(400);
    expect((await list({ status: 'gone' })).status).toBe(400);
    expect((await list({ q: { $ne: 1 } })).status).toBe(400);
  });
});

describe('POST /rest/offers/bulk', () => {
  it('hides and shows products in one go: the shop stops and starts listing them, its cached answers dropped', async () => {
    const shopIds = async () => ((await server.api('offers', { 'p[287_categoryId]': phones })).body.offers as { id: string }[]).map((o) => o.id);
    expect(await shopIds()).toContain(ids.kvant);
    const before = await catalogueVersion(server.db, server.storeId);
    const r = await bulk({ action: 'hide', ids: [ids.kvant, ids.orbita] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ changed: 2 });
    expect(await catalogueVersion(server.db, server.storeId)).toBeGreaterThan(before);
    expect(await shopIds()).not.toContain(ids.kvant);
    expect((await server.api('offers', { 'p[478_offer_id]': ids.kvant })).status).toBe(404);
    expect((await bulk({ action: 'show', ids: [ids.kvant, ids.orbita] })).body).toEqual({ changed: 2 });
    expect(await shopIds()).toEqual(expect.arrayContaining([ids.kvant, ids.orbita]));
  });

  it('changes prices by a percentage computed on the server, the old price too when asked', async () => {
    const r = await bulk({ action: 'price', ids: [ids.kvant, ids.orbita], percent: -7, price: 1, prices: { [ids.kvant]: 1 } });
    expect(r.status).toBe(200);
    const row = async (id: string) => server.db.selectFrom('offers').select(['price', 'oldprice']).where('store_id', '=', server.storeId).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row(ids.kvant)).toMatchObject({ price: 1851, oldprice: 2490 });
    expect(Number((await row(ids.orbita)).price)).toBe(changedPrice(99.9, -7));
    await bulk({ action: 'price', ids: [ids.kvant], percent: 10, oldprice: true });
    expect(await row(ids.kvant)).toMatchObject({ price: 2036, oldprice: 2739 });
    const item = await server.api('offers', { 'p[478_offer_id]': ids.kvant });
    expect(item.body.offers[0]).toMatchObject({ price: 2036, oldprice: 2739 });
  });

  it('moves products to a category, dropping the values of parameters the new category reads otherwise', async () => {
    // A shop-wide parameter and one of 'Одежда' under the same base id as one of 'Телефоны'.
    const param = async (name: string, categoryId: string) => (await server.api('offers_params', { set: 1, 'p[388_name]': name, 'p[389_category_id]': categoryId, 'p[390_kind]': 'varchar' }, { token: owner })).body.offers_params[0];
    const shopWide = await param('Страна', '0');
    const colour = await param('Цвет корпуса', phones);
    await server.api('offers', { update: 1, 'p[478_offer_id]': ids.cover, [`p[${shopWide.baseId}_param]`]: 'Китай', [`p[${colour.baseId}_param]`]: 'чёрный' }, { token: owner });
    const fabric = await param('Ткань', clothes);
    expect(fabric.baseId).not.toBe(colour.baseId);
    const r = await bulk({ action: 'move', ids: [ids.cover], categoryId: ties });
    expect(r.status).toBe(200);
    const moved = (await server.api('offers', { 'p[478_offer_id]': ids.cover })).body.offers[0];
    expect(moved.categoryId).toBe(ties);
    expect(moved.params.map((p: { name: string }) => p.name)).toContain('Страна');
    expect(idsOf((await list({ categoryId: clothes })).body)).toContain(ids.cover);
    const shopList = (await server.api('offers', { 'p[287_categoryId]': clothes })).body.offers.map((o: { id: string }) => o.id);
    expect(shopList).toContain(ids.cover);
    await bulk({ action: 'move', ids: [ids.cover], categoryId: cases });
  });

  it('refuses bad requests and unknown products, changing nothing', async () => {
    const before = await snapshot(server.db, TABLES);
    for (const body of [
      { action: 'price', ids: [ids.kvant], percent: 0 },
      { action: 'price', ids: [ids.kvant], percent: -100 },
      { action: 'price', ids: [ids.kvant], percent: '10' },
      { action: 'move', ids: [ids.kvant] },
      { action: 'move', ids: [ids.kvant], categoryId: 'nope' },
      { action: 'paint', ids: [ids.kvant] },
      { action: 'hide', ids: [] },
      { action: 'hide', ids: 'all' },
      { action: 'hide', ids: Array.from({ length: 501 }, (_, i) => String(i)) },
    ]) {
      const r = await bulk(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toMatch(/invalid_input|required_fields_error/);
    }
    const unknown = await bulk({ action: 'delete', ids: [ids.kvant, 'nope'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.fields).toEqual(['nope']);
    // Another shop's owner reaches only that shop's products: ours are unknown there.
    const foreign = await rest(server, 'POST', '/offers/bulk', { token: otherOwner, host: 'other.test', json: { action: 'hide', ids: [ids.orbita] } });
    expect(foreign.status).toBe(404);
    expect((await rest(server, 'POST', '/offers/bulk', { token: otherOwner, json: { action: 'hide', ids: [ids.orbita] } })).status).toBe(401);
    expect((await bulk({ action: 'hide', ids: [ids.kvant] }, customer)).status).toBe(403);
    expect(await snapshot(server.db, TABLES)).toBe(before);
  });

  it('deletes products: gone from the shop, its search and the owner’s list', async () => {
    const doomed = await server.createOffer({ name: 'Удаляемый телефон', price: '10', categoryId: phones });
    expect((await server.api('offers', { value: 'Удаляемый' })).body.offers).toHaveLength(1);
    expect((await bulk({ action: 'delete', ids: [doomed] })).body).toEqual({ changed: 1 });
    expect((await server.api('offers', { value: 'Удаляемый' })).body.offers).toHaveLength(0);
    expect((await server.api('offers', { 'p[478_offer_id]': doomed })).status).toBe(404);
    expect(idsOf((await list()).body)).not.toContain(doomed);
    expect((await bulk({ action: 'delete', ids: [doomed] })).status).toBe(404);
  });
});

describe('the item editor’s own calls', () => {
  it('puts the pictures in the owner’s order: the first becomes the main picture', async () => {
    const made = await server.api('offers', { set: 1, 'p[276_name]': 'С фото', 'p[283_price]': '10', 'p[287_categoryId]': phones }, { token: owner, files: { 'p[466_img]': await pngImage(40, 40, { r: 255, g: 0, b: 0 }), 'p[467_img]': await pngImage(40, 40, { r: 0, g: 0, b: 255 }) } });
    const offer = made.body.offers[0] as { id: string; images: { id: string; img: string }[] };
    const [first, second] = offer.images;
    const r = await rest(server, 'PUT', `/offers/${offer.id}/images`, { token: owner, json: { order: [second.id, first.id] } });
    expect(r.status).toBe(200);
    const item = (await server.api('offers', { 'p[478_offer_id]': offer.id })).body.offers[0];
    expect(item.images.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(item.picture).toBe(second.img);
    const card = (await server.api('offers', { ids: offer.id })).body.offers[0];
    expect(card.picture).toBe(second.img);
    const before = await snapshot(server.db, TABLES);
    for (const order of [[first.id], [first.id, first.id], [first.id, 'x'], 'x'])
      expect((await rest(server, 'PUT', `/offers/${offer.id}/images`, { token: owner, json: { order } })).status).toBe(400);
    expect((await rest(server, 'PUT', `/offers/nope/images`, { token: owner, json: { order: [] } })).status).toBe(404);
    expect((await rest(server, 'PUT', `/offers/${offer.id}/images`, { token: customer, json: { order: [first.id, second.id] } })).status).toBe(403);
    expect(await snapshot(server.db, TABLES)).toBe(before);
  });

  it('tells which parameters the products of a category (and below it) use', async () => {
    const usage = async (categoryId: string) => rest(server, 'GET', '/offers/param_usage', { token: owner, query: { categoryId } });
    const r = await usage(phones);
    expect(r.status).toBe(200);
    const shopWide = (await server.api('offers_params', { 'p[389_category_id]': '0' }, { token: owner })).body.offers_params.find((p: { name: string }) => p.name === 'Страна');
    expect(r.body.baseIds).toContain(Number(shopWide.baseId));
    expect((await usage(ties)).body.baseIds).toEqual([]);
    expect((await usage('nope')).status).toBe(404);
    expect((await rest(server, 'GET', '/offers/param_usage', { token: customer, query: { categoryId: phones } })).status).toBe(403);
  });
});
