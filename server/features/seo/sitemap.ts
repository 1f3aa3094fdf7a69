import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RICH_TEXT_PAGES } from '../../../schemas/store';
import type { AppServices } from '../../api/context';
import type { Db } from '../../db/types';
import { categoryTree } from '../catalogue/public';
import { cachedByVersion, catalogueVersion } from '../../db/catalogueVersion';
import { fileKey, moduleBeside, versionedStream } from '../yml/public';
import { originOf } from '../../lib/origin';
import { escapeHtml, pathOf } from './seo';

/** The protocol's limit: at most 50,000 addresses per sitemap file. */
export const URLS_PER_FILE = 50_000;
/** Rows read per query while a file streams (memory stays flat at 1M products). */
const CHUNK = 5_000;

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const loc = (url: string, lastmod?: string | null) =>
  `<url><loc>${escapeHtml(url)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod.slice(0, 10))}</lastmod>` : ''}</url>\n`;

const liveOffers = (db: Db, storeId: number) => db.selectFrom('offers').where('store_id', '=', storeId).where('deleted', '=', 0).where('active', '=', 1);

/** The number of offer files: counting reads every live offer's index entry, so it is kept per catalogue version. */
function offerFiles(db: Db, storeId: number): Promise<number> {
  return cachedByVersion(db, storeId, 'sitemap:files', async () => {
    const row = await liveOffers(db, storeId).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Math.ceil(Number(row?.n ?? 0) / URLS_PER_FILE);
  });
}

/**
 * The products of file n (1-based), read in id order by keyset chunks: built once per catalogue version in the
 * export thread (yml/export/exportFile.ts), as streaming 50,000 addresses per request took the server's thread.
 */
export async function* offerSitemap(db: Db, { storeId, origin, n }: { storeId: number; origin: string; n: number }): AsyncGenerator<string> {
  const tree = await categoryTree(db, storeId);
  yield `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  // The file's first id: the id at offset (n-1)*50,000 (one index walk), then keyset pages from there.
  const first = await liveOffers(db, storeId).select('id').orderBy('id').limit(1).offset((n - 1) * URLS_PER_FILE).executeTakeFirst();
  let left = URLS_PER_FILE;
  let after: string | null = null;
  if (first) {
    while (left > 0) {
      let q = liveOffers(db, storeId).select(['id', 'category_id', 'updated_at']).orderBy('id').limit(Math.min(CHUNK, left));
      q = after === null ? q.where('id', '>=', first.id) : q.where('id', '>', after);
      const rows = await q.execute();
      if (!rows.length) break;
      let out = '';
      for (const r of rows) out += loc(`${origin}/category/${pathOf(tree, r.category_id)}/item/${encodeURIComponent(r.id)}`, r.updated_at);
      yield out;
      left -= rows.length;
      after = rows[rows.length - 1].id;
      if (rows.length < CHUNK) break;
    }
  }
  yield '</urlset>\n';
}

const OFFER_SITEMAP = moduleBeside(import.meta.url, 'sitemap');

export function registerSitemap(app: FastifyInstance, services: AppServices) {
  const storeOf = async (request: FastifyRequest) => services.stores.resolve(request.headers.host);

  app.get('/sitemap.xml', async (request, reply) => {
    const store = await storeOf(request);
    if (!store) return reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } });
    const origin = originOf(request, services.config);
    const files = await offerFiles(services.db, store.id);
    let xml = `${xmlHead}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>${escapeHtml(`${origin}/sitemaps/pages.xml`)}</loc></sitemap>\n`;
    for (let i = 1; i <= files; i++) xml += `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/offers-${i}.xml`)}</loc></sitemap>\n`;
    xml += '</sitemapindex>\n';
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'Host').send(xml);
  });

  app.get('/sitemaps/pages.xml', async (request, reply) => {
    const store = await storeOf(request);
    if (!store) return reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } });
    const origin = originOf(request, services.config);
    const tree = await categoryTree(services.db, store.id);
    let xml = `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${loc(`${origin}/`)}${loc(`${origin}/category/0/1`)}`;
    // Each category's own addresses (seo.ts): its page of sub-categories when it has any, and its list.
    for (const [id, node] of tree.byId) {
      const p = pathOf(tree, id);
      if (node.children.length) xml += loc(`${origin}/category/${p}`);
      xml += loc(`${origin}/category/${p}/1`);
    }
    for (const p of RICH_TEXT_PAGES) xml += loc(`${origin}/${p}`);
    xml += '</urlset>\n';
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'Host').send(xml);
  });

  app.get<{ Params: { n: string } }>('/sitemaps/offers-:n.xml', async (request, reply) => {
    const store = await storeOf(request);
    const n = Number(request.params.n);
    if (!store || !Number.isInteger(n) || n < 1 || n > (await offerFiles(services.db, store.id))) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } });
    }
    const origin = originOf(request, services.config);
    const version = await catalogueVersion(services.db, store.id, performance.now());
    const key = fileKey(store.id, origin);
    const etag = `"${key}-${n}-${version}"`;
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'Host').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const source = { module: OFFER_SITEMAP, fn: 'offerSitemap', args: { storeId: store.id, origin, n } };
    return reply.send(await versionedStream(services.database, path.join(services.config.dataDir, 'exports'), `sitemap-${store.id}-${key}-${n}-`, String(version), source));
  });
}
