import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerFieldsFor, validateFields } from '../../../schemas';
import type { Database } from '../../db/database';
import { saveCategory } from './categories';
import { saveOffer } from './offerWrites';
import { createParam } from './params';
import { releaseStock, reserveStock, type StockLine } from './stock';
import { secondConnection, startSignedIn, type Auth, type TestServer } from '../../test/helpers';

/**
 * Whole answers of public catalogue reads are kept per catalogue version (api/responseCache.ts). These
 * tests prove a kept answer is never served after a write, whoever made it: `other` is a second
 * connection to the same database with its own caches, standing in for another WORKERS process.
 */
let server: TestServer;
let other: Database;
let top: string;
let leaf: string;
let kettle: string;
let owner: Auth;
let customer: Auth;

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  other = secondConnection(server);
  top = await server.createCategory({ category: 'Посуда' });
  leaf = await server.createCategory({ category: 'Чайники', subId: top });
  kettle = await server.createOffer({ categoryId: leaf, name: 'Чайник стальной', price: '1000' });
  for (let i = 0; i < 24; i++) await server.createOffer({ categoryId: leaf, name: `Кружка ${i}`, price: String(100 + i) });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const cache = () => server.services.responseCache!;
/** Saves changed fields of an offer through the other connection (as the owner's save in another process). */
const otherSave = async (id: string, sent: Record<string, string>) => {
  const { values, errors } = validateFields(offerFieldsFor('common'), sent, { partial: true });
  expect(errors).toEqual([]);
  await saveOffer(other.db, other.dialect, server.images, server.storeId, server.ownerId, id, { values, params: new Map(), files: new Map() });
};
const ok = async (name: string, params: Record<string, string> = {}, opts: Parameters<TestServer['api']>[2] = {}) => {
  const r = await server.api(name, params, opts);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r;
};
/** Asks twice: the second answer must come from the cache. */
const warm = async (name: string, params: Record<string, string>) => {
  await ok(name, params);
  const hits = cache().hits;
  const r = await ok(name, params);
  expect(cache().hits).toBe(hits + 1);
  return r.body;
};
const priceIn = (body: { offers: { id: string; price: number }[] }) => body.offers.find((o) => o.id === kettle)?.price;

describe('the answer cache of catalogue reads', () => {
  it('a category page, a search, the item page and cart lines show a price saved by another worker at once', async () => {
    const reads: [string, Record<string, string>][] = [
      ['offers', { 'p[287_categoryId]': leaf, offset: '1' }],
      ['offers', { 'p[287_categoryId]': top, offset: '1' }],
      ['offers', { offset: '1' }],
      ['offers', { value: 'чайник', offset: '1' }],
      ['offers', { 'p[478_offer_id]': kettle }],
      ['offers', { ids: `${kettle},1,2` }],
    ];
    for (const [name, params] of reads) expect(priceIn(await warm(name, params))).toBe(1000);
    for (let price = 1001; price <= 1005; price++) {
      await otherSave(kettle, { price: String(price) });
      for (const [name, params] of reads) expect(priceIn((await ok(name, params)).body), JSON.stringify(params)).toBe(price);
    }
  });

  it('a read that starts after another worker’s write sees it, while other reads of the same page are in flight', async () => {
    const params = { 'p[287_categoryId]': leaf, offset: '1' };
    let before = priceIn((await ok('offers', params)).body);
    for (let price = 2000; price < 2030; price++) {
      // Reads in flight while the write commits: they may see either price, the read after it only the new one.
      const during = Array.from({ length: 8 }, () => server.api('offers', params));
      await otherSave(kettle, { price: String(price) });
      expect(priceIn((await ok('offers', params)).body)).toBe(price);
      for (const r of await Promise.all(during)) expect([before, price]).toContain(priceIn(r.body));
      before = price;
    }
  });

  it('the category tree and the filters follow categories and params saved by another worker', async () => {
    const names = async () => ((await ok('offers_category')).body.offers_category as { category: string }[]).map((c) => c.category);
    await warm('offers_category', {});
    await saveCategory(other.db, server.storeId, leaf, { category: 'Чайники и кофейники' });
    expect(await names()).toEqual(['Посуда', 'Чайники и кофейники']);

    const filters = async () => ((await ok('offers_params', { 'p[389_categoryId]': leaf })).body.offers_params as { name: string }[]).map((p) => p.name);
    await warm('offers_params', { 'p[389_categoryId]': leaf });
    expect(await filters()).not.toContain('Объём');
    // A shopper is offered a filter once a product has a value of it (categoryFilters.ts).
    const id = await createParam(other.db, server.storeId, { name: 'Объём', kind: 'number', categoryId: top });
    const { base_id } = await other.db.selectFrom('params').select('base_id').where('id', '=', id).executeTakeFirstOrThrow();
    await saveOffer(other.db, other.dialect, server.images, server.storeId, server.ownerId, kettle, { values: {}, params: new Map([[base_id, '1.7']]), files: new Map() });
    expect(await filters()).toContain('Объём');
  });

  it('stock taken and given back by orders in another worker shows on the item page and the cards at once', async () => {
    await otherSave(kettle, { stock: '1' });
    const item = async () => (await ok('offers', { 'p[478_offer_id]': kettle })).body.offers[0] as { available: string; stock: number };
    // Its card on either page of the category: sold out, it goes after the 24 others.
    const card = async () => {
      const pages = await Promise.all(['1', '2'].map((offset) => ok('offers', { 'p[287_categoryId]': leaf, offset })));
      return pages.flatMap((r) => r.body.offers as { id: string; available: string }[]).find((o) => o.id === kettle)!;
    };
    expect(await item()).toMatchObject({ available: '1', stock: 1 });
    expect((await card()).available).toBe('1');
    const store = await other.db.selectFrom('stores').selectAll().where('id', '=', server.storeId).executeTakeFirstOrThrow();
    const lines: StockLine[] = [{ id: kettle, name: 'Чайник', quantity: 1 }];
    await other.db.transaction().execute((tx) => reserveStock(tx, store, lines));
    expect(await item()).toMatchObject({ available: '0', stock: 0 });
    expect((await card()).available).toBe('0');
    await other.db.transaction().execute((tx) => releaseStock(tx, server.storeId, lines));
    expect(await item()).toMatchObject({ available: '1', stock: 1 });
    expect((await card()).available).toBe('1');
    await otherSave(kettle, { stock: '' });
  });

  it('a deleted or hidden product leaves the cached pages at once', async () => {
    const gone = await server.createOffer({ categoryId: leaf, name: 'Чайник на выброс', price: '10' });
    const first = async () => ((await ok('offers', { 'p[287_categoryId]': leaf, offset: '1', sort: 'increase' })).body.offers as { id: string }[]).map((o) => o.id);
    expect(await first()).toContain(gone);
    expect(await first()).toContain(gone);
    await otherSave(gone, { active: '0' });
    expect(await first()).not.toContain(gone);
    expect((await server.api('offers', { 'p[478_offer_id]': gone })).status).toBe(404);
  });

  it('never gives one shop’s answer to another, and keeps each language’s answer apart', async () => {
    const otherStore = await server.addStore({ name: 'Второй', domain: 'second.example' });
    const cat = await server.createCategory({ category: 'Другое' }, otherStore);
    const theirs = await server.createOffer({ categoryId: cat, name: 'Чужой чайник', price: '5' }, otherStore);
    const whole = async (host?: string) => ((await ok('offers', { offset: '1' }, { host })).body.offers as { id: string; shopId: string }[]).map((o) => o.shopId);
    for (let i = 0; i < 2; i++) {
      expect(new Set(await whole())).toEqual(new Set([String(server.storeId)]));
      expect(await whole('second.example')).toEqual([String(otherStore)]);
    }
    const tree = async (host?: string) => ((await ok('offers_category', {}, { host })).body.offers_category as { category: string }[]).map((c) => c.category);
    expect(await tree('second.example')).toEqual(['Другое']);
    expect(await tree()).not.toContain('Другое');
    expect(((await ok('offers', { 'p[478_offer_id]': theirs }, { host: 'second.example' })).body.offers[0] as { name: string }).name).toBe('Чужой чайник');
    // Offer ids are per shop: the same id on this host is this shop's own product or none.
    const mine = await server.api('offers', { 'p[478_offer_id]': theirs });
    if (mine.status === 200) expect(mine.body.offers[0]).toMatchObject({ shopId: String(server.storeId) });
    else expect(mine.status).toBe(404);

    const size = cache().size;
    await ok('offers', { offset: '1', lang: 'en' });
    await ok('offers', { offset: '1', lang: 'de' });
    expect(cache().size).toBe(size + 2);
  });

  it('the owner sees hidden products, a shopper’s session gets the cached public answer, a revoked one is told so', async () => {
    const hidden = await server.createOffer({ categoryId: leaf, name: 'Скрытый чайник', price: '1', active: '0' });
    const list = { 'p[287_categoryId]': leaf, hidden: '1', sort: 'increase' };
    const ids = (b: { offers: { id: string }[] }) => b.offers.map((o) => o.id);
    expect(ids(await warm('offers', list))).not.toContain(hidden);
    expect(ids((await ok('offers', list, { token: owner })).body)).toContain(hidden);
    expect(ids((await ok('offers', list, { token: owner.token })).body)).toContain(hidden);
    expect((await ok('offers', { 'p[478_offer_id]': hidden }, { token: owner })).body.offers[0].id).toBe(hidden);

    const hits = cache().hits;
    const mine = await ok('offers', list, { token: customer });
    expect(cache().hits).toBe(hits + 1);
    expect(ids(mine.body)).not.toContain(hidden);
    expect(mine.body.token).toBeUndefined();

    const bad = await ok('offers', list, { token: { ...customer, token: 'x'.repeat(40) } });
    expect(bad.body.token).toBe('error');
    expect(ids(bad.body)).not.toContain(hidden);
    await ok('logout', {}, { token: customer });
    expect((await ok('offers', list, { token: customer })).body.token).toBe('error');
  });

  it('sends a kept answer as the handler would: same JSON, headers, keyset cursor, and the same bytes in gzip and brotli', async () => {
    const params = { 'p[287_categoryId]': leaf, offset: '1', sort: 'increase' };
    // The owner's answer never comes from the cache: the handler's own.
    const fresh = await ok('offers', params, { token: owner });
    const kept = await warm('offers', params);
    expect(kept).toEqual(fresh.body);
    expect(typeof kept.next).toBe('string');
    const next = await ok('offers', { 'p[287_categoryId]': leaf, sort: 'increase', after: kept.next });
    expect(next.body.offers.length).toBeGreaterThan(0);
    const again = await ok('offers', params);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe('no-store');

    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const body = Buffer.from(new URLSearchParams(params).toString());
        const req = http.request(
          { host: '127.0.0.1', port: server.port, method: 'POST', path: '/api?api=offers', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length, 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(fresh.body);
    const gz = await raw('gzip;q=1, br;q=0.5');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(fresh.body);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(fresh.body);
  });

  it('an error is not kept: an unknown product made by another worker is found at once', async () => {
    const id = String(90000 + Math.floor(Math.random() * 1000));
    expect((await server.api('offers', { 'p[478_offer_id]': id })).status).toBe(404);
    const { values } = validateFields(offerFieldsFor('common'), { name: 'Новый', price: '7', categoryId: leaf });
    const made = await saveOffer(other.db, other.dialect, server.images, server.storeId, server.ownerId, null, { values, params: new Map(), files: new Map() });
    expect((await ok('offers', { 'p[478_offer_id]': made })).body.offers[0].name).toBe('Новый');
  });
});
