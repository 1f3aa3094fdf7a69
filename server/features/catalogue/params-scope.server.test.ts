/**
 * Base ids scoped per category path (docs/API.md, api=offers_params): once the shop's 64 ids are taken, a
 * param of another branch reuses one; each list, filter page and item reads a base id on its own path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithOwner, type Auth, type TestServer } from '../../test/helpers';

let server: TestServer;
let owner: Auth;
let a: string;
let a1: string;
let b: string;
beforeAll(async () => {
  ({ server, owner } = await startWithOwner());
  a = await server.createCategory({ category: 'Техника' });
  a1 = await server.createCategory({ category: 'Телефоны', subId: a });
  b = await server.createCategory({ category: 'Книги' });
});
afterAll(() => server?.close());

const create = (name: string, categoryId: string) =>
  server.api('offers_params', { set: 1, 'p[388_name]': name, 'p[389_category_id]': categoryId, 'p[390_kind]': 'varchar' }, { token: owner });
const custom = async (extra: Record<string, string>) =>
  ((await server.api('offers_params', extra, { token: owner })).body.offers_params as { baseId: string; name: string; userId: string }[]).filter((p) => p.userId !== '0');
const ids = async (params: Record<string, string>) => {
  const r = await server.api('offers', params);
  return { status: r.status, ids: ((r.body.offers ?? []) as { id: string }[]).map((o) => o.id).sort() };
};

describe('param base ids per category path', () => {
  it('reuses a base id in another branch once the shop has none left, refuses a 65th on a full path, and reads each id on its path', { timeout: 120_000 }, async () => {
    expect((await create('Гарантия', '0')).body.offers_params[0].baseId).toBe('323');
    for (let i = 0; i < 63; i++) {
      const r = await create(`Свойство ${i}`, a1);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.offers_params[0].baseId).toBe(String(324 + i));
    }
    // The shop has no unused id; category b (another branch) takes the first one free on its path.
    const book = await create('Переплёт', b);
    expect(book.status).toBe(200);
    expect(book.body.offers_params[0].baseId).toBe('324');
    // a's paths run through a1, which holds 63 + the shop-wide one: full.
    expect((await create('Ещё', a)).status).toBe(409);
    expect((await create('Ещё', a1)).status).toBe(409);

    expect(await custom({ 'p[389_category_id]': a1 })).toHaveLength(64);
    expect((await custom({ 'p[389_category_id]': b })).map((p) => p.name).sort()).toEqual(['Гарантия', 'Переплёт']);
    expect(await custom({ all: '1' })).toHaveLength(65);

    const phone = await server.api('offers', { set: 1, 'p[276_name]': 'Телефон', 'p[283_price]': '100', 'p[287_categoryId]': a1, 'p[324_param]': 'синий' }, { token: owner });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const novel = await server.api('offers', { set: 1, 'p[276_name]': 'Роман', 'p[283_price]': '100', 'p[287_categoryId]': b, 'p[324_param]': 'синий' }, { token: owner });
    expect(novel.status, JSON.stringify(novel.body)).toBe(200);
    const [phoneId, novelId] = [phone.body.offers[0].id, novel.body.offers[0].id];
    // One value under one base id, two params: each list filters by its own.
    expect(await ids({ 'p[287_categoryId]': a1, 'filter[324]': 'синий' })).toEqual({ status: 200, ids: [phoneId] });
    expect(await ids({ 'p[287_categoryId]': b, 'filter[324]': 'синий' })).toEqual({ status: 200, ids: [novelId] });
    expect(await ids({ 'p[287_categoryId]': a, 'filter[324]': 'синий' })).toMatchObject({ status: 400 });
    // At the root an id that two params share is no filter; the shop-wide one is.
    expect(await ids({ 'filter[324]': 'синий' })).toMatchObject({ status: 400 });
    expect(await ids({ 'filter[323]': 'x' })).toEqual({ status: 200, ids: [] });
    const item = async (id: string) => (await server.api('offers', { 'p[478_offer_id]': id })).body.offers[0].params as { baseId: number; name: string }[];
    expect((await item(phoneId)).find((p) => p.baseId === 324)?.name).toBe('Свойство 0');
    expect((await item(novelId)).find((p) => p.baseId === 324)?.name).toBe('Переплёт');
  });

  it('a category moved under another gives its params free base ids on the new path, its products\' values follow, and a full path refuses the move', async () => {
    // Two more branches: each takes 324, the first id free on its path (the shop has none unused left).
    const home = await server.createCategory({ category: 'Дом' });
    const garden = await server.createCategory({ category: 'Сад' });
    expect((await create('Материал', home)).body.offers_params[0].baseId).toBe('324');
    expect((await create('Цвет', garden)).body.offers_params[0].baseId).toBe('324');
    const hose = await server.api('offers', { set: 1, 'p[276_name]': 'Шланг', 'p[283_price]': '100', 'p[287_categoryId]': garden, 'p[324_param]': 'зелёный' }, { token: owner });
    expect(hose.status, JSON.stringify(hose.body)).toBe(200);
    const hoseId = hose.body.offers[0].id;

    // Сад under Дом: its Цвет would share 324 with Дом's Материал.
    const move = await server.api('offers_category', { update: 1, 'p[486_category_id]': garden, 'p[488_sub_id]': home }, { token: owner });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const colour = (await custom({ 'p[389_category_id]': garden })).find((p) => p.name === 'Цвет')!;
    expect(colour.baseId).toBe('325');
    expect(await ids({ 'p[287_categoryId]': garden, 'filter[325]': 'зелёный' })).toEqual({ status: 200, ids: [hoseId] });
    expect(await ids({ 'p[287_categoryId]': home, 'filter[324]': 'зелёный' })).toEqual({ status: 200, ids: [] });
    const params = (await server.api('offers', { 'p[478_offer_id]': hoseId })).body.offers[0].params as { baseId: number; name: string }[];
    expect(params.find((p) => p.name === 'Цвет')?.baseId).toBe(325);
    expect(params.find((p) => p.name === 'Материал')).toBeUndefined();

    // Under Телефоны (64 params on its path) Сад's Цвет has no id left: the move is refused, nothing changes.
    const full = await server.api('offers_category', { update: 1, 'p[486_category_id]': garden, 'p[488_sub_id]': a1 }, { token: owner });
    expect(full.status).toBe(409);
    expect((await custom({ 'p[389_category_id]': garden })).find((p) => p.name === 'Цвет')!.baseId).toBe('325');
    expect(await ids({ 'p[287_categoryId]': garden, 'filter[325]': 'зелёный' })).toEqual({ status: 200, ids: [hoseId] });
    expect((await server.api('offers_category', { 'p[486_category_id]': garden })).body.offers_category[0].subId).toBe(home);
  });
});
