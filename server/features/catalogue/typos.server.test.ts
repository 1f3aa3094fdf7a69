import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, startTestServer, type TestServer } from '../../test/helpers';

/**
 * Search that forgives typos, the other keyboard layout and Russian typed in Latin letters, over real HTTP on
 * the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). The queries are a held-out list: none of
 * them is a word of the catalogue, and each must find the product a shopper meant.
 */
let server: TestServer;
const id: Record<string, string> = {};
let kitchen: string;
let kettles: string;

const search = async (value: string) => {
  const r = await server.api('offers', { offset: 1, value });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ids: (r.body.offers as { id: string }[]).map((o) => o.id), corrected: r.body.corrected as string | undefined };
};
const names = (ids: string[]) => ids.map((x) => Object.keys(id).find((k) => id[k] === x) ?? x);

beforeAll(async () => {
  server = await startTestServer({ config: { responseCacheMb: 0 } });
  const { database, images, storeId } = server;
  kitchen = await createCategory(server.db, storeId, { category: 'Кухня' });
  kettles = await createCategory(server.db, storeId, { category: 'Чайники', subId: kitchen });
  const home = await createCategory(server.db, storeId, { category: 'Дом и быт' });
  const add = async (key: string, categoryId: string, name: string, vendor?: string) => {
    id[key] = await createOffer(database, images, storeId, { name, categoryId, price: '1000', ...(vendor ? { vendor } : {}) });
  };
  await add('kettle', kettles, 'Чайник электрический', 'Bosch');
  await add('pot', kitchen, 'Кастрюля эмалированная');
  await add('pan', kitchen, 'Сковорода чугунная');
  await add('coffee', kitchen, 'Кофеварка капельная', 'Philips');
  await add('fridge', kitchen, 'Холодильник двухкамерный', 'Samsung');
  await add('tv', home, 'Телевизор 55 дюймов', 'Samsung');
  await add('vacuum', home, 'Пылесос беспроводной', 'Dyson');
  await add('headphones', home, 'Наушники накладные', 'Sony');
  await add('backpack', home, 'Рюкзак городской');
  await add('pillow', home, 'Подушка ортопедическая');
  await add('iron', home, 'Утюг с парогенератором');
  await add('wardrobe', home, 'Шкаф-купе');
  await add('umbrella', home, 'Зонт складной');
  await add('gloves', home, 'Перчатки кожаные');
  await add('washer', home, 'Стиральная машина');
});
afterAll(() => server?.close());

/** Misspelt, wrong-layout and transliterated queries, each with the product meant. */
const HELD_OUT: [string, string][] = [
  ['чайнег', 'kettle'],
  ['чайнек', 'kettle'],
  ['чйник', 'kettle'],
  ['xfqybr', 'kettle'],
  ['chaynik', 'kettle'],
  ['чайник bosh', 'kettle'],
  ['кострюля', 'pot'],
  ['скавародка', 'pan'],
  ['кафеварка', 'coffee'],
  ['халадильник', 'fridge'],
  ['[jkjlbkmybr', 'fridge'],
  ['тилевизор', 'tv'],
  ['пылесас', 'vacuum'],
  ['вныщт', 'vacuum'],
  ['нашники', 'headphones'],
  ['ryukzak', 'backpack'],
  ['podushka', 'pillow'],
  ['утюк', 'iron'],
  ['shkaf', 'wardrobe'],
  ['zont', 'umbrella'],
  ['perchatki', 'gloves'],
  ['стеральная машина', 'washer'],
];

describe('search that forgives typos', () => {
  it.each(HELD_OUT)('"%s" finds the %s', async (query, meant) => {
    const { ids, corrected } = await search(query);
    expect(names(ids)).toContain(meant);
    expect(names(ids)[0]).toBe(meant);
    expect(corrected).toBeTruthy();
  });

  it('says which query it searched instead', async () => {
    expect((await search('чайнег')).corrected).toBe('чайник');
    expect((await search('xfqybr')).corrected).toBe('чайник');
    expect((await search('ыфьыгтп')).corrected).toBe('samsung');
    expect(names((await search('ыфьыгтп')).ids).sort()).toEqual(['fridge', 'tv']);
  });

  it('leaves a query that finds something as it is', async () => {
    const { ids, corrected } = await search('чайники');
    expect(names(ids)).toEqual(['kettle']);
    expect(corrected).toBeUndefined();
  });

  it('finds nothing for nonsense, and does not guess at words of three letters', async () => {
    for (const q of ['ываолдж', 'фывапр', 'zzzzzz', 'qjxwvz', 'утг', 'шкафчик холодильника зонтичного']) {
      expect(await search(q), q).toEqual({ ids: [], corrected: undefined });
    }
  });

  it('knows a product saved later: the vocabulary follows the catalogue', async () => {
    expect((await search('самокад')).ids).toEqual([]);
    id.scooter = await createOffer(server.database, server.images, server.storeId, { name: 'Самокат детский', categoryId: kitchen, price: '2000' });
    expect(names((await search('самокад')).ids)).toEqual(['scooter']);
  });
});

describe('api=suggest', () => {
  const suggest = async (value: string) => {
    const r = await server.api('suggest', { value });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { suggest: { kind: string; id: string; name: string; categoryId?: string; price?: unknown }[]; corrected?: string };
  };

  it('suggests the categories and the products a started word names', async () => {
    const { suggest: list, corrected } = await suggest('чайн');
    expect(list.map((s) => [s.kind, s.kind === 'offer' ? names([s.id])[0] : s.name])).toEqual([
      ['category', 'Чайники'],
      ['offer', 'kettle'],
    ]);
    expect(list[1]).toMatchObject({ name: 'Чайник электрический', categoryId: kettles, price: 1000 });
    expect(corrected).toBeUndefined();
  });

  it('corrects what is typed: a typo in the started word, the other layout', async () => {
    const typo = await suggest('чйни');
    expect(typo.corrected).toBe('чайник');
    expect(typo.suggest.map((s) => s.name)).toEqual(['Чайники', 'Чайник электрический']);
    const layout = await suggest('[jkjl');
    expect(layout.corrected).toBe('холод');
    expect(layout.suggest.map((s) => s.name)).toEqual(['Холодильник двухкамерный']);
  });

  it('shows the first six products of the search, the same six the search page starts with', async () => {
    const { database, images, storeId } = server;
    for (let i = 1; i <= 8; i++) await createOffer(database, images, storeId, { name: `Рюкзак туристический ${i}`, categoryId: kitchen, price: String(100 * i) });
    const { suggest: list } = await suggest('рюкз');
    const offers = list.filter((s) => s.kind === 'offer').map((s) => s.id);
    expect(offers).toHaveLength(6);
    expect(offers).toEqual((await search('рюкз')).ids.slice(0, 6));
  });

  it('answers an empty list for nothing typed or nothing found', async () => {
    expect((await suggest('')).suggest).toEqual([]);
    expect((await suggest('ываолдж')).suggest).toEqual([]);
  });
});
