import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, snapshot, startSignedIn, type Auth, type TestServer } from '../../../test/helpers';
import { rest } from '../../../test/checkoutFixtures';
import { importYml } from './importYml';

/** A supplier's feed of three products in two categories, at the given prices and description. */
const feed = (price: number, text: string) => `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-30 12:00"><shop><name>s</name><company>s</company><url>https://s.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="1">Чайники</category><category id="2">Посуда</category></categories>
<offers>
<offer id="k1" available="true"><name>Чайник Alfa 1.7</name><price>${price}</price><currencyId>RUR</currencyId><categoryId>1</categoryId><vendor>Alfa</vendor><description>${text}</description><count>5</count><param name="Цвет">белый</param></offer>
<offer id="k2" available="true"><name>Чайник Beta</name><price>${price + 100}</price><currencyId>RUR</currencyId><categoryId>1</categoryId><description>${text}</description></offer>
<offer id="p1" available="true"><name>Сковорода</name><price>${price + 200}</price><currencyId>RUR</currencyId><categoryId>2</categoryId></offer>
</offers></shop></yml_catalog>`;

let server: TestServer, owner: Auth;
beforeAll(async () => {
  ({ server, owner } = await startSignedIn());
  expect((await importYml(server.db, server.dialect, server.images, server.storeId, [feed(1000, 'Первое описание')], {})).created).toBe(3);
});
afterAll(() => server?.close());

const item = async (id: string) => {
  const r = await server.api<{ offers: Record<string, any>[] }>('offers', { 'p[478_offer_id]': id });
  expect(r.status).toBe(200);
  return r.body.offers[0];
};
const row = (id: string) => server.db.selectFrom('offers').select(['name', 'price', 'stock', 'category_id', 'data']).where('store_id', '=', server.storeId).where('id', '=', id).executeTakeFirstOrThrow();
const reimport = async (price: number, text: string) => importYml(server.db, server.dialect, server.images, server.storeId, [feed(price, text)], {});
const preview = async (xml: string) => importYml(server.db, server.dialect, server.images, server.storeId, [xml], { preview: true });
const fieldsOf = async (id: string) => (await rest(server, 'GET', `/offers/${id}/owner_fields`, { token: owner })).body.fields;
const found = async (word: string) => ((await server.api<{ offers: { id: string }[] }>('offers', { value: word, offset: 1 })).body.offers ?? []).map((o) => o.id);

describe('fields the owner changed by hand outlast imports of the feed', () => {
  it('a save locks only what it changed; the next import keeps those and writes the rest', async () => {
    const r = await server.api('offers', { update: 1, 'p[478_offer_id]': 'k1', 'p[276_name]': 'Чайник «Альфа» белый', 'p[283_price]': '1490', 'p[287_categoryId]': '1' }, { token: owner });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await fieldsOf('k1')).toEqual(['name', 'price']);
    expect(await fieldsOf('k2')).toEqual([]);

    // The report counts the product whose owner's values win over the feed's, named as the shop shows it.
    const report = await reimport(1200, 'Новое описание');
    expect([report.ownerKept, report.examples.ownerKept]).toEqual([1, ['Чайник «Альфа» белый']]);
    const k1 = await row('k1');
    expect([k1.name, Number(k1.price), k1.stock]).toEqual(['Чайник «Альфа» белый', 1490, 5]);
    expect(JSON.parse(k1.data).description).toBe('Новое описание');
    // The other products take the feed whole.
    expect(Number((await row('k2')).price)).toBe(1300);
    // The shopper sees the owner's name, and search finds it by its words.
    expect((await item('k1')).name).toBe('Чайник «Альфа» белый');
    expect(await found('альфа')).toEqual(['k1']);
  });

  it('the same feed again leaves the row as it is (unchanged), owner values and all', async () => {
    const r = await reimport(1200, 'Новое описание');
    expect(r.unchanged).toBe(3);
    expect(r.ownerKept).toBe(1);
    expect((await row('k1')).name).toBe('Чайник «Альфа» белый');
  });

  it("a preview names the products whose hand-made values the import keeps against the feed's, and changes nothing", async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const r = await preview(feed(1500, 'Другое описание'));
    expect(r).toMatchObject({ preview: true, ownerKept: 1, updated: 3 });
    expect(r.examples.ownerKept).toEqual(['Чайник «Альфа» белый']);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it("a feed that gives the owner's values itself keeps nothing against it: none counted", async () => {
    // The supplier now has k1 as the owner named and priced it (k2 and p1 lock nothing).
    const r = await preview(feed(1490, 'Новое описание').replace('<name>Чайник Alfa 1.7</name>', '<name>Чайник «Альфа» белый</name>'));
    expect([r.ownerKept, r.examples.ownerKept]).toEqual([0, []]);
  });

  it('a description fixed by hand, a bulk price change and a move lock theirs too; a moved product keeps its params', async () => {
    expect((await server.api('offers', { update: 1, 'p[478_offer_id]': 'k2', 'p[304_description]': '<p>Наше описание</p>' }, { token: owner })).status).toBe(200);
    expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'price', ids: ['p1'], percent: 10 } })).status).toBe(200);
    expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'move', ids: ['k1'], categoryId: '2' } })).status).toBe(200);
    expect(await fieldsOf('k2')).toEqual(['description']);
    expect(await fieldsOf('p1')).toEqual(['price']);
    expect(await fieldsOf('k1')).toEqual(['name', 'price', 'categoryId']);
    const params = async () => (await item('k1')).params?.length;
    const before = await params();

    expect((await reimport(2000, 'Третье описание')).ownerKept).toBe(3);
    expect(JSON.parse((await row('k2')).data).description).toBe('<p>Наше описание</p>');
    expect(Number((await row('k2')).price)).toBe(2100);
    expect(Number((await row('p1')).price)).toBe(Math.round(1400 * 1.1));
    expect((await row('k1')).category_id).toBe('2');
    expect(await params()).toBe(before);
  });

  it('parameter values set by hand stay through an import whose feed has none for the product', async () => {
    const filters = (await server.api<{ offers_params: { name: string; baseId: string; values: { id: string; name: string }[] }[] }>('offers_params', { 'p[389_category_id]': '1' }, { token: owner })).body.offers_params;
    const colour = filters.find((p) => p.name === 'Цвет')!;
    const white = colour.values.find((v) => v.name === 'белый')!;
    const valuesOf = async (id: string) => (await item(id)).params?.map((p: { value: string }) => p.value) ?? [];
    expect(await valuesOf('k2')).toEqual([]);
    const r = await server.api('offers', { update: 1, 'p[478_offer_id]': 'k2', [`p[${colour.baseId}_param]`]: white.id }, { token: owner });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await fieldsOf('k2')).toEqual(['description', 'params']);
    await reimport(2000, 'Третье описание');
    expect(await valuesOf('k2')).toEqual([white.id]);
  });

  it('"take it from the feed again" lets the next import write the fields; another shop\'s owner cannot see or release them', async () => {
    await server.addStore({ name: 'Другой', domain: 'other.test', ownerPhone: '+79995550003' });
    const stranger = await server.signIn('+79995550003', { host: 'other.test' });
    expect((await rest(server, 'GET', '/offers/k1/owner_fields', { token: stranger, host: 'other.test' })).status).toBe(404);
    expect((await rest(server, 'DELETE', '/offers/k1/owner_fields', { token: stranger, host: 'other.test' })).status).toBe(404);
    expect((await rest(server, 'DELETE', '/offers/k1/owner_fields')).status).toBe(401);
    expect(await fieldsOf('k1')).toEqual(['name', 'price', 'categoryId']);

    expect((await rest(server, 'DELETE', '/offers/k1/owner_fields', { token: owner })).body).toEqual({ id: 'k1', fields: [] });
    await reimport(2000, 'Третье описание');
    const k1 = await row('k1');
    expect([k1.name, Number(k1.price), k1.category_id]).toEqual(['Чайник Alfa 1.7', 2000, '1']);
    expect(await found('альфа')).toEqual([]);
  });
});
