import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, snapshot, startSignedIn, type Auth, type Params, type TestServer } from '../../test/helpers';

let server: TestServer, owner: Auth, customer: Auth;
let top: string;
let child: string;
let elsewhere: string;
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  top = await server.createCategory({ category: 'Техника' });
  child = await server.createCategory({ category: 'Телефоны', subId: top });
  elsewhere = await server.createCategory({ category: 'Книги' });
});
afterAll(() => server?.close());

interface Param {
  id: string;
  baseId: string;
  userId: string;
  shopId: string;
  categoryId: string;
  name: string;
  kind: string;
  isRequired: string;
  unit: string | null;
  sort: number;
  values: { id: string; name: string }[];
  defaultFrom?: number;
  defaultTo?: number;
}
/** The params as the owner sets them up (a shopper is offered only what a category's products have: category-filters). */
const params = async (extra: Record<string, string> = {}) => {
  const r = await server.api('offers_params', extra, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.offers_params as Param[];
};
/** A write as the owner, or with `null` as nobody. */
const write = (p: Params, token: Auth | null = owner) => server.api('offers_params', p, { token: token ?? undefined });
const values = (p: Params, token: Auth | null = owner) => server.api('offers_params_values', p, { token: token ?? undefined });

describe('api=offers_params', () => {
  const made: Record<string, Param> = {};

  it('lists only the common filters (price 283, shop 292, warranty 306) in a new shop, first', async () => {
    const list = await params();
    expect(list.map((p) => p.baseId)).toEqual(['283', '292', '306']);
    expect(list.every((p) => p.userId === '0')).toBe(true);
    expect(list[0]).toMatchObject({ name: 'price', kind: 'float', defaultFrom: 0, defaultTo: 0 });
    expect((await server.api('offers_params', { user_id: '0' })).body.offers_params.map((p: Param) => p.baseId)).toEqual(['283', '292', '306']);
  });

  it('creates params with base ids from 323 in order', async () => {
    const specs = [
      ['colour', { 'p[388_name]': 'Цвет', 'p[389_category_id]': top, 'p[390_kind]': 'select', 'p[391_is_required]': '1', 'p[393_sort]': 1 }],
      ['memory', { 'p[388_name]': 'Память', 'p[389_category_id]': child, 'p[390_kind]': 'number', 'p[493_unit]': 'ГБ', 'p[393_sort]': 2 }],
      ['waterproof', { 'p[388_name]': 'Влагозащита', 'p[389_category_id]': '0', 'p[390_kind]': 'bool' }],
      ['cover', { 'p[388_name]': 'Обложка', 'p[389_category_id]': elsewhere, 'p[390_kind]': 'varchar' }],
    ] as const;
    for (const [i, [key, spec]] of specs.entries()) {
      const r = await write({ set: 1, ...spec });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      made[key] = r.body.offers_params[0];
      expect(made[key].baseId).toBe(String(323 + i));
      expect(made[key]).toMatchObject({ name: spec['p[388_name]'], kind: spec['p[390_kind]'], categoryId: spec['p[389_category_id]'], userId: String(server.ownerId), shopId: String(server.storeId) });
    }
    expect(made.colour.isRequired).toBe('1');
    expect(made.memory.unit).toBe('ГБ');
    expect(made.waterproof.isRequired).toBe('0');
  });

  it("lists a category's own params and its parents' and the shop-wide ones, after the common filters", async () => {
    const inChild = (await params({ 'p[389_category_id]': child })).map((p) => p.name);
    expect(inChild.slice(0, 3)).toEqual(['price', 'shop', 'manufacturer_warranty']);
    expect(inChild.slice(3).sort()).toEqual(['Влагозащита', 'Память', 'Цвет'].sort());
    const inTop = (await params({ 'p[389_category_id]': top })).map((p) => p.name);
    expect(inTop.slice(3).sort()).toEqual(['Влагозащита', 'Цвет'].sort());
    const inBooks = (await params({ 'p[389_category_id]': elsewhere })).map((p) => p.name);
    expect(inBooks.slice(3).sort()).toEqual(['Влагозащита', 'Обложка'].sort());
    expect((await params()).length).toBe(7);
    expect((await server.api('offers_params', { 'p[389_category_id]': '424242' })).status).toBe(404);
    const one = await params({ 'p[396_param_id]': made.memory.id });
    expect(one).toEqual([expect.objectContaining({ id: made.memory.id, name: 'Память' })]);
  });

  it('updates name, unit, sort, category and the required flag', async () => {
    const r = await write({ update: 1, 'p[396_param_id]': made.memory.id, 'p[388_name]': 'Встроенная память', 'p[493_unit]': 'ТБ', 'p[393_sort]': 0, 'p[389_category_id]': top, 'p[391_is_required]': 'true' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.offers_params[0]).toMatchObject({ id: made.memory.id, baseId: made.memory.baseId, name: 'Встроенная память', unit: 'ТБ', sort: 0, categoryId: top, isRequired: '1', kind: 'number' });
    expect((await params({ 'p[389_category_id]': top })).map((p) => p.name)).toContain('Встроенная память');
  });

  it('refuses to change the kind of an existing param (400 kind_fixed), changing nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const r = await write({ update: 1, 'p[396_param_id]': made.memory.id, 'p[390_kind]': 'select', 'p[388_name]': 'Не сохранится' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('kind_fixed');
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    // Sending the same kind is fine.
    expect((await write({ update: 1, 'p[396_param_id]': made.memory.id, 'p[390_kind]': 'number' })).status).toBe(200);
  });

  it('refuses a param without a name, with an unknown kind or category, or an unknown id', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const noName = await write({ set: 1, 'p[390_kind]': 'bool' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.code).toBe('required_fields_error');
    expect(noName.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['name']);
    const kind = await write({ set: 1, 'p[388_name]': 'X', 'p[390_kind]': 'colour' });
    expect(kind.status).toBe(400);
    expect(kind.body.error.code).toBe('invalid_input');
    const category = await write({ set: 1, 'p[388_name]': 'X', 'p[390_kind]': 'bool', 'p[389_category_id]': '424242' });
    expect(category.status).toBe(400);
    expect((await write({ update: 1, 'p[396_param_id]': '999999', 'p[388_name]': 'X' })).status).toBe(404);
    expect((await write({ update: 1, 'p[396_param_id]': 'abc', 'p[388_name]': 'X' })).status).toBe(400);
    expect((await write({ del: 1, 'p[396_param_id]': '999999' })).status).toBe(404);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('refuses writes without a token or from a customer', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    for (const p of [
      { set: 1, 'p[388_name]': 'Взлом', 'p[390_kind]': 'bool' },
      { update: 1, 'p[396_param_id]': made.colour.id, 'p[388_name]': 'Взлом' },
      { del: 1, 'p[396_param_id]': made.colour.id },
    ]) {
      expect((await write(p, null)).status).toBe(401);
      expect((await write(p, customer)).status).toBe(403);
    }
    for (const p of [
      { set: 1, 'p[395_param_id]': made.colour.id, 'p[479_value]': 'Взлом' },
      { del: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': '1' },
    ]) {
      expect((await values(p, null)).status).toBe(401);
      expect((await values(p, customer)).status).toBe(403);
    }
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  describe('api=offers_params_values', () => {
    const ids: Record<string, string> = {};

    it('adds values to a select param (client ids ending in $ get real ones)', async () => {
      for (const [key, name] of [
        ['1$', 'красный'],
        ['2$', 'синий'],
        ['3$', 'зелёный'],
      ]) {
        const r = await values({ set: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': key, 'p[479_value]': name });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const [v] = r.body.offers_params_values[made.colour.id];
        expect(v.name).toBe(name);
        expect(v.id).not.toContain('$');
        ids[name] = v.id;
      }
      expect(new Set(Object.values(ids)).size).toBe(3);
      const r = await values({ 'p[395_param_id]': made.colour.id });
      expect(r.body.offers_params_values[made.colour.id].map((v: { name: string }) => v.name)).toEqual(['красный', 'синий', 'зелёный']);
      // The same name again gives the existing value, not a duplicate.
      const dup = await values({ set: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': '9$', 'p[479_value]': 'синий' });
      expect(dup.body.offers_params_values[made.colour.id][0].id).toBe(ids['синий']);
      // The param list carries its values too.
      const colour = (await params({ 'p[389_category_id]': top })).find((p) => p.id === made.colour.id)!;
      expect(colour.values.map((v) => v.name)).toEqual(['красный', 'синий', 'зелёный']);
      // By category: the select params of the category's chain.
      const byCat = await values({ 'p[394_category_id]': child });
      expect(Object.keys(byCat.body.offers_params_values)).toEqual([made.colour.id]);
      const none = await values({ 'p[394_category_id]': elsewhere });
      expect(none.body.offers_params_values).toEqual({});
    });

    it('renames a value', async () => {
      const r = await values({ update: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': ids['зелёный'], 'p[479_value]': 'изумрудный' });
      expect(r.status).toBe(200);
      const list = (await values({ 'p[395_param_id]': made.colour.id })).body.offers_params_values[made.colour.id];
      expect(list.find((v: { id: string }) => v.id === ids['зелёный']).name).toBe('изумрудный');
      expect((await values({ update: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': '999', 'p[479_value]': 'x' })).status).toBe(404);
    });

    it('refuses a blank value and an unknown param', async () => {
      const before = await snapshot(server.db, CATALOGUE_TABLES);
      const blank = await values({ set: 1, 'p[395_param_id]': made.colour.id, 'p[479_value]': '  ' });
      expect(blank.status).toBe(400);
      expect(blank.body.error.code).toBe('required_fields_error');
      expect((await values({ set: 1, 'p[395_param_id]': '999999', 'p[479_value]': 'x' })).status).toBe(404);
      expect((await values({ set: 1, 'p[479_value]': 'x' })).status).toBe(400);
      expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    });

    it("deletes a value, and it disappears from the products that had it", async () => {
      const offer = await server.api(
        'offers',
        { set: 1, 'p[276_name]': 'Телефон', 'p[283_price]': '100', 'p[287_categoryId]': child, [`p[${made.colour.baseId}_param]`]: `${ids['красный']}_${ids['синий']}` },
        { token: owner },
      );
      expect(offer.status, JSON.stringify(offer.body)).toBe(200);
      const offerId = offer.body.offers[0].id;
      expect((await server.api('offers', { [`filter[${made.colour.baseId}]`]: ids['красный'] })).body.offers).toHaveLength(1);
      const r = await values({ del: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': ids['красный'] });
      expect(r.status).toBe(200);
      const list = (await values({ 'p[395_param_id]': made.colour.id })).body.offers_params_values[made.colour.id];
      expect(list.map((v: { name: string }) => v.name)).toEqual(['синий', 'изумрудный']);
      expect((await server.api('offers', { [`filter[${made.colour.baseId}]`]: ids['красный'] })).body.offers).toEqual([]);
      const item = (await server.api('offers', { 'p[478_offer_id]': offerId })).body.offers[0];
      expect(item.params.filter((p: { baseId: number }) => String(p.baseId) === made.colour.baseId).map((p: { valueName: string }) => p.valueName)).toEqual(['синий']);
      expect((await values({ del: 1, 'p[395_param_id]': made.colour.id, 'p[480_value_id]': ids['красный'] })).status).toBe(404);
    });
  });

  it('deletes a param with its values and the products\' values; its base id is free again', async () => {
    const r = await write({ del: 1, 'p[396_param_id]': made.colour.id });
    expect(r.status).toBe(200);
    expect((await params()).map((p) => p.id)).not.toContain(made.colour.id);
    expect(await server.db.selectFrom('param_values').select('id').where('param_id', '=', Number(made.colour.id)).execute()).toEqual([]);
    expect(await server.db.selectFrom('offer_params').select('offer_id').where('base_id', '=', Number(made.colour.baseId)).execute()).toEqual([]);
    // A filter on the deleted base id is now unknown: 400, not a 500.
    const stale = await server.api('offers', { [`filter[${made.colour.baseId}]`]: '1' });
    expect(stale.status).toBe(400);
    const again = await write({ set: 1, 'p[388_name]': 'Цвет корпуса', 'p[390_kind]': 'select' });
    expect(again.body.offers_params[0].baseId).toBe(made.colour.baseId);
  });
});
