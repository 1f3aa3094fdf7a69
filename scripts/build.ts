import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
/** Everything the browser apps are built from. */
const SOURCES = ['storefront', 'admin', 'dataProvider', 'schemas', 'i18n', 'package-lock.json'];
export const APPS = [
  { name: 'storefront', config: 'storefront/vite.config.ts' },
  { name: 'admin', config: 'admin/vite.config.ts' },
];

function hashSources(): string {
  const h = crypto.createHash('sha256');
  const walk = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p).sort()) if (e !== 'node_modules' && !e.endsWith('.test.ts') && !e.endsWith('.test.tsx')) walk(path.join(p, e));
    } else {
      h.update(path.relative(ROOT, p));
      h.update(fs.readFileSync(p));
    }
  };
  for (const s of SOURCES) walk(path.join(ROOT, s));
  return h.digest('hex');
}

/** Builds the storefront and the admin with Vite, then compresses their assets once for the server. */
export async function buildApps(): Promise<void> {
  const { build } = await import('vite');
  for (const app of APPS) {
    if (!fs.existsSync(path.join(ROOT, app.config))) continue;
    console.log(`building ${app.name}...`);
    await build({ configFile: path.join(ROOT, app.config), logLevel: 'warn' });
    precompress(path.join(DIST, app.name, 'assets'));
    if (app.name === 'storefront') await buildSsr();
  }
}

/**
 * The storefront's server renderer (storefront/entry-server.tsx) as a Node module, dist/ssr/entry-server.js:
 * the same components and sagas as the browser build, its packages imported from node_modules at run time.
 * server/features/seo/ssr.ts loads it; without it the pages are served as before (the browser renders them).
 */
export async function buildSsr(): Promise<void> {
  const { build } = await import('vite');
  console.log('building storefront ssr...');
  await build({
    configFile: path.join(ROOT, 'storefront/vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'entry-server.tsx', outDir: path.join(DIST, 'ssr'), emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
}

/**
 * Next to each script and style of the build, its Brotli (.br) and gzip (.gz) forms at their best
 * compression: the server sends them as they are (@fastify/static preCompressed), so no request pays for
 * compressing a file that never changes.
 */
export function precompress(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

/** Rebuilds the apps only when their sources changed since the last build (`npm start`). */
export async function buildIfChanged(): Promise<boolean> {
  const stamp = path.join(DIST, '.sources-hash');
  const hash = hashSources();
  const built =
    APPS.every((a) => !fs.existsSync(path.join(ROOT, a.config)) || fs.existsSync(path.join(DIST, a.name, 'index.html'))) &&
    fs.existsSync(path.join(DIST, 'ssr', 'entry-server.js'));
  if (built && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return false;
  await buildApps();
  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(stamp, hash);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildApps();
  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(path.join(DIST, '.sources-hash'), hashSources());
}
