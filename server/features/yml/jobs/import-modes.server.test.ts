import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_TABLES, OWNER_PHONE, snapshot, startTestServer, type TestServer } from '../../../test/helpers';
import { sweepFeeds } from './sweepFeeds';
import { saveStore } from '../../stores/public';

/** A supplier's feed: `n` offers with ids `<prefix>1…`, in one category of its own. */
function supplierFeed(prefix: string, n: number, price = 100): string {
  const offers = Array.from(
    { length: n },
    (_, i) => `<offer id="${prefix}${i + 1}" available="true"><name>${prefix} товар ${i + 1}</name><price>${price + i}</price><currencyId>RUR</currencyId><categoryId>${prefix}c</categoryId></offer>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-29 12:00"><shop><name>${prefix}</name><company>${prefix}</company><url>https://${prefix}.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="${prefix}c">Раздел ${prefix}</category></categories>
<offers>
${offers}
</offers></shop></yml_catalog>`;
}

type Rest = { status: number; body: any };
async function rest(s: TestServer, token: string, path: string, opts: { json?: unknown; file?: string; query?: string } = {}): Promise<Rest> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.file !== undefined) {
    const form = new FormData();
    form.append('file', new Blob([opts.file], { type: 'text/xml' }), 'feed.xml');
    body = form;
  }
  const res = await fetch(`${s.url}/rest${path}${opts.query ?? ''}`, { method: body ? 'POST' : 'GET', headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('YML import modes, previews and unchanged offers over /rest/yml_imports', () => {
  let s: TestServer;
  let owner: string;
  const ended = async (id: number) => {
    await s.services.jobs!.idle();
    return (await rest(s, owner, `/yml_imports/${id}`)).body;
  };
  const upload = async (xml: string, query = '') => {
    const r = await rest(s, owner, '/yml_imports', { file: xml, query });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return ended(r.body.id);
  };
  const activeIds = async () =>
    (await s.db.selectFrom('offers').select('id').where('store_id', '=', s.storeId).where('active', '=', 1).orderBy('id').execute()).map((r) => r.id);

  beforeAll(async () => {
    s = await startTestServer({ config: { jobPollMs: 60_000 } });
    owner = (await s.signIn(OWNER_PHONE)).token;
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(async () => {
    await s.services.jobs!.idle();
  });

  it('refuses an unknown mode with import_mode_unknown and stores no job', async () => {
    const viaQuery = await rest(s, owner, '/yml_imports', { file: supplierFeed('a', 2), query: '?mode=wipe' });
    expect(viaQuery.status).toBe(400);
    expect(viaQuery.body.error).toMatchObject({ code: 'import_mode_unknown' });
    const viaJson = await rest(s, owner, '/yml_imports', { json: { source: 'link', mode: 'everything' } });
    expect(viaJson.status).toBe(400);
    expect(viaJson.body.error).toMatchObject({ code: 'import_mode_unknown' });
    expect(await s.db.selectFrom('yml_jobs').selectAll().execute()).toEqual([]);
  });

  it('a first replace import creates the catalogue; the job and its report name the mode', async () => {
    const job = await upload(supplierFeed('a', 4));
    expect(job).toMatchObject({ status: 'done', mode: 'replace', preview: false });
    expect(job.report).toMatchObject({ mode: 'replace', preview: false, created: 4, updated: 0, unchanged: 0, hidden: 0 });
    expect(await activeIds()).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('a preview of a second feed counts what it would do, names examples, and changes nothing stored', async () => {
    await s.db.updateTable('offers').set({ name: 'a правка владельца' }).where('store_id', '=', s.storeId).where('id', '=', 'a2').execute();
    const before = await snapshot(s.db, CATALOGUE_TABLES);
    // The second feed has a1 as stored (unchanged), a2 edited by the owner (changed back), and three new offers.
    const second = supplierFeed('b', 3)
      .replace('</categories>', '<category id="ac">Раздел a</category></categories>')
      .replace('<offers>\n', `<offers>\n${supplierFeed('a', 2).match(/<offer [\s\S]*<\/offer>/)![0]}\n`);
    const job = await upload(second, '?preview=1');
    expect(job).toMatchObject({ status: 'done', preview: true, mode: 'replace' });
    expect(job.report).toMatchObject({ preview: true, created: 3, updated: 1, unchanged: 1, wouldHide: 2, hidden: 2 });
    expect(job.report.examples).toEqual({
      created: ['b товар 1', 'b товар 2', 'b товар 3'],
      updated: ['a товар 2'],
      unchanged: ['a товар 1'],
      hidden: ['a товар 3', 'a товар 4'],
      renamed: [],
      ownerKept: [],
    });
    expect(await snapshot(s.db, CATALOGUE_TABLES)).toBe(before);
  });

  it("a preview names the shop's categories a feed would rename under their ids: another supplier's clashing ids", async () => {
    const before = await snapshot(s.db, CATALOGUE_TABLES);
    // Supplier x numbers its category as supplier a did: imported, a's products would sit under x's name.
    const job = await upload(supplierFeed('x', 2).replaceAll('xc', 'ac'), '?preview=1');
    expect(job.report.categories).toMatchObject({ updated: 1, renamed: 1 });
    expect(job.report.examples.renamed).toEqual(['Раздел a → Раздел x']);
    expect(await snapshot(s.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('merge from a preview adds and updates only: the first catalogue stays visible', async () => {
    const preview = await upload(supplierFeed('b', 3), '?preview=1');
    expect(preview.report).toMatchObject({ created: 3, wouldHide: 4 });
    const started = await rest(s, owner, '/yml_imports', { json: { from: preview.id, mode: 'merge' } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ mode: 'merge', preview: false, source: 'file' });
    const job = await ended(started.body.id);
    expect(job.report).toMatchObject({ mode: 'merge', created: 3, hidden: 0, wouldHide: 4 });
    expect(await activeIds()).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3']);
    const categories = await s.db.selectFrom('categories').select(['id', 'hidden']).where('store_id', '=', s.storeId).where('id', 'in', ['ac', 'bc']).orderBy('id').execute();
    expect(categories).toEqual([{ id: 'ac', hidden: 0 }, { id: 'bc', hidden: 0 }]);
    // The preview's file went to that import: it cannot be imported twice.
    const again = await rest(s, owner, '/yml_imports', { json: { from: preview.id, mode: 'merge' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'import_preview_gone' });
  });

  it('re-importing the same file reports every offer unchanged, not updated', async () => {
    const job = await upload(supplierFeed('b', 3), '?mode=merge');
    expect(job.report).toMatchObject({ created: 0, updated: 0, unchanged: 3, hidden: 0 });
    const changed = await upload(supplierFeed('b', 3, 500), '?mode=merge');
    expect(changed.report).toMatchObject({ created: 0, updated: 3, unchanged: 0 });
  });

  it('replace hides what the feed lacks, offers and categories alike', async () => {
    const job = await upload(supplierFeed('b', 3, 500), '?mode=replace');
    expect(job.report).toMatchObject({ mode: 'replace', unchanged: 3, hidden: 4, wouldHide: 4 });
    expect(await activeIds()).toEqual(['b1', 'b2', 'b3']);
    const ac = await s.db.selectFrom('categories').select('hidden').where('store_id', '=', s.storeId).where('id', '=', 'ac').executeTakeFirstOrThrow();
    expect(ac.hidden).toBe(1);
  });

  it('a product the owner hid stays hidden through every import of its feed, until the owner shows it', async () => {
    // Hidden from the list's bulk action, and from the editor's switch.
    expect((await rest(s, owner, '/offers/bulk', { json: { action: 'hide', ids: ['b1'] } })).body).toEqual({ changed: 1 });
    const saved = await s.api('offers', { update: 1, 'p[478_offer_id]': 'b2', 'p[562_active]': '0' }, { token: owner });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await activeIds()).toEqual(['b3']);
    // The same feed again (rows kept as they are), then changed prices (rows rewritten), in both modes.
    const same = await upload(supplierFeed('b', 3, 500), '?mode=replace');
    expect(same.report).toMatchObject({ hidden: 0 });
    expect(await activeIds()).toEqual(['b3']);
    await upload(supplierFeed('b', 3, 700), '?mode=merge');
    await upload(supplierFeed('b', 3, 800), '?mode=replace');
    expect(await activeIds()).toEqual(['b3']);
    const b1 = await s.db.selectFrom('offers').select(['price', 'active', 'owner_hidden']).where('store_id', '=', s.storeId).where('id', '=', 'b1').executeTakeFirstOrThrow();
    expect(b1).toEqual({ price: 800, active: 0, owner_hidden: 1 });
    // The owner's list tells the two hides apart ('Скрыт вами' against an import's 'Скрыт').
    const hidden = await rest(s, owner, `/offers?filter=${encodeURIComponent(JSON.stringify({ status: 'hidden' }))}`);
    expect(hidden.body.map((o: { id: string; ownerHidden: string }) => [o.id, o.ownerHidden]).sort()).toEqual([['a1', '0'], ['a2', '0'], ['a3', '0'], ['a4', '0'], ['b1', '1'], ['b2', '1']]);
    // Shown by the owner: the feed's offer again, the next import keeps it shown.
    expect((await rest(s, owner, '/offers/bulk', { json: { action: 'show', ids: ['b1'] } })).body).toEqual({ changed: 1 });
    await s.api('offers', { update: 1, 'p[478_offer_id]': 'b2', 'p[562_active]': '1' }, { token: owner });
    await upload(supplierFeed('b', 3, 900), '?mode=replace');
    expect(await activeIds()).toEqual(['b1', 'b2', 'b3']);
  });

  it('the report lists each warning kind with its count and first 20 offer ids; the CSV lists every warning', async () => {
    const xml = supplierFeed('w', 25).replace(/<offer id="(w\d+)" available="true">/g, '<offer id="$1" available="maybe">');
    const job = await upload(xml, '?mode=merge');
    expect(job.report.warnings).toMatchObject({ bad_value: 25 });
    expect(job.report.warningIds.bad_value).toEqual(Array.from({ length: 20 }, (_, i) => `w${i + 1}`));
    const res = await fetch(`${s.url}/rest/yml_imports/${job.id}/warnings.csv`, { headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = (await res.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Тип;id товара;Предупреждение');
    const rows = lines.slice(1).filter((l) => l.startsWith('неверное значение;'));
    expect(rows).toHaveLength(25);
    expect(rows[24]).toBe('неверное значение;w25;"товар w25: available=""maybe"" — не да/нет, товар считается в наличии"');
    // Owners only: an anonymous caller gets a 401.
    expect((await fetch(`${s.url}/rest/yml_imports/${job.id}/warnings.csv`)).status).toBe(401);
  });

  it("the warnings list reads in the shop's language: titles, kinds and the parser's sentences with the feed's ids and values as written", async () => {
    const xml = supplierFeed('v', 3)
      .replace('<offer id="v1" available="true">', '<offer id="v1" available="maybe">')
      .replace('<offer id="v2" available="true">', '<offer id="=2+3" available="true">')
      .replace('<price>102</price>', '<price>102</price><oldprice>дёшево</oldprice>');
    const job = await upload(xml, '?mode=merge');
    expect(job.report.warnings).toMatchObject({ bad_value: 2, picture: 3 });
    const setLang = async (notify_lang: string) => {
      await saveStore(s.db, await s.db.selectFrom('stores').selectAll().where('id', '=', s.storeId).executeTakeFirstOrThrow(), { notify_lang });
      s.services.stores.forget();
    };
    const download = async () => {
      const res = await fetch(`${s.url}/rest/yml_imports/${job.id}/warnings.csv`, { headers: { authorization: `Bearer ${owner}` } });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      // The BOM stays: Excel reads the file as UTF-8 (Cyrillic) only with it.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return bytes.toString('utf8').slice(1).split('\r\n');
    };
    try {
      await setLang('ru');
      const ru = await download();
      expect(ru[0]).toBe('Тип;id товара;Предупреждение');
      expect(ru).toContain('неверное значение;v1;"товар v1: available=""maybe"" — не да/нет, товар считается в наличии"');
      expect(ru).toContain('неверное значение;v3;"товар v3: <oldprice> ""дёшево"" — не число, пропущено"');
      // An id written like a formula stays a text in the spreadsheet (csvCell's apostrophe), in the sentence as written.
      expect(ru).toContain("нет картинки или она не загрузилась;'=2+3;товар =2+3: нет картинки");
      expect(ru.at(-1)).toBe('');
      expect(ru).toHaveLength(1 + 5 + 1);

      // The owner switched the shop to English: the same import's list reads in English.
      await setLang('en');
      const en = await download();
      expect(en[0]).toBe('Kind;Offer id;Warning');
      expect(en).toContain('invalid value;v1;"offer v1: available=""maybe"" is not a boolean, taken as available"');
      expect(en).toContain("no picture, or it could not be loaded;'=2+3;offer =2+3: has no picture");
    } finally {
      await setLang('ru');
    }
  });

  it('the feeds folder keeps what a job may still need: a walked-away preview goes after a day, warning lists after 30, stray files after a day', async () => {
    const dir = path.join(s.config.dataDir, 'feeds');
    const preview = await upload(supplierFeed('s', 2), '?preview=1');
    const previewFile = (await s.db.selectFrom('yml_jobs').select('file_path').where('id', '=', preview.id).executeTakeFirstOrThrow()).file_path!;
    const warned = await upload(supplierFeed('t', 1).replace('available="true"', 'available="maybe"'), '?mode=merge');
    const csv = path.join(dir, `job-${warned.id}-warnings.csv`);
    const stray = path.join(dir, 'cut-off-upload.xml');
    fs.writeFileSync(stray, '<yml_catalog>');
    const present = () => [previewFile, csv, stray].map((f) => fs.existsSync(f));
    const day = 24 * 3_600_000;

    // Now: everything is young and kept.
    expect(await sweepFeeds(s.db, dir)).toEqual({ previews: 0, warnings: 0, orphans: 0 });
    expect(present()).toEqual([true, true, true]);
    // Two days on: the previews' files (this one's and an earlier test's) and the stray upload go; the preview can no longer be imported.
    const waiting = (await s.db.selectFrom('yml_jobs').select('id').where('preview', '=', 1).where('file_path', 'is not', null).execute()).length;
    expect(waiting).toBeGreaterThan(0);
    expect(await sweepFeeds(s.db, dir, Date.now() + 2 * day)).toEqual({ previews: waiting, warnings: 0, orphans: 1 });
    expect(present()).toEqual([false, true, false]);
    const late = await rest(s, owner, '/yml_imports', { json: { from: preview.id, mode: 'merge' } });
    expect(late.body.error).toMatchObject({ code: 'import_preview_gone' });
    // A month on: the warning list goes too.
    const lists = fs.readdirSync(dir).filter((n) => n.endsWith('-warnings.csv')).length;
    expect(await sweepFeeds(s.db, dir, Date.now() + 31 * day)).toEqual({ previews: 0, warnings: lists, orphans: 0 });
    expect(fs.existsSync(csv)).toBe(false);
    expect((await fetch(`${s.url}/rest/yml_imports/${warned.id}/warnings.csv`, { headers: { authorization: `Bearer ${owner}` } })).status).toBe(404);
  });
});
