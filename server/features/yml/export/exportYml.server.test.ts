/** GET /yml.xml: a valid feed of the shop, its ETag, and a round trip (export, import into an empty shop, same catalogue). */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { EXPORT_KEEP_MS, sweepExports } from './exportFile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../../stores/stores';
import { startTestServer, type TestServer } from '../../../test/helpers';
import { importFeed } from '../jobs/importFeed';

let server: TestServer;
/** The SQL of every query the app ran through Kysely. */
const queries: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ log: (e) => void (e.level === 'query' && queries.push(e.query.sql)) });
});
afterAll(() => server?.close());

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-24 10:00"><shop><name>Исходный</name><company>Исходный</company><url>https://a.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="1">Кухня</category><category id="2" parentId="1">Чайники &amp; кофе</category><category id="3">Текстиль</category></categories>
<offers>
<offer id="t1" group_id="kettle-17" available="true"><name>Чайник "Стекло" &lt;1,7 л&gt;</name><vendor>Альфа</vendor><price>1990</price><oldprice>2490</oldprice><currencyId>RUR</currencyId><categoryId>2</categoryId>
<picture>https://img.example/t1a.jpg</picture><picture>https://img.example/t1b.jpg</picture><description><![CDATA[<p>Прозрачный <b>чайник</b>.</p>]]></description>
<param name="Цвет">прозрачный</param><param name="Объём" unit="л">1.7</param><param name="Съёмный фильтр">да</param></offer>
<offer id="t2" available="false"><name>Плед</name><price>3500</price><currencyId>RUR</currencyId><categoryId>3</categoryId><picture>https://img.example/t2.jpg</picture>
<param name="Цвет">серый</param><param name="Объём" unit="л">0</param></offer>
</offers></shop></yml_catalog>`;

/** A store's catalogue, read from the database in a comparable form. */
async function catalogue(storeId: number) {
  const db = server.db;
  const categories = await db.selectFrom('categories').select(['id', 'parent_id', 'name']).where('store_id', '=', storeId).where('hidden', '=', 0).orderBy('id').execute();
  const params = new Map((await db.selectFrom('params').selectAll().where('store_id', '=', storeId).execute()).map((p) => [p.base_id, p]));
  const values = new Map((await db.selectFrom('param_values').selectAll().where('store_id', '=', storeId).execute()).map((v) => [`${v.param_id}:${v.id}`, v.name]));
  const offers = await db.selectFrom('offers').selectAll().where('store_id', '=', storeId).where('active', '=', 1).orderBy('id').execute();
  const out = [];
  for (const o of offers) {
    const ps = await db.selectFrom('offer_params').selectAll().where('store_id', '=', storeId).where('offer_id', '=', o.id).execute();
    const data = JSON.parse(o.data);
    out.push({
      id: o.id,
      name: o.name,
      vendor: o.vendor,
      price: o.price,
      oldprice: o.oldprice,
      available: o.available,
      categoryId: o.category_id,
      groupId: o.group_id,
      description: data.description ?? null,
      pictures: data.images.map((i: { img: string }) => i.img),
      params: ps
        .filter((p) => params.has(p.base_id))
        .map((p) => {
          const def = params.get(p.base_id)!;
          return `${def.name}|${def.unit ?? ''}|${def.kind}|${def.kind === 'select' ? values.get(`${def.id}:${p.value}`) : p.value}`;
        })
        .sort(),
    });
  }
  return { categories, offers: out };
}

describe('YML export', () => {
  it('serves the catalogue at /yml.xml and an import of it into an empty shop gives the same catalogue', async () => {
    await importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: Readable.from([Buffer.from(FEED)]) });
    const res = await fetch(`${server.url}/yml.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const text = await res.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<yml_catalog date="\d{4}-\d\d-\d\d \d\d:\d\d">/);
    expect(text).toContain('<category id="2" parentId="1">Чайники &amp; кофе</category>');
    expect(text).toContain('<offer id="t1" group_id="kettle-17" available="true">');

    const empty = await createStore(server.db, { name: 'Копия' });
    const report = await importFeed({ db: server.db, dialect: server.dialect, storeId: empty, input: Readable.from([Buffer.from(text)]) });
    expect(report).toMatchObject({ created: 2, skipped: [], warnings: {} });
    const [a, b] = [await catalogue(server.storeId), await catalogue(empty)];
    expect(a.offers).toHaveLength(2);
    expect(a.offers[0].params).toHaveLength(3);
    expect(b).toEqual(a);
  });

  it('answers 304 to the current ETag and a new ETag once the catalogue changes', async () => {
    const first = await fetch(`${server.url}/yml.xml`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{10}-\d+"$/);
    await first.text();
    queries.length = 0;
    const again = await fetch(`${server.url}/yml.xml`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A 304 reads the shop and its catalogue version, not its offers (a count over them took 290-340 ms at 1M).
    expect(queries.filter((q) => /\b(offers|categories|params|param_values)\b/.test(q))).toEqual([]);
    await importFeed({ db: server.db, dialect: server.dialect, storeId: server.storeId, input: Readable.from([Buffer.from(FEED.replace('<price>1990</price>', '<price>1890</price>'))]) });
    const changed = await fetch(`${server.url}/yml.xml`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('<price>1890</price>');
  });

  it('a file swept away is built again at the next request, and the sweep takes only files a week old', async () => {
    const dir = path.join(server.config.dataDir, 'exports');
    const first = await fetch(`${server.url}/yml.xml`);
    const body = await first.text();
    const [file] = fs.readdirSync(dir).filter((n) => n.endsWith('.xml'));
    expect(await sweepExports(dir)).toBe(0);
    const old = new Date(Date.now() - EXPORT_KEEP_MS - 60_000);
    fs.utimesSync(path.join(dir, file), old, old);
    expect(await sweepExports(dir)).toBe(1);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.xml'))).toEqual([]);
    const again = await fetch(`${server.url}/yml.xml`);
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    // The same feed but for its date line.
    expect((await again.text()).replace(/date="[^"]*"/, '')).toBe(body.replace(/date="[^"]*"/, ''));
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.xml'))).toEqual([file]);
  });
});
