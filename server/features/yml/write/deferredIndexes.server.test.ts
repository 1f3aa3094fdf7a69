/**
 * A first import into an empty shop on SQLite drops the offers' secondary indexes once it has written enough
 * rows and builds them after the last one (deferredIndexes.ts): the catalogue is the same as written row by
 * row, the indexes are all back, and a feed that breaks after the drop leaves the shop and the schema as
 * they were. On PostgreSQL nothing is deferred and the same checks hold.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers';
import type { ImageStore } from '../../images/images';
import { createStore } from '../../stores/stores';
import { importYml } from './importYml';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const OFFERS = 1200;
const feed = (tail = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-25 10:00"><shop><name>Т</name><company>Т</company><url>https://shop.example/</url>` +
  `<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Всё</category><category id="2" parentId="1">Раздел</category></categories><offers>` +
  Array.from(
    { length: OFFERS },
    (_, i) =>
      `<offer id="f${i}" available="${i % 5 ? 'true' : 'false'}"><name>Товар ${i}</name><price>${i + 1}</price><currencyId>RUR</currencyId><categoryId>${(i % 2) + 1}</categoryId>` +
      `<picture>https://img.example/${i}.jpg</picture><param name="Цвет">${i % 3 ? 'красный' : 'синий'}</param><param name="Вес">${i}</param></offer>`,
  ).join('') +
  tail +
  `</offers></shop></yml_catalog>`;
const images = {} as ImageStore;
const importInto = (storeId: number, deferIndexesAt: number, text = feed()) => importYml(server.db, server.dialect, images, storeId, [text], { deferIndexesAt });

/** The schema's indexes on the import's tables (SQLite; PostgreSQL's are never dropped). */
const indexes = async () =>
  server.dialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('offers', 'offer_params') order by name`.execute(server.db)).rows.map((r) => r.name)
    : [];

/** A shop's catalogue without its store id and stamps, for comparing two shops. */
async function catalogue(storeId: number) {
  const db = server.db;
  const offers = await db.selectFrom('offers').select(['id', 'type', 'name', 'vendor', 'price', 'category_id', 'available', 'active', 'picture', 'sort', 'stock', 'cat_path', 'data', 'feed_hash']).where('store_id', '=', storeId).orderBy('id').execute();
  const params = await db.selectFrom('params').select(['base_id', 'category_id', 'name', 'kind', 'unit']).where('store_id', '=', storeId).orderBy('base_id').orderBy('name').execute();
  const values = await db.selectFrom('offer_params').select(['offer_id', 'base_id', 'value', 'num']).where('store_id', '=', storeId).orderBy('offer_id').orderBy('base_id').orderBy('value').execute();
  const search = await db.selectFrom('offer_search').select(['offer_id', 'name', 'text']).where('store_id', '=', storeId).orderBy('offer_id').execute();
  return { offers, params, values, search };
}

describe('deferred indexes of a first import', () => {
  it('builds them after the rows into an empty shop: the same catalogue as row by row, every index back, a broken feed changes nothing', async () => {
    const before = await indexes();
    // First, into the empty table, a feed that breaks after its 1200 offers (past the drop at 500, as the next
    // import of the same offers shows): the shop stays empty, the indexes stay.
    const broken = await createStore(server.db, { name: 'Сломанный' });
    await expect(importInto(broken, 500, feed('<offer id="x"><name>'))).rejects.toThrow();
    expect(await indexes()).toEqual(before);
    expect(await server.db.selectFrom('offers').select('id').where('store_id', '=', broken).execute()).toEqual([]);

    const deferred = await createStore(server.db, { name: 'Сразу' });
    const rowByRow = await createStore(server.db, { name: 'По строке' });
    const a = await importInto(deferred, 500);
    expect(a.deferredIndexes).toBe(server.dialect === 'sqlite');
    const b = await importInto(rowByRow, 1_000_000);
    expect(b.deferredIndexes).toBe(false);
    expect(a.created).toBe(OFFERS);
    expect(await indexes()).toEqual(before);
    const ca = await catalogue(deferred);
    expect(ca.offers).toHaveLength(OFFERS);
    // Colour and weight: two rows an offer (its pick-up and warranty flags are the offer's columns).
    expect(ca.values.length).toBe(OFFERS * 2);
    expect(JSON.stringify(ca)).toBe(JSON.stringify(await catalogue(rowByRow)));
    // The shop reads through the rebuilt indexes: its list by price.
    const listed = await server.db.selectFrom('offers').select('id').where('store_id', '=', deferred).where('deleted', '=', 0).where('active', '=', 1).orderBy('price', 'desc').limit(2).execute();
    expect(listed.map((r) => r.id)).toEqual(['f1199', 'f1198']);

  });
});
