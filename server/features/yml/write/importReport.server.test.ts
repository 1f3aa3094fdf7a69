import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importYml } from './importYml';
import { startTestServer, type TestServer } from '../../../test/helpers';

const offer = (id: string, inner: string) => `<offer id="${id}" available="true"><name>Товар ${id}</name>${inner}<currencyId>RUR</currencyId></offer>`;
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-30 12:00"><shop><name>П</name><company>П</company><url>https://r.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="r">Раздел</category></categories><offers>
${offer('p1', '<price>100</price><categoryId>r</categoryId><picture>https://r.example/1.jpg</picture>')}
${offer('p2', '<price>200</price><categoryId>r</categoryId>')}
${offer('p3', '<categoryId>r</categoryId>')}
${offer('p4', '<price>400</price><categoryId>999</categoryId><picture>https://r.example/4.jpg</picture>')}
</offers></shop></yml_catalog>`;

describe("an import's report of warnings", () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startTestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-report-'));
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('counts and names each offer without a picture or a price, an undeclared category once, and sells no offer at 0', async () => {
    const storeId = await s.addStore({ name: 'Отчёт', domain: 'report.test' });
    const warningsFile = path.join(dir, 'warnings.csv');
    const r = await importYml(s.db, s.dialect, s.images, storeId, Readable.from([Buffer.from(FEED)]), { warningsFile });
    expect(r).toMatchObject({ created: 3, skipped: 1, skippedBy: { category_missing: 1 } });
    expect(r.warningKinds).toMatchObject({ picture: 2, undeclared_category: 1, missing_value: 1 });
    expect(r.warningIds).toMatchObject({ picture: ['p2', 'p3'], undeclared_category: ['p4'], missing_value: ['p3'] });
    // The downloadable list: a row per offer and kind.
    const csv = fs.readFileSync(warningsFile, 'utf8');
    expect(csv).toContain('picture,p2,');
    expect(csv).toContain('picture,p3,');
    expect(csv).toContain('missing_value,p3,');
    expect(csv.match(/undeclared_category/g)).toHaveLength(1);
    // The offer without a price is stored but cannot be ordered.
    const rows = await s.db.selectFrom('offers').select(['id', 'price', 'available']).where('store_id', '=', storeId).orderBy('id').execute();
    expect(rows.map((o) => [o.id, Number(o.price), o.available])).toEqual([
      ['p1', 100, 1],
      ['p2', 200, 1],
      ['p3', 0, 0],
    ]);
  });
});
