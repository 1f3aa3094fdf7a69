/**
 * The plans of the storefront's hot queries at 100,000 offers, on SQLite and on PostgreSQL (TEST_DATABASE_URL):
 * each request goes through the real server (api calls over HTTP, pages through the app with the storefront's
 * renderer), Kysely's log captures the SQL it ran, and every captured query is EXPLAINed on the same database,
 * on SQLite without statistics and with them, on PostgreSQL with them (STATES). A plan must not read all of a store's offers,
 * params or search rows (a scan, or an index searched by the store alone) except where the case walks an
 * order's index and stops after its page, must not sort the rows of a list it could read in order, and must use
 * the index the case names. A changed query, a dropped index or a planner that changed its mind fails here.
 * Set PLANS_PRINT=1 to print every case's plans.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSsr } from '../../scripts/build';
import { buildApp, DIST_DIR } from '../app';
import { analyzeCatalogue } from '../db/statistics';
import { bumpCatalogue } from '../db/catalogueVersion';
import { readingAhead } from '../features/catalogue/categoryFilters';
import { forgetSeoPages } from '../features/seo/seo';
import { offerSitemap } from '../features/seo/sitemap';
import { COMMON_FILTERS } from '../../schemas';
import { baseIdOf } from '../../bench/generate';
import { bigCatalogue, type BigCatalogue } from './bigCatalogue';
import { BULK_TABLES, explain, perStore, showPlan, type Plan } from './plans';
import { startTestServer, type TestServer } from './helpers';

const OFFERS = 100_000;
let server: TestServer;
let pages: FastifyInstance;
let dist: string;
let shop: BigCatalogue;
let capturing = false;
let captured: CompiledQuery[] = [];

/** An index as this database names it: a primary key is `<table>_pkey` on PostgreSQL, `sqlite_autoindex_<table>_1` on SQLite. */
const indexName = (name: string) => (server.dialect === 'sqlite' ? name.replace(/^(\w+)_pkey$/, 'sqlite_autoindex_$1_1') : name);

interface Case {
  name: string;
  request: () => Promise<unknown>;
  /** Indexes the case's plans must use (each at least once; 'a|b': either). */
  uses: string[];
  /**
   * Order indexes the case may search by the store alone: a query with a LIMIT that does not sort walks them in
   * the list's order and stops after its page (a category a tenth of the shop: ten index entries a row shown).
   */
  walks?: string[];
  /** It may sort what it read (a search sorts its few matches). */
  sorts?: boolean;
  /** A query that may read all of the store's live offers (a scan too), and why (a count kept per catalogue version). */
  perStoreOnce?: { sql: RegExp; why: string };
}

/** Any index led by a product's category (each adds a list order after it). */
const CATEGORY_INDEXES = 'offers_category|offers_category_price|offers_category_discount|offers_category_date';

const api = (name: string, params: Record<string, string | number>) => async () => {
  const r = await server.api(name, params);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body;
};
const page = (url: string) => async () => {
  const r = await pages.inject({ url, headers: { host: 'shop.test' } });
  expect(r.statusCode).toBe(200);
  expect(r.body).toContain('id="ssr-data"');
};
const list = (categoryId: string, more: Record<string, string | number> = {}) => api('offers', { 'p[287_categoryId]': categoryId, offset: 1, ...more });
const sort = (id: string) => ({ sort: JSON.stringify(id) });
const leaf = () => shop.leaves[123];
const top = () => shop.tops[3];

const CASES: Case[] = [
  { name: 'leaf list, default order', request: () => list(leaf())(), uses: ['offers_category'] },
  { name: 'leaf list, page 3, price up', request: () => list(leaf(), { offset: 3, ...sort('increase') })(), uses: ['offers_category_price'] },
  { name: 'leaf list, price down', request: () => list(leaf(), sort('descend'))(), uses: ['offers_category_price'] },
  { name: 'leaf list, discount', request: () => list(leaf(), sort('discount'))(), uses: ['offers_category_discount'] },
  { name: 'leaf list, newest', request: () => list(leaf(), sort('date'))(), uses: ['offers_category_date'] },
  {
    name: 'leaf list, next page by cursor',
    request: async () => {
      const first = (await list(leaf(), sort('increase'))()) as { next: string };
      captured = [];
      return list(leaf(), { ...sort('increase'), after: first.next })();
    },
    uses: ['offers_category_price'],
  },
  { name: 'leaf list, colour filter', request: () => list(leaf(), { [`filter[${baseIdOf('Цвет')}]`]: '3' })(), uses: ['offers_category', 'offer_params_pkey'] },
  // The leaf's rows in the price range, sorted: at most a leaf's offers.
  { name: 'leaf list, price range', request: () => list(leaf(), { [`filter[${COMMON_FILTERS.price}]`]: '1000_50000' })(), uses: ['offers_category|offers_category_price'], sorts: true },
  { name: 'top category, page 1', request: () => list(top())(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  { name: 'top category, page 50', request: () => list(top(), { offset: 50 })(), uses: ['offers_sorted', 'offers_pkey'], walks: ['offers_sorted'] },
  { name: 'top category, price up', request: () => list(top(), sort('increase'))(), uses: ['offers_price_sorted'], walks: ['offers_price_sorted'] },
  { name: 'top category, price down, page 50', request: () => list(top(), { offset: 50, ...sort('descend') })(), uses: ['offers_price_sorted'], walks: ['offers_price_sorted'] },
  { name: 'top category, discount', request: () => list(top(), sort('discount'))(), uses: ['offers_discount_sorted'], walks: ['offers_discount_sorted'] },
  { name: 'top category, newest', request: () => list(top(), sort('date'))(), uses: ['offers_date_sorted'], walks: ['offers_date_sorted'] },
  { name: 'middle category, page 5', request: () => list(shop.mids[40], { offset: 5 })(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  {
    name: 'top category, colour filter',
    request: () => list(top(), { [`filter[${baseIdOf('Цвет')}]`]: '2_5' })(),
    uses: ['offers_sorted', 'offer_params_pkey'],
    walks: ['offers_sorted'],
  },
  { name: 'top category, pick-up filter', request: () => list(top(), { [`filter[${COMMON_FILTERS.shop}]`]: '1' })(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  {
    name: 'top category, weight range',
    request: () => list(top(), { [`filter[${baseIdOf('Вес')}]`]: '1000_2000' })(),
    uses: ['offers_sorted', 'offer_params_pkey'],
    walks: ['offers_sorted'],
  },
  { name: 'whole shop, page 1', request: () => api('offers', { offset: 1 })(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  { name: 'whole shop, page 50', request: () => api('offers', { offset: 50 })(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  { name: 'search, a frequent word', request: () => api('offers', { value: 'чайники', offset: 1 })(), uses: [], walks: ['offers_sorted'] },
  { name: 'search, a frequent word, price up', request: () => api('offers', { value: 'чайники', offset: 1, sortId: 'increase' })(), uses: [], walks: ['offers_price_sorted'] },
  { name: 'search, two words', request: () => api('offers', { value: 'чайники альфа', offset: 1 })(), uses: [], sorts: true },
  { name: 'search, a word in a category', request: () => api('offers', { value: 'чайники', 'p[287_categoryId]': top(), offset: 1 })(), uses: [], walks: ['offers_sorted'] },
  { name: 'search, page 2', request: () => api('offers', { value: 'плед', offset: 2 })(), uses: [], walks: ['offers_sorted'] },
  // A misspelt word and the other layout: probes of the full-text index and the store's words (search_words), then the corrected search.
  { name: 'search, a misspelt word', request: () => api('offers', { value: 'чайнег', offset: 1 })(), uses: ['search_words_pkey'], walks: ['offers_sorted'] },
  { name: 'search, the other keyboard layout', request: () => api('offers', { value: 'gkt', offset: 1 })(), uses: [], walks: ['offers_sorted'] },
  { name: 'suggestions for a started word', request: () => api('suggest', { value: 'чайн' })(), uses: [], walks: ['offers_sorted'] },
  { name: 'suggestions for a misspelt started word', request: () => api('suggest', { value: 'чйни' })(), uses: ['search_words_pkey'], walks: ['offers_sorted'] },
  {
    name: 'cart, 20 ids',
    request: () => api('offers', { ids: Array.from({ length: 20 }, (_, i) => String(1 + i * 4999)).join(',') })(),
    uses: ['offers_pkey'],
  },
  { name: 'cart stop list', request: () => api('offers', { ids: '5,500,5000,50000', coords: '59.9,30.3' })(), uses: ['offers_pkey'] },
  { name: 'item', request: () => api('offers', { 'p[478_offer_id]': '54321' })(), uses: ['offers_pkey', 'offer_params_pkey'] },
  // The filter page's "Показать N товаров": ids on the list's index, at most COUNT_CAP + 1 of them.
  { name: 'count of a leaf', request: () => api('offers', { count: 1, 'p[287_categoryId]': leaf() })(), uses: ['offers_category'] },
  { name: 'count of a top category, pick-up filter', request: () => api('offers', { count: 1, 'p[287_categoryId]': top(), [`filter[${COMMON_FILTERS.shop}]`]: '1' })(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  { name: 'category tree', request: () => api('offers_category', {})(), uses: [] },
  // A shopper's filters of a category: its products' prices and params, read through the category's index and
  // each product's params by the primary key (categoryFilters.ts), grouped; never the params' value index.
  {
    name: 'filters of a top category',
    request: () => api('offers_params', { 'p[389_categoryId]': top() })(),
    uses: [CATEGORY_INDEXES, 'offer_params_pkey'],
    sorts: true,
  },
  { name: 'filters of a leaf', request: () => api('offers_params', { 'p[389_categoryId]': leaf() })(), uses: [CATEGORY_INDEXES, 'offer_params_pkey'], sorts: true },
  // The whole shop's: the price filter's and the number filters' ranges, the first entry of their index each way.
  { name: 'filters of the whole shop', request: () => api('offers_params', {})(), uses: ['offer_params_num'], walks: ['offers_price_sorted', 'offer_params_num'] },
  {
    name: 'sitemap index',
    request: async () => expect((await server.get('/sitemap.xml')).status).toBe(200),
    uses: [],
    perStoreOnce: { sql: /^select count\(\*\)/, why: 'the count of live offers (the number of files), kept per catalogue version: features/seo/sitemap.ts' },
  },
  {
    name: 'sitemap of offers, file 2',
    request: async () => {
      expect((await server.get('/sitemaps/offers-2.xml')).status).toBe(200);
      // The export thread writes the file through a connection of its own (not in this log): its text read here.
      for await (const chunk of offerSitemap(server.db, { storeId: server.storeId, origin: 'http://shop.test', n: 2 })) expect(chunk).toBeTruthy();
    },
    uses: ['offers_pkey'],
    walks: ['offers_pkey'],
    perStoreOnce: { sql: /^select count\(\*\)/, why: 'the count of live offers, kept per catalogue version (features/seo/sitemap.ts); the file walks the primary key from its first id' },
  },
  { name: 'rendered home page', request: page('/'), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  { name: 'rendered list page', request: () => page(`/category/${top()}/1`)(), uses: ['offers_sorted'], walks: ['offers_sorted'] },
  { name: 'rendered leaf list page', request: () => page(`/category/${leafPath()}/2`)(), uses: ['offers_category'] },
  { name: 'rendered item page', request: () => page(`/category/${leafPath()}/item/54321`)(), uses: ['offers_pkey', 'offer_params_pkey'] },
  { name: 'rendered search page', request: () => page('/search/word/%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA%D0%B8')(), uses: [], walks: ['offers_sorted'] },
];

const leafPath = () => {
  const n = 123;
  const t = shop.tops[Math.floor(n / 100)];
  const mid = String(Number(t) + 1 + Math.floor((n % 100) / 10) * 11);
  return `${t}-${mid}-${shop.leaves[n]}`;
};

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST_DIR, 'ssr', 'entry-server.js'))) await buildSsr();
  server = await startTestServer({
    // (A category's filters read as long as they take: the plans of their reading are what is pinned.)
    config: { responseCacheMb: 0, filtersWaitMs: 600_000 },
    log: (e) => {
      if (capturing && e.level === 'query') captured.push(e.query);
    },
  });
  shop = await bigCatalogue(server.database, server.storeId, OFFERS);
  // The pages: the app with the storefront's renderer, as ssr.server.test.ts serves it (a stub index.html).
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'storefront'));
  fs.writeFileSync(path.join(dist, 'storefront', 'index.html'), '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div></body></html>');
  fs.symlinkSync(path.join(DIST_DIR, 'ssr'), path.join(dist, 'ssr'));
  pages = (await buildApp({ config: server.config, database: server.database, distDir: dist })).app;
}, 300_000);
afterAll(async () => {
  await pages?.close();
  await server?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

/** The case's queries, each from a cold start (a new catalogue version: the tree, params and pages are read again). */
async function plansOf(c: Case): Promise<Plan[]> {
  // A filters case starts the reading of every category in the background (categoryFilters.ts): its queries are
  // that case's, not the next one's.
  await readingAhead(server.db, server.storeId);
  await bumpCatalogue(server.db, server.storeId);
  forgetSeoPages();
  captured = [];
  capturing = true;
  try {
    await c.request();
  } finally {
    capturing = false;
  }
  const seen = new Set<string>();
  const out: Plan[] = [];
  for (const q of captured) {
    if (seen.has(q.sql) || !/^\s*select\b/i.test(q.sql)) continue;
    seen.add(q.sql);
    out.push(await explain(server.database, q));
  }
  return out;
}

/**
 * SQLite keeps no statistics until ANALYZE, which nothing runs (an import neither: db/statistics.ts), and may
 * have some from an owner's own ANALYZE: both must plan well. PostgreSQL always has some: those an import
 * leaves (analyzeCatalogue after its commit).
 */
const STATES = [
  { name: 'without statistics', sqliteOnly: true, before: async () => undefined },
  { name: 'with statistics', sqliteOnly: false, before: () => analyzeCatalogue(server.db, server.dialect) },
];

describe.each(STATES)(`query plans at ${OFFERS} offers, $name`, (state) => {
  beforeAll(async () => {
    if (!state.sqliteOnly || server.dialect === 'sqlite') await state.before();
  });
  for (const c of CASES) {
    it(c.name, async (t) => {
      if (state.sqliteOnly && server.dialect !== 'sqlite') return t.skip();
      const plans = await plansOf(c);
      if (process.env.PLANS_PRINT) console.log(`\n### ${c.name} (${server.dialect})\n${plans.map(showPlan).join('\n')}`);
      expect(plans.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const p of plans) {
        const before = problems.length;
        const once = c.perStoreOnce?.sql.test(p.sql);
        const reads = once ? [] : p.accesses.filter((a) => BULK_TABLES.has(a.table));
        for (const a of reads) {
          if (a.scan) problems.push(`scans ${a.table}${a.index ? ` through ${a.index}` : ''}`);
          else if (perStore(a) && !(p.limited && !p.sorts && (c.walks ?? []).map(indexName).includes(a.index ?? '')))
            problems.push(`reads all of the store's ${a.table} through ${a.index} (bound: ${a.bound.join(', ') || 'nothing'})`);
        }
        if (reads.length && p.sorts && !c.sorts) problems.push('sorts what it read');
        if (problems.length > before) problems.push(showPlan(p));
      }
      const used = new Set(plans.flatMap((p) => p.accesses.map((a) => a.index)));
      for (const index of c.uses) if (!index.split('|').some((i) => used.has(indexName(i)))) problems.push(`does not use ${index}:\n${plans.map(showPlan).join('\n')}`);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
