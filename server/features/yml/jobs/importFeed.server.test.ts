/**
 * importFeed on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL) with feeds written to be
 * nasty: thousands of param names, windows-1251 in gzip, XXE and billion laughs, duplicate ids, undeclared
 * categories; re-import semantics; cancellation; and the guarded fetcher against local servers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, snapshot, startTestServer, type TestServer } from '../../../test/helpers';
import { importFeed, type ImportProgress } from './importFeed';
import { openFeedUrl } from './openFeedUrl';
import { fetchFeed } from '../../../lib/feedUrl';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
interface FeedOffer {
  id: string;
  cat: string;
  price?: number;
  name?: string;
  params?: [string, string][];
  pictures?: string[];
}
function feed(categories: [string, string, string?][], offers: FeedOffer[], opts: { encoding?: string; head?: string } = {}) {
  const cats = categories.map(([id, name, parent]) => `<category id="${id}"${parent ? ` parentId="${parent}"` : ''}>${esc(name)}</category>`).join('\n');
  const offs = offers
    .map(
      (o) =>
        `<offer id="${o.id}" available="true"><name>${esc(o.name ?? `Товар ${o.id}`)}</name><price>${o.price ?? 100}</price><currencyId>RUR</currencyId><categoryId>${o.cat}</categoryId>` +
        (o.pictures ?? []).map((p) => `<picture>${p}</picture>`).join('') +
        (o.params ?? []).map(([n, v]) => `<param name="${esc(n)}">${esc(v)}</param>`).join('') +
        `</offer>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="${opts.encoding ?? 'UTF-8'}"?>${opts.head ?? ''}
<yml_catalog date="2026-11-24 10:00"><shop><name>Тест</name><company>Тест</company><url>https://shop.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies><categories>${cats}</categories><offers>${offs}</offers></shop></yml_catalog>`;
}
const run = (text: string | Buffer, extra: { signal?: AbortSignal; onProgress?: (p: ImportProgress) => void } = {}) =>
  importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: Readable.from([Buffer.from(text)]), ...extra });
const hiddenOf = async (id: string) =>
  (await server.db.selectFrom('categories').select('hidden').where('store_id', '=', server.storeId).where('id', '=', id).executeTakeFirstOrThrow()).hidden;
const item = async (id: string) => (await server.api('offers', { 'p[478_offer_id]': id })).body.offers?.[0];

describe('importFeed', () => {
  it('imports 2000 param names over 300 categories (150 in one): each category filters by its own params, the rest display-only on the item', { timeout: 180_000 }, async () => {
    // 10 top-level categories (1..10), 290 leaves (11..300) under them; leaf 11 has 150 names of its own.
    const categories: [string, string, string?][] = [];
    for (let t = 1; t <= 10; t++) categories.push([String(t), `Отдел ${t}`]);
    const topOf = (leaf: number) => String(1 + ((leaf - 11) % 10));
    for (let c = 11; c <= 300; c++) categories.push([String(c), `Раздел ${c}`, topOf(c)]);
    const shared = (leaf: number, k: number): [string, string][] => [
      ['Цвет', k % 2 ? 'красный' : 'синий'],
      [`Материал ${topOf(leaf)}`, k % 2 ? 'дерево' : 'металл'],
    ];
    const offers: FeedOffer[] = [];
    for (let k = 0; k < 3; k++) offers.push({ id: `a${k}`, cat: '11', params: [...shared(11, k), ...Array.from({ length: 50 }, (_, i): [string, string] => [`Свойство A${k * 50 + i}`, `значение ${i}`])] });
    // 1839 names of one leaf each over leaves 12..300 (6 or 7 a leaf), on both of its offers with two values.
    const leafNames = new Map<number, string[]>();
    for (let n = 0; n < 1839; n++) leafNames.set(12 + (n % 289), [...(leafNames.get(12 + (n % 289)) ?? []), `Свойство L${n}`]);
    for (const [leaf, names] of leafNames) {
      for (const k of [0, 1]) offers.push({ id: `o${leaf}_${k}`, cat: String(leaf), params: [...shared(leaf, k), ...names.map((n): [string, string] => [n, `${n} ${k ? 'б' : 'а'}`])] });
    }
    const report = await run(feed(categories, offers));
    // Цвет (shop-wide), 10 Материал (one a top-level category), 1839 leaf names, 62 of leaf 11's 150 (64 on its path).
    expect(report).toMatchObject({ created: 581, updated: 0, hidden: 0, skipped: [], params: 1 + 10 + 1839 + 62, displayOnlyParams: 88 });
    expect(report.categories).toMatchObject({ total: 300, created: 300 });

    const filtersOf = async (cat: string) => {
      const r = await server.api('offers_params', { 'p[389_category_id]': cat });
      expect(r.status).toBe(200);
      return (r.body.offers_params as { id: string; baseId: string; name: string; userId: string; values: { id: string; name: string }[] }[]).filter((p) => p.userId !== '0');
    };
    const list = async (cat: string, filter: Record<string, string>) => {
      const ids: string[] = [];
      for (let offset = 1; ; offset++) {
        const r = await server.api('offers', { 'p[287_categoryId]': cat, offset, ...Object.fromEntries(Object.entries(filter).map(([b, v]) => [`filter[${b}]`, v])) });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        ids.push(...(r.body.offers as { id: string }[]).map((o) => o.id));
        if (r.body.offers.length < 20) return ids.sort();
      }
    };
    // Every leaf: its path's filters (base ids unique there), and filtering by one of its own names gives its offer.
    const allBases = new Map<string, number>();
    for (const [leaf, names] of leafNames) {
      const filters = await filtersOf(String(leaf));
      expect(filters.map((p) => p.name).sort()).toEqual(['Цвет', `Материал ${topOf(leaf)}`, ...names].sort());
      expect(new Set(filters.map((p) => p.baseId)).size).toBe(filters.length);
      for (const p of filters) allBases.set(p.baseId, (allBases.get(p.baseId) ?? 0) + 1);
      const own = filters.find((p) => p.name === names[names.length - 1])!;
      const b = own.values.find((v) => v.name.endsWith(' б'))!;
      expect(await list(String(leaf), { [own.baseId]: b.id })).toEqual([`o${leaf}_1`]);
    }
    // Base ids are shared across branches: 1839 leaf filters in 64 slots.
    expect(Math.max(...allBases.values())).toBeGreaterThan(1);
    // A top-level category filters its leaves by its own Материал; the root by the shop-wide Цвет.
    const top3 = (await filtersOf('3')).find((p) => p.name === 'Материал 3')!;
    expect(await list('3', { [top3.baseId]: top3.values.find((v) => v.name === 'дерево')!.id })).toEqual(
      offers.filter((o) => topOf(Number(o.cat)) === '3' && o.id.endsWith('_1')).map((o) => o.id).sort(),
    );
    const colour = (await filtersOf('0')).find((p) => p.name === 'Цвет')!;
    const red = colour.values.find((v) => v.name === 'красный')!.id;
    const reds = (await server.api('offers', { [`filter[${colour.baseId}]`]: red, 'p[287_categoryId]': '11' })).body.offers.map((o: { id: string }) => o.id);
    expect(reds).toEqual(['a1']);
    // Leaf 11: 64 filters on its path (Цвет, Материал 1, 62 of its own); the other 88 names display-only.
    const big = await filtersOf('11');
    expect(big).toHaveLength(64);
    const filterable = new Set(big.map((p) => p.name));
    const a1 = await item('a1');
    expect(a1.params).toHaveLength(52);
    for (let i = 50; i < 100; i++) {
      const p = a1.params.find((x: { name: string }) => x.name === `Свойство A${i}`);
      expect(p).toMatchObject({ valueName: `значение ${i - 50}` });
      expect(p.baseId === 0).toBe(!filterable.has(`Свойство A${i}`));
    }
    for (const own of big.filter((p) => /^Свойство A\d+$/.test(p.name))) {
      expect(await list('11', { [own.baseId]: own.values[0].id })).toEqual([`a${Math.floor(Number(own.name.slice(10)) / 50)}`]);
    }
    // Display-only names of all three offers of leaf 11 number 88.
    let shown = 0;
    for (const id of ['a0', 'a1', 'a2']) shown += (await item(id)).params.filter((p: { baseId: number }) => p.baseId === 0).length;
    expect(shown).toBe(88);
  });

  it('re-import hides offers and categories the feed no longer has, brings them back, and keeps the owner picture', async () => {
    const cats: [string, string, string?][] = [['1', 'Всё'], ['2', 'Раздел 2', '1'], ['3', 'Раздел 3', '1']];
    const offers: FeedOffer[] = [{ id: 'k1', cat: '2' }, { id: 'k2', cat: '3' }, { id: 'k3', cat: '2', pictures: ['https://img.example/k3.jpg'] }];
    const first = await run(feed(cats, offers));
    // The owner adds a picture of their own to k3 (stored on the server, not a feed URL).
    const row = await server.db.selectFrom('offers').select('data').where('store_id', '=', server.storeId).where('id', '=', 'k3').executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    data.images.push({ id: 'own1', img: 'offers/own1.webp', thumb: 'offers/own1_t.webp' });
    await server.db.updateTable('offers').set({ data: JSON.stringify(data) }).where('store_id', '=', server.storeId).where('id', '=', 'k3').execute();

    const second = await run(feed(cats.slice(0, 2), [offers[0], { ...offers[2], price: 250 }]));
    // k1 as the last import wrote it: unchanged; k3 has a new price.
    expect(second).toMatchObject({ created: 0, updated: 1, unchanged: 1, hidden: 1 });
    expect(second.categories).toMatchObject({ total: 2, updated: 2, hidden: 1 });
    expect(await item('k2')).toBeUndefined();
    expect(await hiddenOf('3')).toBe(1);
    const k3 = await item('k3');
    expect(k3.price).toBe(250);
    expect(k3.images.map((i: { id: string }) => i.id)).toEqual(['u0', 'own1']);
    // Hidden is not deleted: the row is still there for orders and favourites.
    expect(await server.db.selectFrom('offers').select(['active', 'deleted']).where('store_id', '=', server.storeId).where('id', '=', 'k2').executeTakeFirst()).toEqual({ active: 0, deleted: 0 });

    const third = await run(feed(cats, offers));
    // k2 comes back (it was hidden): updated, as k3's price is.
    expect(third).toMatchObject({ created: 0, updated: 2, unchanged: 1, hidden: 0 });
    expect((await item('k2')).id).toBe('k2');
    expect(await hiddenOf('3')).toBe(0);
  });

  it('a re-import keeps the offers the feed gives unchanged as they are and still undoes what changed since, as a full import would', async () => {
    const cats: [string, string, string?][] = [['1', 'Кухня'], ['2', 'Чайники', '1']];
    const offers: FeedOffer[] = [1, 2, 3, 4].map((i) => ({ id: `u${i}`, cat: '2', price: 100 * i, params: [['Цвет', i % 2 ? 'красный' : 'синий'], ['Объём', String(i)]] }));
    const text = feed(cats, offers).replace(/<\/offer>/g, '<count>5</count></offer>');
    await run(text);
    const s = server.storeId;
    // The physical identity of an offer's param rows: a kept offer's rows are not deleted and written again.
    const rowIds = async (id: string) =>
      (await sql<{ r: string }>`select ${sql.raw(server.dialect === 'postgres' ? 'ctid::text' : 'cast(rowid as text)')} as r from offer_params where store_id = ${s} and offer_id = ${id} order by base_id`.execute(server.db)).rows.map((x) => x.r);
    const catalogue = async () => {
      const rows = await server.db.selectFrom('offers').select(['id', 'name', 'price', 'stock', 'active', 'sort', 'cat_path', 'data']).where('store_id', '=', s).where('id', 'like', 'u%').orderBy('id').execute();
      const params = await server.db.selectFrom('offer_params').select(['offer_id', 'base_id', 'value', 'num']).where('store_id', '=', s).where('offer_id', 'like', 'u%').orderBy('offer_id').orderBy('base_id').execute();
      const search = await server.db.selectFrom('offer_search').select(['offer_id', 'name', 'text']).where('store_id', '=', s).where('offer_id', 'like', 'u%').orderBy('offer_id').execute();
      return JSON.stringify({ rows, params, search });
    };
    // SQLite gives a new row the highest rowid + 1: a later row keeps a rewritten row from getting its old rowid back.
    await server.db.insertInto('offer_params').values({ store_id: s, offer_id: 'zz-marker', base_id: 1, value: 'x', num: null }).execute();
    const before = await catalogue();
    const ids = await rowIds('u3');
    expect(ids).toHaveLength(2);
    // Since the import: an order took u1's stock, the owner's script set u2's price, u4 was hidden.
    await server.db.updateTable('offers').set({ stock: 0 }).where('store_id', '=', s).where('id', '=', 'u1').execute();
    await server.db.updateTable('offers').set({ price: 1 }).where('store_id', '=', s).where('id', '=', 'u2').execute();
    await server.db.updateTable('offers').set({ active: 0 }).where('store_id', '=', s).where('id', '=', 'u4').execute();
    const again = await run(text);
    // u3 alone is as the last import left it.
    expect(again).toMatchObject({ created: 0, updated: 3, unchanged: 1, hidden: 0 });
    expect(await catalogue()).toBe(before);
    expect(await rowIds('u3')).toEqual(ids);
    expect((await item('u1')).stock).toBe(5);
    expect((await item('u2')).price).toBe(200);
    expect((await item('u4')).id).toBe('u4');
    // The same offers in the reverse order: still kept as they are, only their positions follow the feed
    // (and u1, hidden since, is shown again).
    await server.db.updateTable('offers').set({ active: 0 }).where('store_id', '=', s).where('id', '=', 'u1').execute();
    await run(feed(cats, [...offers].reverse()).replace(/<\/offer>/g, '<count>5</count></offer>'));
    expect(await rowIds('u3')).toEqual(ids);
    const order = await server.db.selectFrom('offers').select(['id', 'active']).where('store_id', '=', s).where('id', 'like', 'u%').orderBy('sort').execute();
    expect(order).toEqual(['u4', 'u3', 'u2', 'u1'].map((id) => ({ id, active: 1 })));
    // A changed offer is written again: its params follow the feed.
    const u2ids = await rowIds('u2');
    // (u2's rows were written last, by the import before: a marker above them again.)
    await server.db.insertInto('offer_params').values({ store_id: s, offer_id: 'zz-marker2', base_id: 1, value: 'x', num: null }).execute();
    await run(text.replace('<param name="Объём">2</param>', '<param name="Объём">7</param>'));
    expect(await rowIds('u2')).not.toEqual(u2ids);
    const u2 = (await item('u2')).params as { name: string; value?: string; valueName?: string }[];
    expect(u2.find((p) => p.name === 'Объём')).toMatchObject({ value: '7' });
    await server.db.deleteFrom('offer_params').where('store_id', '=', s).where('offer_id', 'in', ['zz-marker', 'zz-marker2']).execute();
  });

  it('a re-import that moves a category gives the clashing params of its subtree free base ids, as the owner\'s move does', async () => {
    const cats: [string, string, string?][] = [['mv1', 'Дом'], ['mv2', 'Сад']];
    const offers: FeedOffer[] = [{ id: 'mv-h', cat: 'mv1', params: [['Материал дома', 'дерево']] }, { id: 'mv-g', cat: 'mv2', params: [['Цвет сада', 'зелёный']] }];
    await run(feed(cats, offers));
    const s = server.storeId;
    const param = (name: string) => server.db.selectFrom('params').select(['id', 'base_id']).where('store_id', '=', s).where('name', '=', name).executeTakeFirstOrThrow();
    const material = await param('Материал дома');
    const colour = await param('Цвет сада');
    // Two branches share a base id once the shop has none unused left: here Сад's Цвет has Дом's Материал's.
    await server.db.updateTable('offer_params').set({ base_id: material.base_id }).where('store_id', '=', s).where('offer_id', '=', 'mv-g').where('base_id', '=', colour.base_id).execute();
    await server.db.updateTable('params').set({ base_id: material.base_id }).where('store_id', '=', s).where('id', '=', colour.id).execute();
    const wood = await server.db.selectFrom('param_values').select('id').where('store_id', '=', s).where('param_id', '=', material.id).where('name', '=', 'дерево').executeTakeFirstOrThrow();
    const green = await server.db.selectFrom('param_values').select('id').where('store_id', '=', s).where('param_id', '=', colour.id).where('name', '=', 'зелёный').executeTakeFirstOrThrow();
    const ids = async (cat: string, baseId: number, value: string) =>
      ((await server.api('offers', { 'p[287_categoryId]': cat, [`filter[${baseId}]`]: value })).body.offers as { id: string }[]).map((o) => o.id).sort();

    // The next feed puts Сад under Дом.
    const report = await run(feed([cats[0], ['mv2', 'Сад', 'mv1']], offers));
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const moved = await param('Цвет сада');
    expect(moved.base_id).not.toBe(material.base_id);
    // Дом's Материал filter finds its own product only, not the garden's green one; Сад's Цвет filter finds it.
    expect(await ids('mv1', material.base_id, wood.id)).toEqual(['mv-h']);
    expect(await ids('mv2', moved.base_id, green.id)).toEqual(['mv-g']);
    const g = (await item('mv-g')).params as { name: string; baseId: number }[];
    expect(g.find((p) => p.name === 'Цвет сада')?.baseId).toBe(moved.base_id);
    expect(g.find((p) => p.name === 'Материал дома')).toBeUndefined();
  });

  it('reads a gzipped windows-1251 feed', async () => {
    const text = feed([['1', 'Обувь']], [{ id: 'w1', cat: '1', name: 'Сапоги зимние', params: [['Размер', '42']] }], { encoding: 'windows-1251' });
    const bytes = zlib.gzipSync(iconv.encode(text, 'win1251'));
    expect(bytes[0]).toBe(0x1f);
    const seen: ImportProgress[] = [];
    const report = await run(bytes, { onProgress: (p) => seen.push(p) });
    expect(report).toMatchObject({ created: 1, bytesRead: bytes.length });
    expect(seen.at(-1)).toEqual({ offersRead: 1, bytesRead: bytes.length });
    const w1 = await item('w1');
    expect(w1.name).toBe('Сапоги зимние');
    expect((await server.api('offers_category')).body.offers_category.find((c: { categoryId: string }) => c.categoryId === '1').category).toBe('Обувь');
  });

  it('counts duplicate ids and offers of undeclared categories in the report', async () => {
    const report = await run(feed([['1', 'Всё']], [{ id: 'd1', cat: '1', price: 1 }, { id: 'd1', cat: '1', price: 2 }, { id: 'd2', cat: '99' }, { id: 'd3', cat: '98' }]));
    expect(report.skipped).toEqual([{ reason: 'category_missing', count: 2 }]);
    expect(report.warnings.duplicate_offer).toBeGreaterThanOrEqual(1);
    expect(report.warnings.undeclared_category).toBeGreaterThanOrEqual(2);
    expect((await item('d1')).price).toBe(2);
  });

  it('a repeated id keeps the params of its last occurrence, also when 1500 offers (more than a write batch) lie between', async () => {
    const between = Array.from({ length: 1500 }, (_, i) => ({ id: `m${i}`, cat: '1', params: [['Цвет', 'синий']] as [string, string][] }));
    const report = await run(
      feed([['1', 'Всё']], [{ id: 'r1', cat: '1', price: 1, params: [['Цвет', 'красный'], ['Вес', '5']] }, ...between, { id: 'r1', cat: '1', price: 2, params: [['Цвет', 'зелёный']] }]),
    );
    expect(report).toMatchObject({ created: 1501, updated: 1 });
    expect(report.warnings.duplicate_offer).toBeGreaterThanOrEqual(1);
    const r1 = await item('r1');
    expect(r1.price).toBe(2);
    const shown = (r1.params as { name: string; valueName?: string; value?: string }[]).filter((p) => p.name === 'Цвет' || p.name === 'Вес');
    expect(shown.map((p) => [p.name, p.valueName ?? p.value])).toEqual([['Цвет', 'зелёный']]);
  });

  it('refuses XXE and billion laughs and changes nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const xxe = feed([['1', 'x']], [{ id: 'x1', cat: '1', name: '&xxe;' }], { head: '<!DOCTYPE yml_catalog [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' }).replace('&amp;xxe;', '&xxe;');
    await expect(run(xxe)).rejects.toMatchObject({ code: 'yml_error' });
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const laughs = feed([['1', 'x']], [{ id: 'x2', cat: '1', name: '&lol9;' }], { head: `<!DOCTYPE yml_catalog [<!ENTITY lol0 "lol">${lol}]>` }).replace('&amp;lol9;', '&lol9;');
    await expect(run(laughs)).rejects.toMatchObject({ code: 'yml_error' });
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('a cancelled import leaves the catalogue as it was', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const text = feed([['1', 'Всё']], Array.from({ length: 3000 }, (_, i) => ({ id: `c${i}`, cat: '1', price: 5 })));
    const controller = new AbortController();
    const chunks = Buffer.from(text);
    async function* slow() {
      for (let i = 0; i < chunks.length; i += 16_384) {
        if (i > chunks.length / 2) controller.abort(new Error('cancelled by the owner'));
        yield chunks.subarray(i, i + 16_384);
      }
    }
    await expect(importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: slow(), signal: controller.signal })).rejects.toThrow(/cancelled/);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });
});

describe('openFeedUrl', () => {
  let feedServer: http.Server;
  let other: http.Server;
  let port: number;
  let otherPort: number;
  const gz = zlib.gzipSync(Buffer.from(feed([['1', 'Сеть']], [{ id: 'n1', cat: '1', name: 'Из сети' }])));
  beforeAll(async () => {
    other = http.createServer((_req, res) => res.end('secret'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    otherPort = (other.address() as AddressInfo).port;
    feedServer = http.createServer((req, res) => {
      if (req.url === '/feed.xml.gz') return res.end(gz);
      if (req.url === '/to-other') {
        res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/` });
        return res.end();
      }
      if (req.url === '/to-decimal') {
        res.writeHead(302, { location: `http://2130706433:${otherPort}/` });
        return res.end();
      }
      res.writeHead(200);
      res.end(Buffer.alloc(300_000, 'x'));
    });
    await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
    port = (feedServer.address() as AddressInfo).port;
  });
  afterAll(() => {
    feedServer.closeAllConnections();
    feedServer.close();
    other.closeAllConnections();
    other.close();
  });
  const trustFeedServer = (address: string, p: number) => address === '127.0.0.1' && p === port;

  it('refuses a loopback feed without ALLOW_PRIVATE_FEEDS, as a stream error', async () => {
    const stream = openFeedUrl(`http://127.0.0.1:${port}/feed.xml.gz`, { allowPrivate: false });
    await expect(Readable.from(stream).toArray()).rejects.toMatchObject({ code: 'forbidden_address' });
    for (const u of [`http://2130706433:${port}/`, `http://0x7f000001:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, 'http://169.254.169.254/latest', 'file:///etc/passwd']) {
      await expect(Readable.from(openFeedUrl(u, { allowPrivate: false })).toArray(), u).rejects.toMatchObject({ code: expect.stringMatching(/forbidden_address|invalid_input/) });
    }
  });

  it('re-checks a redirect: a trusted host sending the fetcher to another loopback port is refused', async () => {
    await expect(fetchFeed(`http://127.0.0.1:${port}/to-other`, { trust: trustFeedServer })).rejects.toMatchObject({ code: 'forbidden_address' });
    await expect(fetchFeed(`http://127.0.0.1:${port}/to-decimal`, { trust: trustFeedServer })).rejects.toMatchObject({ code: 'forbidden_address' });
    // The trusted hop itself is fetched (the check is per address and port, not a blanket refusal).
    const { stream } = await fetchFeed(`http://127.0.0.1:${port}/feed.xml.gz`, { trust: trustFeedServer });
    expect(Buffer.concat(await stream.toArray()).equals(gz)).toBe(true);
  });

  it('cuts a feed past the size cap', async () => {
    await expect(Readable.from(openFeedUrl(`http://127.0.0.1:${port}/big`, { allowPrivate: true, maxBytes: 100_000 })).toArray()).rejects.toMatchObject({ code: 'too_large' });
  });

  it('streams a gzipped feed into importFeed', async () => {
    const stream = openFeedUrl(`http://127.0.0.1:${port}/feed.xml.gz`, { allowPrivate: true });
    const report = await importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: stream });
    expect(report).toMatchObject({ bytesRead: gz.length });
    expect((await item('n1')).name).toBe('Из сети');
  });
});
