/**
 * The storefront's pages served by buildApp in tests: a throw-away dist directory (the storefront's index.html
 * and, when asked, the server renderer) and the kettle shop whose pages the SEO tests read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSsr } from '../../scripts/build';
import { buildApp, DIST_DIR } from '../app';
import { saveStore } from '../features/stores/stores';
import type { TestServer } from './helpers';

const INDEX_HTML =
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/**
 * A dist directory for buildApp's distDir. `ssr` links this checkout's renderer (dist/ssr, which npm run build
 * makes), built here first when missing so a test of rendered pages always runs it.
 */
export async function makeDist(opts: { indexHtml?: string; ssr?: boolean } = {}): Promise<string> {
  if (opts.ssr && !fs.existsSync(path.join(DIST_DIR, 'ssr', 'entry-server.js'))) await buildSsr();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'storefront'));
  fs.writeFileSync(path.join(dist, 'storefront', 'index.html'), opts.indexHtml ?? INDEX_HTML);
  if (opts.ssr) fs.symlinkSync(path.join(DIST_DIR, 'ssr'), path.join(dist, 'ssr'));
  return dist;
}

export function removeDist(dist: string | undefined): void {
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
}

/**
 * A second app on the test server's database serving the storefront's pages from a throw-away dist (makeDist's
 * options); closing the app removes the dist.
 */
export async function startPagesApp(server: TestServer, opts: Parameters<typeof makeDist>[0] = {}): ReturnType<typeof buildApp> {
  const dist = await makeDist(opts);
  try {
    const built = await buildApp({ config: server.config, database: server.database, distDir: dist });
    built.app.addHook('onClose', async () => removeDist(dist));
    return built;
  } catch (e) {
    removeDist(dist);
    throw e;
  }
}

/** A product name that breaks out of HTML and of a script's JSON unless escaped. */
export const EVIL = 'Чайник </script><script>alert(1)</script> & "Ко"';

/** The test server's shop as 'Лавка' with these texts, and Кухня › Чайники holding the EVIL kettle (1990 ₽, Bork). */
export async function kettleShop(server: TestServer, texts: { about_company: string; delivery: string }): Promise<{ kitchen: string; kettles: string; evil: string }> {
  const row = await server.db.selectFrom('stores').selectAll().where('id', '=', server.storeId).executeTakeFirstOrThrow();
  await saveStore(server.db, row, { title: 'Лавка', ...texts });
  const kitchen = await server.createCategory({ category: 'Кухня' });
  const kettles = await server.createCategory({ category: 'Чайники', subId: kitchen });
  const evil = await server.createOffer({ name: EVIL, categoryId: kettles, price: '1990', vendor: 'Bork', description: '<p>Кипятит за минуту.</p>' });
  return { kitchen, kettles, evil };
}
