import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type CompiledQuery, type DatabaseConnection } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import { bumpCatalogue, catalogueShape } from '../../db/catalogueVersion';
import { secondConnection, startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { rest } from '../../test/checkoutFixtures';
import { importYml } from '../yml/write/importYml';
import { readingAhead, usedInCategory } from './categoryFilters';
import { categoryTree } from './categoryTree';
import { allParams } from './params';

/**
 * A shopper's filters of a category offer what its live products have (categoryFilters.ts): a feed's
 * params that span branches are shop-wide, and a category offered every one of them with every value.
 */
const offer = (id: string, cat: string, price: number, params: [string, string][]) =>
  `<offer id="${id}" available="true"><name>Товар ${id}</name><price>${price}</price><currencyId>RUR</currencyId><categoryId>${cat}</categoryId>${params
    .map(([n, v]) => `<param name="${n}">${v}</param>`)
    .join('')}</offer>`;
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-30 12:00"><shop><name>s</name><company>s</company><url>https://s.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="1">Одежда</category><category id="2" parentId="1">Футболки</category><category id="3">Книги</category><category id="4">Посуда</category></categories>
<offers>
${offer('t1', '2', 1000, [['Цвет', 'красный'], ['Размер', 'M'], ['Вес', '0.2']])}
${offer('t2', '2', 1500, [['Цвет', 'синий'], ['Размер', 'L'], ['Вес', '0.3']])}
${offer('b1', '3', 300, [['Цвет', 'зелёный'], ['Материал', 'бумага'], ['Вес', '0.5']])}
${offer('k1', '4', 700, [['Цвет', 'белый'], ['Материал', 'керамика'], ['Вес', '1.5']])}
${offer('k2', '4', 99000, [['Цвет', 'чёрный'], ['Материал', 'чугун'], ['Вес', '9']])}
</offers></shop></yml_catalog>`;

interface Filter {
  name: string;
  baseId: string;
  userId: string;
  kind: string;
  values: { id: string; name: string }[];
  defaultFrom?: number;
  defaultTo?: number;
}

let server: TestServer, owner: Auth;
beforeAll(async () => {
  ({ server, owner } = await startSignedIn());
  const r = await importYml(server.db, server.dialect, server.images, server.storeId, [FEED], {});
  expect(r.created).toBe(5);
  // The dearest pan hidden by the owner: a hidden product's values and price are not offered.
  expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'hide', ids: ['k2'] } })).status).toBe(200);
});
afterAll(() => server?.close());

const filters = async (categoryId: string, token?: Auth) => {
  const r = await server.api<{ offers_params: Filter[] }>('offers_params', { 'p[389_category_id]': categoryId }, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return new Map(r.body.offers_params.map((p) => [p.name, p]));
};
const valuesOf = (f: Filter | undefined) => f?.values.map((v) => v.name).sort();

/**
 * `base` as a process of its own (nothing of it in memory) whose every query first awaits `before`: a held
 * query waits without taking the connection, so the others go on meanwhile (Kysely's plugins transform a
 * result while holding it). No transactions.
 */
function gated(base: Database, before: (q: CompiledQuery) => Promise<void>): Kysely<DB> {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(q: CompiledQuery) => {
      await before(q);
      return base.db.executeQuery<R>(q);
    },
    streamQuery: () => {
      throw new Error('not streamed here');
    },
  };
  const pg = base.dialect === 'postgres';
  const none = async () => {
    throw new Error('no transactions here');
  };
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      createIntrospector: (k) => (pg ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createDriver: () => ({
        init: async () => undefined,
        acquireConnection: async () => connection,
        beginTransaction: none,
        commitTransaction: none,
        rollbackTransaction: none,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
    },
  });
}

describe("a shopper's filters of a category", () => {
  it('offer the params its products have, with their values only', async () => {
    const shirts = await filters('2');
    expect([...shirts.keys()]).toEqual(expect.arrayContaining(['price', 'Цвет', 'Размер', 'Вес']));
    expect(shirts.has('Материал')).toBe(false);
    expect(valuesOf(shirts.get('Цвет'))).toEqual(['красный', 'синий']);
    expect(valuesOf(shirts.get('Размер'))).toEqual(['L', 'M']);
    // A parent category offers what the products below it have.
    expect(valuesOf((await filters('1')).get('Цвет'))).toEqual(['красный', 'синий']);

    const books = await filters('3');
    expect(books.has('Размер')).toBe(false);
    expect(valuesOf(books.get('Цвет'))).toEqual(['зелёный']);
    expect(valuesOf(books.get('Материал'))).toEqual(['бумага']);
  });

  it('range numbers and prices over its live products, not the shop', async () => {
    const shirts = await filters('2');
    expect(shirts.get('price')).toMatchObject({ defaultFrom: 1000, defaultTo: 1500 });
    expect(shirts.get('Вес')).toMatchObject({ defaultFrom: 0, defaultTo: 1 });
    const pans = await filters('4');
    expect(pans.get('price')).toMatchObject({ defaultFrom: 700, defaultTo: 700 });
    expect(pans.get('Вес')).toMatchObject({ defaultFrom: 1, defaultTo: 2 });
    expect(valuesOf(pans.get('Цвет'))).toEqual(['белый']);
    expect(valuesOf(pans.get('Материал'))).toEqual(['керамика']);
    // The whole shop's list (no category) still offers every value and the whole range of live products.
    const all = await filters('0');
    expect(valuesOf(all.get('Цвет'))).toEqual(['белый', 'зелёный', 'красный', 'синий', 'чёрный']);
    expect(all.get('price')).toMatchObject({ defaultFrom: 300, defaultTo: 1500 });
  });

  it('follow the catalogue: a product shown again brings its values back', async () => {
    expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'show', ids: ['k2'] } })).status).toBe(200);
    const pans = await filters('4');
    expect(valuesOf(pans.get('Цвет'))).toEqual(['белый', 'чёрный']);
    expect(pans.get('price')).toMatchObject({ defaultFrom: 700, defaultTo: 99000 });
    expect((await rest(server, 'POST', '/offers/bulk', { token: owner, json: { action: 'hide', ids: ['k2'] } })).status).toBe(200);
    expect(valuesOf((await filters('4')).get('Цвет'))).toEqual(['белый']);
  });

  it("follow a product written by another worker process at once (each category's part is kept per catalogue shape)", async () => {
    const other: Database = secondConnection(server);
    try {
      expect(valuesOf((await filters('3')).get('Материал'))).toEqual(['бумага']);
      // As the owner's save in another process: the book moves to the pans.
      await other.db.transaction().execute(async (tx) => {
        await tx.updateTable('offers').set({ category_id: '4' }).where('store_id', '=', server.storeId).where('id', '=', 'b1').execute();
        await bumpCatalogue(tx, server.storeId);
      });
      const books = await filters('3');
      expect(books.has('Материал')).toBe(false);
      expect(books.get('price')).toMatchObject({ defaultFrom: 0, defaultTo: 0 });
      expect(valuesOf((await filters('4')).get('Материал'))).toEqual(['бумага', 'керамика']);
    } finally {
      await other.db.transaction().execute(async (tx) => {
        await tx.updateTable('offers').set({ category_id: '3' }).where('store_id', '=', server.storeId).where('id', '=', 'b1').execute();
        await bumpCatalogue(tx, server.storeId);
      });
      await other.close();
    }
  });

  it('the owner, setting up a category, sees every param of its path with every value', async () => {
    const books = await filters('3', owner);
    // (Sizes are the shirts' own param: the import gave it their category, off the books' path.)
    expect(books.has('Размер')).toBe(false);
    expect(valuesOf(books.get('Цвет'))).toEqual(['белый', 'зелёный', 'красный', 'синий', 'чёрный']);
    expect(books.has('Материал')).toBe(true);
  });

  it('a filtered list finds what each offered value promises', async () => {
    const colour = (await filters('2')).get('Цвет')!;
    for (const v of colour.values) {
      const list = await server.api<{ offers: { id: string }[] }>('offers', { 'p[287_categoryId]': '2', [`filter[${colour.baseId}]`]: v.id });
      expect(list.body.offers.length, v.name).toBe(1);
    }
  });
});

describe('a category whose products are still being read (FILTERS_WAIT_MS)', () => {
  let quick: TestServer;
  let quickOwner: Auth;
  beforeAll(async () => {
    // 0: never wait, so the first answer after a write is the shop's filters, whatever the machine's speed.
    ({ server: quick, owner: quickOwner } = await startSignedIn({ config: { filtersWaitMs: 0, jobPollMs: 60_000 } }));
    await importYml(quick.db, quick.dialect, quick.images, quick.storeId, [FEED], {});
  });
  afterAll(() => quick?.close());

  it("is answered with the shop's filters at once, not kept, and with its own once read", async () => {
    const answer = async () => {
      const r = await quick.api<{ offers_params: Filter[]; provisional?: boolean }>('offers_params', { 'p[389_category_id]': '2' });
      expect(r.status).toBe(200);
      return r.body;
    };
    const colours = async () => valuesOf((await answer()).offers_params.find((p) => p.name === 'Цвет'));
    const first = await answer();
    expect(valuesOf(first.offers_params.find((p) => p.name === 'Цвет'))).toEqual(['белый', 'зелёный', 'красный', 'синий', 'чёрный']);
    // Marked, so the shop asks again at its next opening rather than keeping it (filtersSaga.ts).
    expect(first.provisional).toBe(true);
    // The answer cache did not keep that answer: the category's own comes as soon as it is read.
    await expect.poll(colours).toEqual(['красный', 'синий']);
    const cache = quick.services.responseCache!;
    const hits = cache.hits;
    expect(await answer()).not.toHaveProperty('provisional');
    expect(cache.hits).toBe(hits + 1);
  });

  it("an owner's save of one product or a bulk action has only its categories read again, the others' answers stay their own", async () => {
    const colours = async (categoryId: string) => {
      const r = await quick.api<{ offers_params: Filter[] }>('offers_params', { 'p[389_category_id]': categoryId });
      expect(r.status).toBe(200);
      return valuesOf(r.body.offers_params.find((p) => p.name === 'Цвет'));
    };
    const move = async (id: string, categoryId: string) =>
      expect((await quick.api('offers', { update: 1, 'p[478_offer_id]': id, 'p[287_categoryId]': categoryId }, { token: quickOwner })).status).toBe(200);
    await expect.poll(() => colours('2')).toEqual(['красный', 'синий']);
    await expect.poll(() => colours('3')).toEqual(['зелёный']);
    await expect.poll(() => colours('4')).toEqual(['белый', 'чёрный']);
    // The blue shirt goes to the pans: the books' answer is still their own at once (this server never waits).
    await move('t2', '4');
    expect(await colours('3')).toEqual(['зелёный']);
    // The shirts and the pans, read again: the old category and the new one.
    await expect.poll(() => colours('2')).toEqual(['красный']);
    await expect.poll(() => colours('4')).toEqual(['белый', 'синий', 'чёрный']);
    await move('t2', '2');
    await expect.poll(() => colours('2')).toEqual(['красный', 'синий']);
    expect(await colours('3')).toEqual(['зелёный']);
    // So does a bulk action: its products' categories only.
    expect((await rest(quick, 'POST', '/offers/bulk', { token: quickOwner, json: { action: 'hide', ids: ['k2'] } })).status).toBe(200);
    expect(await colours('3')).toEqual(['зелёный']);
    await expect.poll(() => colours('4')).toEqual(['белый']);
    expect((await rest(quick, 'POST', '/offers/bulk', { token: quickOwner, json: { action: 'show', ids: ['k2'] } })).status).toBe(200);
    await expect.poll(() => colours('4')).toEqual(['белый', 'чёрный']);
  });

  it("another process's catalogue change has every category read ahead from the first request that meets it", async () => {
    const filtersOf = (categoryId: string) => quick.api<{ offers_params: Filter[]; provisional?: boolean }>('offers_params', { 'p[389_category_id]': categoryId });
    await expect.poll(async () => valuesOf((await filtersOf('2')).body.offers_params.find((p) => p.name === 'Цвет'))).toEqual(['красный', 'синий']);
    // As another worker's import: the shape moves on, and this process has read nothing of it.
    const other: Database = secondConnection(quick);
    try {
      await bumpCatalogue(other.db, quick.storeId);
    } finally {
      await other.close();
    }
    // A shopper opens the books' filters; the shirts' are read meanwhile, though nobody asked for them yet.
    expect((await filtersOf('3')).status).toBe(200);
    await readingAhead(quick.db, quick.storeId);
    const shirts = await filtersOf('2');
    expect(shirts.body).not.toHaveProperty('provisional');
    expect(valuesOf(shirts.body.offers_params.find((p) => p.name === 'Цвет'))).toEqual(['красный', 'синий']);
  });

  it('a feed imported by the import jobs has its categories read before shoppers ask', async () => {
    const next = FEED.replace('</offers>', `${offer('t3', '2', 900, [['Цвет', 'зелёный']])}\n</offers>`);
    const form = new FormData();
    form.append('file', new Blob([next], { type: 'text/xml' }), 'feed.xml');
    const r = await fetch(`${quick.url}/rest/yml_imports`, { method: 'POST', headers: { authorization: `Bearer ${quickOwner.token}` }, body: form });
    expect(r.status).toBe(201);
    await quick.services.jobs!.idle();
    // The first shopper's answer after the import is the category's own, though this server never waits.
    const first = await quick.api<{ offers_params: Filter[] }>('offers_params', { 'p[389_category_id]': '2' });
    expect(valuesOf(first.body.offers_params.find((p) => p.name === 'Цвет'))).toEqual(['зелёный', 'красный', 'синий']);
  });

  it('a process started later answers at once with the categories another one read, kept in the database', async () => {
    await readingAhead(quick.db, quick.storeId);
    const shape = await catalogueShape(quick.db, quick.storeId);
    const kept = () => quick.db.selectFrom('category_uses').select('shape').where('store_id', '=', quick.storeId).where('category_id', '=', '2').executeTakeFirst();
    await expect.poll(async () => Number((await kept())?.shape)).toBe(shape);
    const useIn = async (db: Database['db'], dialect: Database['dialect']) =>
      usedInCategory(db, dialect, quick.storeId, await categoryTree(db, quick.storeId), '2', await allParams(db, quick.storeId), 0);
    // As a restarted or another worker process: nothing read in memory, and it never waits (filtersWaitMs 0).
    const other: Database = secondConnection(quick);
    try {
      const use = await useIn(other.db, other.dialect);
      expect(use).not.toBeNull();
      expect(use).toEqual(await useIn(quick.db, quick.dialect));
      expect([...use!.values.values()].flatMap((v) => [...v]).length).toBeGreaterThan(0);
      await readingAhead(other.db, quick.storeId);
    } finally {
      await other.close();
    }
  });

  it('a part not kept in the database is looked up there once while this process reads it, not by every request meanwhile', async () => {
    const other: Database = secondConnection(quick);
    // As another worker meeting a new shape: nothing kept for it. Its reading of the shirts is held until
    // `release` (a top category at a million products takes over a second); its look-ups of them are counted.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lookups = 0;
    let holding = 0;
    const db = gated(other, async (q) => {
      if (!/^select\b/i.test(q.sql) || !q.parameters.includes('2')) return;
      if (/\bfrom "category_uses"/.test(q.sql)) lookups++;
      if (/\bfrom "offers"/.test(q.sql)) {
        holding++;
        await held;
      }
    });
    const useIn = async () => usedInCategory(db, other.dialect, quick.storeId, await categoryTree(db, quick.storeId), '2', await allParams(db, quick.storeId), 0);
    try {
      await bumpCatalogue(other.db, quick.storeId);
      // The first request looks the shirts up, finds nothing of this shape and has them read.
      expect(await useIn()).toBeNull();
      expect(lookups).toBeGreaterThan(0);
      const after = lookups;
      // The requests while they are read: the same answer, without asking the database again.
      for (let n = 0; n < 3; n++) expect(await useIn()).toBeNull();
      expect(holding).toBeGreaterThan(0);
      expect(lookups).toBe(after);
      release();
      await readingAhead(db, quick.storeId);
      expect([...(await useIn())!.values.values()].flatMap((v) => [...v]).length).toBeGreaterThan(0);
      expect(lookups).toBe(after);
      // An owner's save of the shirts' products (by another process): what is kept may be newer, so it is looked up again.
      await bumpCatalogue(other.db, quick.storeId, { categories: ['2'] });
      await useIn();
      expect(lookups).toBe(after + 1);
    } finally {
      release();
      await readingAhead(db, quick.storeId);
      await other.close();
    }
  });
});

describe("a deleted category's filters as read", () => {
  let own: TestServer;
  let ownOwner: Auth;
  beforeAll(async () => {
    ({ server: own, owner: ownOwner } = await startSignedIn());
    await importYml(own.db, own.dialect, own.images, own.storeId, [FEED], {});
  });
  afterAll(() => own?.close());

  it('go from category_uses and category_changes with it and the categories below it; the others stay', async () => {
    const kept = async () =>
      (await own.db.selectFrom('category_uses').select('category_id').where('store_id', '=', own.storeId).execute()).map((r) => r.category_id).sort();
    for (const id of ['1', '3']) expect((await own.api('offers_params', { 'p[389_category_id]': id })).status).toBe(200);
    await readingAhead(own.db, own.storeId);
    await expect.poll(kept).toEqual(['1', '2', '3', '4']);
    // An owner's save marks its products' categories changed (catalogueVersion.ts).
    expect((await rest(own, 'POST', '/offers/bulk', { token: ownOwner, json: { action: 'hide', ids: ['t1', 'k2'] } })).status).toBe(200);
    const changed = async () =>
      (await own.db.selectFrom('category_changes').select('category_id').where('store_id', '=', own.storeId).execute()).map((r) => r.category_id).sort();
    expect(await changed()).toEqual(['2', '4']);
    const r = await own.api<{ deleted: string[] }>('offers_category', { del: 1, 'p[486_category_id]': '1' }, { token: ownOwner });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.deleted.sort()).toEqual(['1', '2']);
    expect(await kept()).toEqual(['3', '4']);
    expect(await changed()).toEqual(['4']);
  });
});
