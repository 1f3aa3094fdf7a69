import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, pngImage, snapshot, startSignedIn, type Auth, type TestServer } from '../../test/helpers';

let server: TestServer, owner: Auth, customer: Auth;
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
});
afterAll(() => server?.close());

const create = async (name: string, parent = '0', extra: Record<string, string | number> = {}) => {
  const r = await server.api('offers_category', { set: 1, 'p[487_category]': name, 'p[488_sub_id]': parent, ...extra }, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.offers_category[0] as { categoryId: string; category: string; subId: string; sort: number; end: string; shopId: string };
};
const list = async () => {
  const r = await server.api('offers_category');
  expect(r.status).toBe(200);
  return r.body.offers_category as { categoryId: string; category: string; subId: string; sort: number; end: string; picture: string | null }[];
};

describe('api=offers_category', () => {
  const ids: Record<string, string> = {};

  it('creates categories and sub-categories and lists them flat, parents before children', async () => {
    const food = await create('Еда', '0', { 'p[490_sort]': 2 });
    expect(food).toMatchObject({ category: 'Еда', subId: '0', sort: 2, end: '1', shopId: String(server.storeId) });
    ids.food = food.categoryId;
    ids.tools = (await create('Инструменты', '0', { 'p[490_sort]': 1, 'p[489_picture]': 'cat/tools.png' })).categoryId;
    ids.fruit = (await create('Фрукты', ids.food)).categoryId;
    ids.apples = (await create('Яблоки', ids.fruit)).categoryId;
    ids.veg = (await create('Овощи', ids.food)).categoryId;

    const all = await list();
    // Siblings by sort, then by name; each parent right before its children.
    expect(all.map((c) => c.category)).toEqual(['Инструменты', 'Еда', 'Овощи', 'Фрукты', 'Яблоки']);
    const pos = (id: string) => all.findIndex((c) => c.categoryId === id);
    expect(pos(ids.food)).toBeLessThan(pos(ids.fruit));
    expect(pos(ids.fruit)).toBeLessThan(pos(ids.apples));
    expect(pos(ids.tools)).toBeLessThan(pos(ids.food)); // sort 1 before sort 2
    const byId = Object.fromEntries(all.map((c) => [c.categoryId, c]));
    expect(byId[ids.food].end).toBe('0');
    expect(byId[ids.apples]).toMatchObject({ subId: ids.fruit, end: '1' });
    expect(byId[ids.tools].picture).toBe('cat/tools.png');
  });

  it('gives one category by p[486_category_id], 404 for an unknown one', async () => {
    const r = await server.api('offers_category', { 'p[486_category_id]': ids.fruit });
    expect(r.status).toBe(200);
    expect(r.body.offers_category).toEqual([expect.objectContaining({ categoryId: ids.fruit, category: 'Фрукты', subId: ids.food, end: '0' })]);
    const missing = await server.api('offers_category', { 'p[486_category_id]': '999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('updates name, sort and parent (a move)', async () => {
    const r = await server.api('offers_category', { update: 1, 'p[486_category_id]': ids.veg, 'p[487_category]': 'Овощи и зелень', 'p[488_sub_id]': '0', 'p[490_sort]': 3 }, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.offers_category[0]).toMatchObject({ categoryId: ids.veg, category: 'Овощи и зелень', subId: '0', sort: 3 });
    const one = (await server.api('offers_category', { 'p[486_category_id]': ids.veg })).body.offers_category[0];
    expect(one).toMatchObject({ category: 'Овощи и зелень', subId: '0' });
    // An update that sends only the name keeps the parent.
    await server.api('offers_category', { update: 1, 'p[486_category_id]': ids.apples, 'p[487_category]': 'Яблоки зелёные' }, { token: owner });
    expect((await server.api('offers_category', { 'p[486_category_id]': ids.apples })).body.offers_category[0]).toMatchObject({ category: 'Яблоки зелёные', subId: ids.fruit });
  });

  it('refuses a cycle: a category under itself or under its own descendant, changing nothing', async () => {
    const before = await snapshot(server.db, ['categories']);
    for (const parent of [ids.food, ids.fruit, ids.apples]) {
      const r = await server.api('offers_category', { update: 1, 'p[486_category_id]': ids.food, 'p[488_sub_id]': parent }, { token: owner });
      expect(r.status, parent).toBe(400);
      expect(r.body.error.code).toBe('invalid_input');
      expect(r.body.error.fields).toContain('subId');
    }
    expect(await snapshot(server.db, ['categories'])).toBe(before);
  });

  it('refuses an unknown parent, a blank name, and an update of an unknown category', async () => {
    const before = await snapshot(server.db, ['categories']);
    const parent = await server.api('offers_category', { set: 1, 'p[487_category]': 'Сирота', 'p[488_sub_id]': '424242' }, { token: owner });
    expect(parent.status).toBe(400);
    expect(parent.body.error.fields).toContain('subId');
    const blank = await server.api('offers_category', { set: 1, 'p[487_category]': ' ', 'p[488_sub_id]': '0' }, { token: owner });
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe('required_fields_error');
    expect(blank.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['category']);
    const missingName = await server.api('offers_category', { set: 1 }, { token: owner });
    expect(missingName.status).toBe(400);
    expect(missingName.body.error.code).toBe('required_fields_error');
    const badSort = await server.api('offers_category', { set: 1, 'p[487_category]': 'X', 'p[490_sort]': 'abc' }, { token: owner });
    expect(badSort.status).toBe(400);
    expect(badSort.body.error.code).toBe('invalid_input');
    const unknown = await server.api('offers_category', { update: 1, 'p[486_category_id]': '424242', 'p[487_category]': 'X' }, { token: owner });
    expect(unknown.status).toBe(404);
    expect(await snapshot(server.db, ['categories'])).toBe(before);
  });

  it('refuses writes without a token or from a customer', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    for (const params of [
      { set: 1, 'p[487_category]': 'Взлом' },
      { update: 1, 'p[486_category_id]': ids.food, 'p[487_category]': 'Взлом' },
      { del: 1, 'p[486_category_id]': ids.food },
    ]) {
      const anonymous = await server.api('offers_category', params);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.token).toBe('error');
      const byCustomer = await server.api('offers_category', params, { token: customer });
      expect(byCustomer.status).toBe(403);
    }
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('a moved category takes its products along: they list under the new parent and no longer under the old one', async () => {
    const garden = await create('Сад');
    const tools = await create('Садовый инвентарь', garden.categoryId);
    const rakes = await create('Грабли', tools.categoryId);
    const rake = await server.createOffer({ name: 'Грабли веерные', categoryId: rakes.categoryId });
    const hoe = await server.createOffer({ name: 'Тяпка', categoryId: tools.categoryId });
    const inCategory = async (id: string) => ((await server.api('offers', { 'p[287_categoryId]': id })).body.offers as { id: string }[]).map((o) => o.id).sort();
    expect(await inCategory(garden.categoryId)).toEqual([rake, hoe].sort());
    expect(await inCategory(ids.tools)).toEqual([]);

    // The middle category (with the one below it) moves from the garden to the tools.
    const r = await server.api('offers_category', { update: 1, 'p[486_category_id]': tools.categoryId, 'p[488_sub_id]': ids.tools }, { token: owner });
    expect(r.status).toBe(200);
    expect(await inCategory(garden.categoryId)).toEqual([]);
    expect(await inCategory(ids.tools)).toEqual([rake, hoe].sort());
    expect(await inCategory(tools.categoryId)).toEqual([rake, hoe].sort());
    expect(await inCategory(rakes.categoryId)).toEqual([rake]);
    // Sorted lists walk other indexes: the move shows there too.
    const byPrice = (await server.api('offers', { 'p[287_categoryId]': ids.tools, sort: '"increase"' })).body.offers as { id: string }[];
    expect(byPrice.map((o) => o.id).sort()).toEqual([rake, hoe].sort());

    // A product saved into the moved subtree afterwards lists under its new top category too.
    const fork = await server.createOffer({ name: 'Вилы', categoryId: rakes.categoryId });
    expect(await inCategory(ids.tools)).toEqual([rake, hoe, fork].sort());
    // And back: the garden gets them again.
    await server.api('offers_category', { update: 1, 'p[486_category_id]': tools.categoryId, 'p[488_sub_id]': garden.categoryId }, { token: owner });
    expect(await inCategory(garden.categoryId)).toEqual([rake, hoe, fork].sort());
    expect(await inCategory(ids.tools)).toEqual([]);
    await server.api('offers_category', { del: 1, 'p[486_category_id]': garden.categoryId }, { token: owner });
  });

  it('deletes a category with its whole subtree and their products; others stay', async () => {
    const inFruit = await server.createOffer({ name: 'Груша', categoryId: ids.fruit });
    const inApples = await server.createOffer({ name: 'Антоновка', categoryId: ids.apples });
    const inTools = await server.createOffer({ name: 'Молоток', categoryId: ids.tools });
    const inFood = await server.createOffer({ name: 'Хлеб', categoryId: ids.food });
    expect((await server.api('offers', { ids: [inFruit, inApples, inTools, inFood].join(',') })).body.offers).toHaveLength(4);

    const r = await server.api('offers_category', { del: 1, 'p[486_category_id]': ids.fruit }, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.deleted?.sort()).toEqual([ids.fruit, ids.apples].sort());
    const left = (await list()).map((c) => c.categoryId);
    expect(left).not.toContain(ids.fruit);
    expect(left).not.toContain(ids.apples);
    expect(left).toEqual(expect.arrayContaining([ids.food, ids.tools, ids.veg]));
    expect((await list()).find((c) => c.categoryId === ids.food)!.end).toBe('1');

    // The products of the subtree are gone from every read; the others stay.
    const cart = await server.api('offers', { ids: [inFruit, inApples, inTools, inFood].join(',') });
    expect(cart.body.offers.map((o: { id: string }) => o.id).sort()).toEqual([inFood, inTools].sort());
    expect((await server.api('offers', { 'p[478_offer_id]': inApples })).status).toBe(404);
    const all = await server.api('offers', {});
    expect(all.body.offers.map((o: { name: string }) => o.name).sort()).toEqual(['Молоток', 'Хлеб'].sort());
    const search = await server.api('offers', { value: 'Антоновка' });
    expect(search.body.offers).toEqual([]);
    const food = await server.api('offers', { 'p[287_categoryId]': ids.food });
    expect(food.body.offers.map((o: { name: string }) => o.name)).toEqual(['Хлеб']);
  });

  it('deleting an unknown category is 404; a missing id is 400', async () => {
    const unknown = await server.api('offers_category', { del: 1, 'p[486_category_id]': ids.fruit }, { token: owner });
    expect(unknown.status).toBe(404);
    const missing = await server.api('offers_category', { del: 1 }, { token: owner });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('required_fields_error');
  });
});

describe("a category's uploaded icon", () => {
  it('saves an uploaded picture as the icon and serves it; a file that is not a picture changes nothing', async () => {
    const made = await server.api('offers_category', { set: 1, 'p[487_category]': 'Посуда', 'p[488_sub_id]': '0' }, { token: owner, files: { 'p[489_picture]': await pngImage(120, 120) } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const icon = made.body.offers_category[0].picture as string;
    expect(icon).toMatch(/\.(webp|png|jpe?g)$/);
    const served = await server.get(`/images/${icon}`);
    expect(served.status).toBe(200);
    const id = made.body.offers_category[0].categoryId as string;

    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const bad = await server.api('offers_category', { update: 1, 'p[486_category_id]': id }, { token: owner, files: { 'p[489_picture]': Buffer.from('<svg onload="alert(1)"/>') } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('unsupported_file');
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    // A customer cannot upload one.
    expect((await server.api('offers_category', { update: 1, 'p[486_category_id]': id }, { token: customer, files: { 'p[489_picture]': await pngImage(10, 10) } })).status).toBe(403);
  });
});
