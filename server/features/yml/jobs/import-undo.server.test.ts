import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importYml } from '../write/importYml';
import { undoImport } from '../write/importUndo';
import { CUSTOMER_PHONE, OWNER_PHONE, rawRequest, startTestServer, type TestServer } from '../../../test/helpers';
import { addShopY, Y_DOMAIN } from '../../../test/checkoutFixtures';

interface FeedOffer {
  id: string;
  price: number;
  category: string;
  colour: string;
  size?: string;
  count?: number;
}

/** A feed of these offers in categories "a" and "b" (the ones it uses). */
function feed(offers: FeedOffer[]): string {
  const categories = [...new Set(offers.map((o) => o.category))].map((c) => `<category id="${c}">Раздел ${c}</category>`).join('');
  const body = offers
    .map(
      (o) =>
        `<offer id="${o.id}" available="true"><name>Товар ${o.id}</name><price>${o.price}</price><currencyId>RUR</currencyId><categoryId>${o.category}</categoryId>` +
        `${o.count === undefined ? '' : `<count>${o.count}</count>`}<param name="Цвет">${o.colour}</param>${o.size ? `<param name="Размер">${o.size}</param>` : ''}</offer>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-29 12:00"><shop><name>Поставщик</name><company>П</company><url>https://supplier.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies><categories>${categories}</categories><offers>
${body}
</offers></shop></yml_catalog>`;
}

const FIRST: FeedOffer[] = [1, 2, 3, 4].map((n) => ({ id: `a${n}`, price: 100 * n, category: 'a', colour: 'красный', count: 10 }));
// The second supplier's feed: a1 repriced and recoloured with a new param, a2 as it was, a3 and a4 missing, three new offers.
const SECOND: FeedOffer[] = [
  { id: 'a1', price: 990, category: 'a', colour: 'синий', size: 'XL', count: 10 },
  FIRST[1],
  ...[1, 2, 3].map((n) => ({ id: `b${n}`, price: 50 * n, category: 'b', colour: 'зелёный', count: 5 })),
];

describe('undo of the last YML import over /rest/yml_imports/:id/undo', () => {
  let s: TestServer;
  let owner: string;
  let first: any;
  let second: any;
  const rest = async (path: string, opts: { file?: string; json?: unknown; token?: string; host?: string } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.token ?? owner}` };
    let body: BodyInit | undefined;
    if (opts.file !== undefined) {
      const form = new FormData();
      form.append('file', new Blob([opts.file], { type: 'text/xml' }), 'feed.xml');
      body = form;
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(`${s.url}/rest${path}`, { method: body ? 'POST' : 'GET', headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const importFeed = async (xml: string, query = '') => {
    const r = await rest(`/yml_imports${query}`, { file: xml });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await s.services.jobs!.idle();
    return (await rest(`/yml_imports/${r.body.id}`)).body;
  };
  /** What a shopper and the owner see of the catalogue: offers (not their stamps), their params, categories and params. */
  const catalogue = async () => {
    const offers = await s.db
      .selectFrom('offers')
      .select(['id', 'name', 'price', 'category_id', 'cat_path', 'active', 'deleted', 'stock', 'data', 'created_at'])
      .where('store_id', '=', s.storeId)
      .orderBy('id')
      .execute();
    const values = await s.db
      .selectFrom('offer_params as op')
      .innerJoin('params as p', (j) => j.onRef('p.store_id', '=', 'op.store_id').onRef('p.base_id', '=', 'op.base_id'))
      .select(['op.offer_id', 'p.name', 'op.value'])
      .where('op.store_id', '=', s.storeId)
      .orderBy('op.offer_id')
      .orderBy('p.name')
      .execute();
    const categories = await s.db.selectFrom('categories').select(['id', 'parent_id', 'name', 'hidden']).where('store_id', '=', s.storeId).orderBy('id').execute();
    const params = await s.db.selectFrom('params').select(['name', 'base_id', 'kind']).where('store_id', '=', s.storeId).orderBy('base_id').execute();
    const search = await s.db.selectFrom('offer_search').select(['offer_id', 'name']).where('store_id', '=', s.storeId).orderBy('offer_id').execute();
    return { offers, values, categories, params, search };
  };
  const shown = async () => (await s.db.selectFrom('offers').select('id').where('store_id', '=', s.storeId).where('active', '=', 1).where('deleted', '=', 0).orderBy('id').execute()).map((r) => r.id);
  let beforeSecond: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    s = await startTestServer({ config: { jobPollMs: 60_000 } });
    owner = (await s.signIn(OWNER_PHONE)).token;
    first = await importFeed(feed(FIRST));
    expect(first.report).toMatchObject({ created: 4, stamp: expect.any(String) });
    beforeSecond = await catalogue();
    second = await importFeed(feed(SECOND), '?mode=replace');
    expect(second.report).toMatchObject({ created: 3, updated: 1, unchanged: 1, hidden: 2 });
    expect(await shown()).toEqual(['a1', 'a2', 'b1', 'b2', 'b3']);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('only the last import can be undone: an earlier one and a preview are refused with import_undo_gone, changing nothing', async () => {
    const older = await rest(`/yml_imports/${first.id}/undo`, { json: {} });
    expect(older.status).toBe(409);
    expect(older.body.error).toMatchObject({ code: 'import_undo_gone' });
    const preview = await importFeed(feed(FIRST), '?preview=1');
    expect(preview.preview).toBe(true);
    const ofPreview = await rest(`/yml_imports/${preview.id}/undo`, { json: {} });
    expect(ofPreview.status).toBe(409);
    expect(await shown()).toEqual(['a1', 'a2', 'b1', 'b2', 'b3']);
  });

  it("another shop's owner cannot undo this shop's import (404), and a stranger gets 401", async () => {
    const y = await addShopY(s, CUSTOMER_PHONE);
    const res = await rawRequest(s.port, 'POST', `/rest/yml_imports/${second.id}/undo`, { authorization: `Bearer ${y.owner.token}`, host: Y_DOMAIN, 'content-type': 'application/json' }, '{}');
    expect(res.status).toBe(404);
    const anonymous = await fetch(`${s.url}/rest/yml_imports/${second.id}/undo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(await shown()).toEqual(['a1', 'a2', 'b1', 'b2', 'b3']);
  });

  it('puts the catalogue back as the import found it, keeping the owner’s later edit and the sales since', async () => {
    // After the import: 3 units of a1 sold (a sale takes stock, not the row's stamp), the owner renames b2.
    await s.db.updateTable('offers').set({ stock: 7 }).where('store_id', '=', s.storeId).where('id', '=', 'a1').execute();
    await s.db.updateTable('offers').set({ name: 'b2 правка владельца', updated_at: new Date().toISOString() }).where('store_id', '=', s.storeId).where('id', '=', 'b2').execute();

    const undone = await rest(`/yml_imports/${second.id}/undo`, { json: {} });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('undone');
    expect(undone.body.report.undo).toEqual({ restored: 1, shown: 2, removed: 2, editedSince: 1, categoriesHidden: 1 });
    expect(await shown()).toEqual(['a1', 'a2', 'a3', 'a4', 'b2']);

    const after = await catalogue();
    const a = (c: typeof after) => c.offers.filter((o) => o.id.startsWith('a'));
    // a1: its earlier price, name, colour and no size; 10 units before the import less the 3 sold since.
    expect(a(after)).toEqual(a(beforeSecond).map((o) => (o.id === 'a1' ? { ...o, stock: 7 } : o)));
    expect(after.values.filter((v) => v.offer_id.startsWith('a'))).toEqual(beforeSecond.values);
    expect(after.search.filter((r) => r.offer_id.startsWith('a'))).toEqual(beforeSecond.search);
    // The new offers are deleted (their order lines keep them), the edited one stays; their category is hidden.
    expect(after.offers.filter((o) => o.id.startsWith('b')).map((o) => [o.id, o.deleted])).toEqual([
      ['b1', 1],
      ['b2', 0],
      ['b3', 1],
    ]);
    expect(after.categories.find((c) => c.id === 'b')).toMatchObject({ hidden: 1 });
    expect(after.categories.filter((c) => c.id !== 'b')).toEqual(beforeSecond.categories);
    // "Размер" came with the import and no offer has it any more: gone. "Цвет" of category a as it was; that of
    // category b stays, b2 (kept) has a value of it.
    expect(after.params).toEqual([...beforeSecond.params, { name: 'Цвет', base_id: 325, kind: 'select' }]);

    // The shopper sees a1 at its earlier price again.
    const item = await s.api('offers', { 'p[478_offer_id]': 'a1' });
    expect(item.body.offers[0]).toMatchObject({ price: 100, stock: 7, params: [{ name: 'Цвет', valueName: 'красный' }] });
  });

  it('an undo is done once: a second is refused, and the next import works from the restored catalogue', async () => {
    const again = await rest(`/yml_imports/${second.id}/undo`, { json: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'import_undo_gone' });
    const list = await rest('/yml_imports');
    expect(list.body.find((j: any) => j.id === second.id)).toMatchObject({ status: 'undone' });
    const next = await importFeed(feed(FIRST), '?mode=merge');
    expect(next.report).toMatchObject({ created: 0, unchanged: 3, hidden: 0 });
  });

  it('a product the undo deleted is counted as created when a feed brings it back', async () => {
    // b1 and b3 were created by the undone import, and deleted by its undo.
    const back = await importFeed(feed([SECOND[2], SECOND[4]]), '?mode=merge');
    expect(back.report).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(back.report.examples.created).toHaveLength(2);
  });

  it('an import that rewrites more offers than an undo keeps says it cannot be undone, and keeps nothing', async () => {
    const rewritten = FIRST.map((o) => ({ ...o, price: o.price + 1 }));
    const r = await importYml(s.db, s.dialect, s.images, s.storeId, Readable.from([Buffer.from(feed(rewritten))]), { mode: 'merge', undoLimit: 2 });
    expect(r).toMatchObject({ updated: 4, undoable: false });
    expect(await s.db.selectFrom('import_undo').select('kind').where('store_id', '=', s.storeId).execute()).toEqual([]);
    expect(await undoImport(s.db, s.dialect, s.storeId, r.stamp)).toBeNull();
    // Within the limit it can.
    const within = await importYml(s.db, s.dialect, s.images, s.storeId, Readable.from([Buffer.from(feed(FIRST))]), { mode: 'merge', undoLimit: 4 });
    expect(within).toMatchObject({ updated: 4, undoable: true });
    expect(await undoImport(s.db, s.dialect, s.storeId, within.stamp)).toMatchObject({ restored: 4 });
    const a2 = await s.db.selectFrom('offers').select('price').where('store_id', '=', s.storeId).where('id', '=', 'a2').executeTakeFirstOrThrow();
    expect(Number(a2.price)).toBe(201);
  });
});

describe('undo of an import that moved a category', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  const moveFeed = (bUnderA: boolean, offers: string) => `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-30 12:00"><shop><name>П</name><company>П</company><url>https://m.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="ma">A</category><category id="mb"${bUnderA ? ' parentId="ma"' : ''}>B</category></categories>
<offers>${offers}</offers></shop></yml_catalog>`;
  const offer = (id: string, category: string, param: string) =>
    `<offer id="${id}" available="true"><name>Товар ${id}</name><price>100</price><currencyId>RUR</currencyId><categoryId>${category}</categoryId>${param}</offer>`;

  it("gives the products it did not rewrite their param values back under the param's earlier base id", async () => {
    const storeId = await s.addStore({ name: 'Переезд', domain: 'move.test' });
    const run = (xml: string, mode: 'replace' | 'merge') => importYml(s.db, s.dialect, s.images, storeId, Readable.from([Buffer.from(xml)]), { mode });
    const colour = () => s.db.selectFrom('params').select(['id', 'base_id']).where('store_id', '=', storeId).where('name', '=', 'Цвет').executeTakeFirstOrThrow();
    /** The base ids of the offer's param values. */
    const valuesOf = async (id: string) => (await s.db.selectFrom('offer_params').select('base_id').where('store_id', '=', storeId).where('offer_id', '=', id).execute()).map((r) => r.base_id);
    // A and B side by side: "Размер" of A, then "Цвет" of B on the same base id (their paths do not meet).
    await run(moveFeed(false, offer('m1', 'ma', '<param name="Размер">S</param>')), 'replace');
    await run(moveFeed(false, offer('m2', 'mb', '<param name="Цвет">красный</param>') + offer('m3', 'mb', '<param name="Цвет">белый</param>')), 'merge');
    // Imports take a base id no param of the shop has while there is one; a shop short of slots reuses those of
    // other paths: "Цвет" of B on the base id of "Размер" of A.
    const size = await s.db.selectFrom('params').select('base_id').where('store_id', '=', storeId).where('name', '=', 'Размер').executeTakeFirstOrThrow();
    const own = await colour();
    await s.db.updateTable('offer_params').set({ base_id: size.base_id }).where('store_id', '=', storeId).where('base_id', '=', own.base_id).execute();
    await s.db.updateTable('params').set({ base_id: size.base_id }).where('id', '=', own.id).execute();
    const before = await colour();
    expect(await valuesOf('m3')).toEqual([before.base_id]);
    // B moves under A, m3 is not in the feed (merge keeps it as it is): "Цвет" is renumbered, m3's value with it.
    const moved = await run(moveFeed(true, offer('m1', 'ma', '<param name="Размер">S</param>') + offer('m2', 'mb', '<param name="Цвет">синий</param>')), 'merge');
    const renumbered = await colour();
    expect(renumbered.base_id).not.toBe(before.base_id);
    expect(await valuesOf('m3')).toEqual([renumbered.base_id]);

    // m2 rewritten (its colour), m1 as it was, m3 not in the feed.
    expect(await undoImport(s.db, s.dialect, storeId, moved.stamp)).toMatchObject({ restored: 1 });
    expect(await colour()).toEqual(before);
    expect(await valuesOf('m3')).toEqual([before.base_id]);
    expect(await valuesOf('m2')).toEqual([before.base_id]);
  });
});
