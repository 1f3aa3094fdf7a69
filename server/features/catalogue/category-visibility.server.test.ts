import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { rest } from '../../test/checkoutFixtures';
import { importYml } from '../yml/write/importYml';

/**
 * Categories a replace import hid (the feed lacks them) stay the owner's: listed with_hidden=1, editable,
 * shown again with their branch; a product put on sale in one shows its chain to shoppers (categoryVisibility.ts).
 */
const feed = (categories: string, offers: string) => `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-12-01 12:00"><shop><name>s</name><company>s</company><url>https://s.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies><categories>${categories}</categories><offers>${offers}</offers></shop></yml_catalog>`;
const offer = (id: string, cat: string, name: string) => `<offer id="${id}" available="true"><name>${name}</name><price>500</price><currencyId>RUR</currencyId><categoryId>${cat}</categoryId></offer>`;
const FIRST = feed('<category id="1">Дача</category><category id="2" parentId="1">Лопаты</category>', offer('d1', '2', 'Лопата штыковая') + offer('d2', '1', 'Лейка'));
const SECOND = feed('<category id="5">Посуда</category>', offer('p1', '5', 'Кастрюля'));

type Category = { categoryId: string; category: string; subId: string; hidden?: string };
let server: TestServer, owner: Auth, customer: Auth;
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  await importYml(server.db, server.dialect, server.images, server.storeId, [FIRST], {});
  const second = await importYml(server.db, server.dialect, server.images, server.storeId, [SECOND], { mode: 'replace' });
  expect(second.categoryReport.hidden).toBe(2);
});
afterAll(() => server?.close());

const shoppers = async () => ((await server.api('offers_category')).body.offers_category as Category[]).map((c) => c.category);
const owners = async () => {
  const r = await server.api('offers_category', { with_hidden: 1 }, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Object.fromEntries((r.body.offers_category as Category[]).map((c) => [c.category, c.hidden]));
};
const update = async (id: string, fields: Record<string, string | number>) => {
  const r = await server.api('offers_category', { update: 1, 'p[486_category_id]': id, ...fields }, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.offers_category[0] as Category;
};
const inCategory = async (id: string) => ((await server.api('offers', { 'p[287_categoryId]': id })).body.offers as { id: string }[]).map((o) => o.id).sort();
const active = async (id: string) => (await server.api('offers', { 'p[478_offer_id]': id, retired: 1 })).body.offers[0].active;

describe('hidden categories', () => {
  it("the owner's list has the categories an import hid, marked; shoppers' answers have neither them nor the mark", async () => {
    expect(await shoppers()).toEqual(['Посуда']);
    expect(((await server.api('offers_category')).body.offers_category as Category[])[0]).not.toHaveProperty('hidden');
    expect(await owners()).toEqual({ Дача: '1', Лопаты: '1', Посуда: '0' });
    // One by id: a 404 to shoppers, the owner's editor opens it.
    expect((await server.api('offers_category', { 'p[486_category_id]': '2' })).status).toBe(404);
    const one = await server.api('offers_category', { 'p[486_category_id]': '2', with_hidden: 1 }, { token: owner });
    expect(one.body.offers_category[0]).toMatchObject({ category: 'Лопаты', subId: '1', hidden: '1' });
    // Only the owner's: a stranger or a customer asking gets the shoppers' list.
    for (const token of [undefined, customer]) {
      const r = await server.api('offers_category', { with_hidden: 1 }, token ? { token } : {});
      expect(r.status).toBe(200);
      expect((r.body.offers_category as Category[]).map((c) => [c.category, c.hidden])).toEqual([['Посуда', undefined]]);
    }
  });

  it("the owner's product list finds a hidden category's products, its sub-categories' too", async () => {
    const r = await rest(server, 'GET', '/offers', { token: owner, query: { filter: { categoryId: '1' }, sort: ['sort', 'ASC'], range: [0, 19] } });
    expect(r.status).toBe(200);
    expect((r.body as { id: string }[]).map((o) => o.id).sort()).toEqual(['d1', 'd2']);
  });

  it('a hidden category is edited as it is, and stays hidden', async () => {
    expect(await update('2', { 'p[487_category]': 'Лопаты и грабли' })).toMatchObject({ category: 'Лопаты и грабли', hidden: '1' });
    expect(await shoppers()).toEqual(['Посуда']);
  });

  it('a product shown again shows its category with the categories above it', async () => {
    expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'show', ids: ['d1'] } })).status).toBe(200);
    expect(await owners()).toEqual({ Дача: '0', 'Лопаты и грабли': '0', Посуда: '0' });
    expect(await inCategory('1')).toEqual(['d1']);
    expect(await inCategory('2')).toEqual(['d1']);
    expect(await active('d2')).toBe('0');
  });

  it("the owner's hide takes the branch and its products on sale off the shop; showing it again brings the branch, not the products", async () => {
    expect(await update('1', { 'p[491_hidden]': 1 })).toMatchObject({ hidden: '1' });
    expect(await owners()).toEqual({ Дача: '1', 'Лопаты и грабли': '1', Посуда: '0' });
    expect(await shoppers()).toEqual(['Посуда']);
    expect(await active('d1')).toBe('0');
    expect(await update('1', { 'p[491_hidden]': 0 })).toMatchObject({ hidden: '0' });
    expect(await shoppers()).toEqual(['Дача', 'Лопаты и грабли', 'Посуда']);
    expect(await active('d1')).toBe('0');
    expect(await inCategory('1')).toEqual([]);
  });

  it("the owner's hide outlasts an import of a feed that has the category; an import's own hide does not", async () => {
    await update('1', { 'p[491_hidden]': 1 });
    await importYml(server.db, server.dialect, server.images, server.storeId, [FIRST], { mode: 'merge' });
    expect(await shoppers()).toEqual(['Посуда']);
    expect(await inCategory('2')).toEqual([]);
    // Shown by the owner, hidden by a replace import of the other feed, back with the first feed.
    await update('1', { 'p[491_hidden]': 0 });
    await importYml(server.db, server.dialect, server.images, server.storeId, [SECOND], { mode: 'replace' });
    expect(await shoppers()).toEqual(['Посуда']);
    await importYml(server.db, server.dialect, server.images, server.storeId, [FIRST], { mode: 'merge' });
    expect(await shoppers()).toEqual(['Дача', 'Лопаты', 'Посуда']);
  });

  it('a product created in a hidden category shows it', async () => {
    await update('2', { 'p[491_hidden]': 1 });
    expect(await shoppers()).toEqual(['Дача', 'Посуда']);
    const r = await server.api('offers', { set: 1, 'p[276_name]': 'Грабли', 'p[283_price]': 700, 'p[287_categoryId]': '2' }, { token: owner });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await shoppers()).toEqual(['Дача', 'Лопаты', 'Посуда']);
    expect(await inCategory('2')).toEqual([r.body.offers[0].id]);
  });
});
