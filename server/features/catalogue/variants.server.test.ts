/**
 * Variants (YML group_id): the offers of one group are one card in every list, with its head the first live
 * and available one; the item answers the group's offers with the params they differ in; a param filter finds
 * the variant it names; the owner's edits and a later feed move the card. Real HTTP, a real database.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { rest } from '../../test/checkoutFixtures';
import { importFeed } from '../yml/jobs/importFeed';
import { variantDimensions } from './variants';

let server: TestServer, owner: Auth;
beforeAll(async () => {
  ({ server, owner } = await startSignedIn());
});
afterAll(() => server?.close());

type Offer = { id: string; name: string; group?: string; available?: boolean; price: number; params?: [string, string][] };
const feed = (offers: Offer[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-29 10:00"><shop><name>Т</name><company>Т</company><url>https://shop.example/</url>` +
  `<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Одежда</category></categories><offers>` +
  offers
    .map(
      (o) =>
        `<offer id="${o.id}"${o.group ? ` group_id="${o.group}"` : ''} available="${o.available === false ? 'false' : 'true'}"><name>${o.name}</name><price>${o.price}</price>` +
        `<currencyId>RUR</currencyId><categoryId>1</categoryId>${(o.params ?? []).map(([n, v]) => `<param name="${n}">${v}</param>`).join('')}</offer>`,
    )
    .join('') +
  `</offers></shop></yml_catalog>`;
const load = (offers: Offer[], mode?: 'replace') =>
  importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: Readable.from([Buffer.from(feed(offers))]), ...(mode ? { mode } : {}) });

const SHIRTS: Offer[] = [
  { id: 's-s', name: 'Футболка синяя S', group: 'shirt', price: 990, available: false, params: [['Размер', 'S'], ['Цвет', 'синий']] },
  { id: 's-m', name: 'Футболка синяя M', group: 'shirt', price: 990, params: [['Размер', 'M'], ['Цвет', 'синий']] },
  { id: 's-l', name: 'Футболка синяя L', group: 'shirt', price: 1090, params: [['Размер', 'L'], ['Цвет', 'синий']] },
  { id: 'r-m', name: 'Футболка красная M', group: 'shirt', price: 990, params: [['Размер', 'M'], ['Цвет', 'красный']] },
  { id: 'cap', name: 'Кепка', price: 500, params: [['Цвет', 'синий']] },
];

const list = async (params: Record<string, string> = {}) => {
  const r = await server.api<{ offers: { id: string }[] }>('offers', { 'p[287_categoryId]': '1', ...params });
  expect(r.status).toBe(200);
  return r.body.offers.map((o) => o.id).sort();
};
const item = async (id: string) => {
  const r = await server.api<{ offers: Record<string, any>[] }>('offers', { 'p[478_offer_id]': id });
  expect(r.status).toBe(200);
  return r.body.offers[0];
};

describe('variants of one group_id', () => {
  it('a list, its count and a search show one card a group: its first available offer', async () => {
    const report = await load(SHIRTS);
    expect(report.created).toBe(5);
    // s-s comes first but is not available: the card is s-m.
    expect(await list()).toEqual(['cap', 's-m']);
    expect(await list({ sort: 'increase' })).toEqual(['cap', 's-m']);
    expect((await server.api('offers', { 'p[287_categoryId]': '1', count: 1 })).body).toMatchObject({ count: 2, more: false });
    expect((await server.api<{ offers: { id: string }[] }>('offers', { value: 'футболка' })).body.offers.map((o) => o.id)).toEqual(['s-m']);
  });

  it('the item answers its group with the params the variants differ in, each with its own price and availability', async () => {
    const one = await item('s-l');
    expect(one.groupId).toBe('shirt');
    expect(one.dimensions).toEqual(['Размер', 'Цвет']);
    expect(one.variants.map((v: { id: string }) => v.id)).toEqual(['s-s', 's-m', 's-l', 'r-m']);
    expect(one.variants[0]).toMatchObject({ id: 's-s', price: 990, available: '0', options: { Размер: 'S', Цвет: 'синий' } });
    expect(one.variants[2]).toMatchObject({ id: 's-l', price: 1090, available: '1', options: { Размер: 'L', Цвет: 'синий' } });
    // A product of no group has none.
    expect((await item('cap')).variants).toBeUndefined();
  });

  it('a filter by a param the variants differ in finds the variants it names', async () => {
    const size = await server.db.selectFrom('params').select(['id', 'base_id', 'kind']).where('store_id', '=', server.storeId).where('name', '=', 'Размер').executeTakeFirst();
    expect(size).toBeDefined();
    const m = await server.db.selectFrom('param_values').select('id').where('store_id', '=', server.storeId).where('param_id', '=', size!.id).where('name', '=', 'M').executeTakeFirstOrThrow();
    expect(await list({ [`filter[${size!.base_id}]`]: String(m.id) })).toEqual(['r-m', 's-m']);
    // The price filter keeps one card a group.
    expect(await list({ 'filter[283]': '0_2000' })).toEqual(['cap', 's-m']);
  });

  it("the owner's hiding or deleting the card puts the next variant in its place; hidden variants leave the item's picker", async () => {
    const hide = await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'hide', ids: ['s-m'] } });
    expect(hide.status).toBe(200);
    expect(await list()).toEqual(['cap', 's-l']);
    expect((await item('s-l')).variants.map((v: { id: string }) => v.id)).toEqual(['s-s', 's-l', 'r-m']);
    const del = await server.api('offers', { del: 1, 'p[478_offer_id]': 's-l' }, { token: owner });
    expect(del.status).toBe(200);
    expect(await list()).toEqual(['cap', 'r-m']);
    // The owner's editor lists the hidden variant too.
    const edit = await server.api<{ offers: Record<string, any>[] }>('offers', { 'p[478_offer_id]': 'r-m', edit: 1 }, { token: owner });
    expect(edit.body.offers[0].variants.map((v: { id: string }) => v.id)).toEqual(['s-s', 's-m', 'r-m']);
  });

  it("the owner's editor moves an offer out of its group, and a feed without group_id unfolds them all", async () => {
    await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'show', ids: ['s-m'] } });
    expect(await list()).toEqual(['cap', 's-m']);
    // A price change keeps the card (it is chosen by availability, the owner's order and id, not by price).
    expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'price', ids: ['s-m', 's-s'], percent: 10 } })).status).toBe(200);
    expect(await list()).toEqual(['cap', 's-m']);
    const save = await server.api('offers', { update: 1, 'p[478_offer_id]': 'r-m', 'p[560_groupId]': '' }, { token: owner });
    expect(save.status).toBe(200);
    expect(await list()).toEqual(['cap', 'r-m', 's-m']);
    await load(SHIRTS.map(({ group: _, ...o }) => o), 'replace');
    expect(await list()).toEqual(['cap', 'r-m', 's-l', 's-m', 's-s']);
  });
});

describe('variantDimensions', () => {
  it('names the params whose values differ, an absent value counting as one', () => {
    const got = variantDimensions([
      { id: 'a', name: 'A', params: [{ name: 'Цвет', value: 'синий' }, { name: 'Материал', value: 'хлопок' }] },
      { id: 'b', name: 'B', params: [{ name: 'Цвет', value: 'красный' }, { name: 'Материал', value: 'хлопок' }, { name: 'Узор', value: 'полоска' }] },
    ]);
    expect(got.dimensions).toEqual(['Цвет', 'Узор']);
    expect(got.options.get('a')).toEqual({ Цвет: 'синий', Узор: '' });
  });
});
