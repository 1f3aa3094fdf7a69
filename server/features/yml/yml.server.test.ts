/** The YML importer on a real database: the demo feed, a re-import that updates, a broken feed that changes nothing. */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DIR } from '../../demo/seedDemo';
import { ApiError } from '../../errors';
import { importYml } from './write/importYml';
import { CATALOGUE_TABLES, snapshot, startTestServer, type TestServer } from '../../test/helpers';

const FEED = fs.readFileSync(path.join(DEMO_DIR, 'demo.yml'), 'utf8');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const importText = (text: string) => importYml(server.db, server.dialect, server.images, server.storeId, Readable.from([Buffer.from(text)]), { baseDir: DEMO_DIR });
const allOffers = async () => {
  const out: { id: string; price: number; name: string }[] = [];
  for (let page = 1; ; page++) {
    const r = await server.api('offers', { offset: page });
    expect(r.status).toBe(200);
    if (!r.body.offers.length) return out;
    out.push(...r.body.offers);
  }
};

describe('importYml', () => {
  it('imports the demo feed: 25 categories, 60 offers with pictures and params', async () => {
    const result = await importYml(server.db, server.dialect, server.images, server.storeId, fs.createReadStream(path.join(DEMO_DIR, 'demo.yml')), { baseDir: DEMO_DIR });
    expect(result).toMatchObject({ categories: 25, offers: 60, created: 60, updated: 0, skipped: 0 });
    expect(result.params).toBeGreaterThan(10);
    const offers = await allOffers();
    expect(offers).toHaveLength(60);
    expect((await server.api('offers_category')).body.offers_category).toHaveLength(25);
    const item = (await server.api('offers', { 'p[478_offer_id]': '1001' })).body.offers[0];
    expect(item).toMatchObject({ id: '1001', price: 12990, categoryId: '11' });
    expect(item.images.length).toBe(3);
    expect((await server.get(`/images/${item.images[0].thumb}`)).status).toBe(200);
    expect(item.params.find((p: { name: string }) => p.name === 'Цвет')).toMatchObject({ kind: 'select', valueName: 'чёрный' });
    // New params got base ids from 323 on, in order.
    const params = (await server.api('offers_params')).body.offers_params.filter((p: { userId: string }) => p.userId !== '0');
    expect(params.map((p: { baseId: string }) => Number(p.baseId)).sort((x: number, y: number) => x - y)).toEqual(params.map((_: unknown, i: number) => 323 + i));
    // Every card has a name to show, also the types that have none in the feed (artist.title: its title).
    for (const o of offers) expect(o.name, `offer ${o.id}`).not.toBe('');
    expect(offers.find((o: { id: string }) => o.id === '4101')?.name).toBe('Зимние вечера');
    // The search index holds stems (the writer stems the texts the parser took): other forms of its words find it.
    const found = (await server.api('offers', { offset: 1, value: 'зимний вечер' })).body.offers.map((o: { id: string }) => o.id);
    expect(found).toEqual(['4101']);
  });

  it('a re-import with a changed price updates the offer by its feed id, without duplicates', async () => {
    const changed = FEED.replace(/(<offer id="1001"[\s\S]*?<price>)12990(<\/price>)/, '$19990$2');
    expect(changed).not.toBe(FEED);
    const result = await importText(changed);
    expect(result).toMatchObject({ offers: 60, created: 0, updated: 60 });
    const offers = await allOffers();
    expect(offers).toHaveLength(60);
    expect(new Set(offers.map((o) => o.id)).size).toBe(60);
    expect(offers.find((o) => o.id === '1001')!.price).toBe(9990);
    expect((await server.db.selectFrom('offers').select('id').where('store_id', '=', server.storeId).execute()).length).toBe(60);
    expect((await server.db.selectFrom('categories').select('id').where('store_id', '=', server.storeId).execute()).length).toBe(25);
    // No param or value was duplicated either.
    const params = await server.db.selectFrom('params').select('name').where('store_id', '=', server.storeId).execute();
    expect(new Set(params.map((p) => p.name)).size).toBe(params.length);
    const item = (await server.api('offers', { 'p[478_offer_id]': '1001' })).body.offers[0];
    expect(item.params.filter((p: { name: string }) => p.name === 'Цвет')).toHaveLength(1);
    expect(item.images).toHaveLength(3);
  });

  it('a re-import that moves a category lists its offers under the new parent only, and back', async () => {
    const inCategory = async (id: string) => ((await server.api('offers', { 'p[287_categoryId]': id })).body.offers as { id: string }[]).map((o) => o.id);
    const phones = await inCategory('11');
    expect(phones.length).toBeGreaterThan(0);
    expect(await inCategory('1')).toEqual(expect.arrayContaining(phones));
    const moved = FEED.replace('<category id="11" parentId="1">', '<category id="11" parentId="2">');
    expect(moved).not.toBe(FEED);
    await importText(moved);
    expect(await inCategory('2')).toEqual(expect.arrayContaining(phones));
    expect((await inCategory('1')).filter((id) => phones.includes(id))).toEqual([]);
    expect(await inCategory('11')).toEqual(phones);
    await importText(FEED.replace(/(<offer id="1001"[\s\S]*?<price>)12990(<\/price>)/, '$19990$2'));
    expect(await inCategory('1')).toEqual(expect.arrayContaining(phones));
    expect((await inCategory('2')).filter((id) => phones.includes(id))).toEqual([]);
  });

  it('a broken feed (malformed XML midway) changes nothing, and the error names the line', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const lines = FEED.replace(/<price>9990<\/price>/, '<price>1</price>').split('\n');
    // Break an offer in the second half, after many offers were already read; change a price before it too.
    const at = lines.findIndex((l, i) => i > lines.length / 2 && l.includes('<price>'));
    expect(at).toBeGreaterThan(0);
    lines[at] = lines[at].replace('</price>', '</prise>');
    const first = lines.findIndex((l) => l.includes('<price>'));
    lines[first] = lines[first].replace(/<price>\d+/, '<price>1');
    let error: unknown;
    try {
      await importText(lines.join('\n'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('yml_error');
    expect((error as ApiError).message).toContain(`line ${at + 1}`);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    expect((await allOffers()).find((o) => o.id === '1001')!.price).toBe(9990);
  });

  it('a feed cut off in the middle changes nothing either', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const cut = FEED.replace(/12990/, '1').slice(0, Math.floor(FEED.length * 0.6));
    await expect(importText(cut)).rejects.toMatchObject({ code: 'yml_error' });
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('does not expand external entities', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const xxe = FEED.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE yml_catalog [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace(
      /(<offer id="1001"[\s\S]*?<model>)[^<]*/,
      '$1&xxe;',
    );
    let error: unknown;
    let result: unknown;
    try {
      result = await importText(xxe);
    } catch (e) {
      error = e;
    }
    if (error) expect((error as ApiError).code).toBe('yml_error');
    else {
      expect(result).toBeTruthy();
      const item = (await server.api('offers', { 'p[478_offer_id]': '1001' })).body.offers[0];
      expect(JSON.stringify(item)).not.toContain('root:');
    }
    if (error) expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });
});
