/**
 * The common filters in-store pick-up (292) and manufacturer's warranty (306) read the offer's own columns
 * (migrations/2026112702_offer_flag_columns.ts): an import and the owner's editor set them, the filters and
 * the item page read them, and an older database's filter rows move into them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { createCategory, createOffer, startTestServer, type TestServer } from '../../test/helpers';
import { importYml } from '../yml/write/importYml';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const feed = (offers: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-27 10:00"><shop><name>Т</name><company>Т</company><url>https://shop.example/</url>` +
  `<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Всё</category></categories><offers>` +
  offers.map((tail, i) => `<offer id="f${i}"><name>Товар ${i}</name><price>${i + 1}</price><currencyId>RUR</currencyId><categoryId>1</categoryId>${tail}</offer>`).join('') +
  `</offers></shop></yml_catalog>`;

const listed = async (filters: Record<string, string>) => {
  const r = await server.api<{ offers: { id: string }[] }>('offers', { 'p[287_categoryId]': '1', ...filters });
  expect(r.status).toBe(200);
  return r.body.offers.map((o) => o.id).sort();
};
const item = async (id: string) => (await server.api<{ offers: Record<string, unknown>[] }>('offers', { 'p[478_offer_id]': id })).body.offers[0];
const flagRows = async () =>
  (await server.db.selectFrom('offer_params').select('offer_id').where('store_id', '=', server.storeId).where('base_id', 'in', [292, 306]).execute()).length;

describe('pick-up and warranty filters', () => {
  it('filter an imported feed by its <store> and <manufacturer_warranty>, a warranty not stated counting as 0', async () => {
    const text = feed(['<store>true</store><manufacturer_warranty>true</manufacturer_warranty>', '<manufacturer_warranty>false</manufacturer_warranty>', '']);
    const r = await importYml(server.db, server.dialect, server.images, server.storeId, [text], {});
    expect(r.created).toBe(3);
    expect(await listed({ 'filter[292]': '1' })).toEqual(['f0']);
    expect(await listed({ 'filter[292]': '0' })).toEqual(['f1', 'f2']);
    expect(await listed({ 'filter[306]': '1' })).toEqual(['f0']);
    expect(await listed({ 'filter[306]': '0' })).toEqual(['f1', 'f2']);
    expect(await listed({ 'filter[292]': '1', 'filter[306]': '0' })).toEqual([]);
    expect(await item('f0')).toMatchObject({ shop: '1', manufacturer_warranty: '1' });
    expect(await item('f1')).toMatchObject({ shop: '0', manufacturer_warranty: '0' });
    // Not stated: the item page has no warranty line to show.
    expect((await item('f2')).manufacturer_warranty ?? null).toBeNull();
    expect(await flagRows()).toBe(0);
  });

  it('refuses a flag filter other than 1 or 0', async () => {
    const r = await server.api('offers', { 'p[287_categoryId]': '1', 'filter[292]': 'yes' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_input');
  });

  it("filter the owner's products by the flags the editor set", async () => {
    const cat = await createCategory(server.db, server.storeId);
    const a = await createOffer(server.database, server.images, server.storeId, { categoryId: cat, shop: '1', manufacturer_warranty: '1' });
    const b = await createOffer(server.database, server.images, server.storeId, { categoryId: cat, shop: '0' });
    const ids = async (f: Record<string, string>) =>
      (await server.api<{ offers: { id: string }[] }>('offers', { 'p[287_categoryId]': cat, ...f })).body.offers.map((o) => o.id).sort();
    expect(await ids({ 'filter[292]': '1' })).toEqual([a]);
    expect(await ids({ 'filter[292]': '0' })).toEqual([b]);
    expect(await ids({ 'filter[306]': '1' })).toEqual([a]);
    expect(await flagRows()).toBe(0);
  });
});

describe('migration 2026112702', () => {
  it("moves an older database's pick-up and warranty rows into the offers' columns and drops the rows", async () => {
    const s = server.storeId;
    const cat = await createCategory(server.db, s);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await createOffer(server.database, server.images, s, { categoryId: cat }));
    // The schema and the rows as before the migration: two filter rows per offer, the warranty in the document when stated.
    await sql`alter table offers drop column shop`.execute(server.db);
    await sql`alter table offers drop column manufacturer_warranty`.execute(server.db);
    const rows = [
      [ids[0], '1', '1', true],
      [ids[1], '0', '0', true],
      [ids[2], '0', '0', false],
      [ids[3], '1', '0', true],
    ] as const;
    for (const [id, shop, warranty, stated] of rows) {
      await server.db.insertInto('offer_params').values([
        { store_id: s, offer_id: id, base_id: 292, value: shop, num: null },
        { store_id: s, offer_id: id, base_id: 306, value: warranty, num: null },
      ]).execute();
      if (stated) await sql`update offers set data = ${JSON.stringify({ manufacturer_warranty: warranty === '1' })} where store_id = ${s} and id = ${id}`.execute(server.db);
    }
    await sql`delete from schema_migrations where name = '2026112702_offer_flag_columns'`.execute(server.db);
    expect(await migrate(server.db, server.dialect)).toEqual(['2026112702_offer_flag_columns']);

    const got = await server.db.selectFrom('offers').select(['id', 'shop', 'manufacturer_warranty']).where('store_id', '=', s).where('id', 'in', ids).execute();
    const byId = new Map(got.map((r) => [r.id, [Number(r.shop), r.manufacturer_warranty === null ? null : Number(r.manufacturer_warranty)]]));
    expect(ids.map((id) => byId.get(id))).toEqual([
      [1, 1],
      [0, 0],
      [0, null],
      [1, 0],
    ]);
    expect(await flagRows()).toBe(0);
  });
});
