import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/**
 * The customer storefront: hand-built React (no UI kit) so the first screen stays small.
 * JSX is compiled by Vite's built-in transform from the tsconfig's `react-jsx`.
 * Build: npx vite build --config storefront/vite.config.ts → dist/storefront (served at / by the server).
 */
const backend = 'http://127.0.0.1:8080';

/**
 * The default language's catalogues belong to the first screen (storefront/bundle.test.ts counts them):
 * the browser fetches them together with the entry instead of after the entry has run.
 */
function preloadDefaultTexts(): Plugin {
  return {
    name: 'preload-default-texts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.values(ctx.bundle ?? {})
          .filter((c) => c.type === 'chunk' && /i18n\/(common|storefront)\/ru\.ts$/.test(c.facadeModuleId ?? ''))
          .map((c) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Vite's preload helper adds a `<link rel="modulepreload">` for each dependency of a lazy chunk it has no link
 * for, even a chunk the entry has already imported (a server-rendered page's HTML carries no such links,
 * server/features/seo/ssr.ts). On the item page that was a dozen links appended while the entry ran, about
 * 25 ms of a phone's main thread (issue 13). Those are left out: only chunks the page does not have yet are
 * preloaded. `bundle` is caught as the build writes it (the helper's lists are made in the same pass).
 */
function firstBundleNotPreloaded(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[]) => string[] } {
  let bundle: Rollup.OutputBundle | null = null;
  let entryImports: Set<string> | null = null;
  const staticImports = (b: Rollup.OutputBundle) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      const chunk = b[file];
      if (seen.has(file) || chunk?.type !== 'chunk') return;
      seen.add(file);
      chunk.imports.forEach(visit);
    };
    for (const chunk of Object.values(b)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    return seen;
  };
  return {
    plugin: {
      name: 'first-bundle-not-preloaded',
      generateBundle: {
        order: 'pre',
        handler(_options, b) {
          bundle = b;
          entryImports = null;
        },
      },
    },
    resolveDependencies: (_file, deps) => {
      if (!bundle) return deps;
      entryImports ??= staticImports(bundle);
      return deps.filter((d) => !entryImports!.has(d));
    },
  };
}
const preloads = firstBundleNotPreloaded();

/**
 * Every module the entry imports statically (the first screen's code, libraries included) goes into the entry
 * chunk, not into a dozen small chunks shared with later pages: gzip then compresses them as one file (about
 * 3 KB less of the first screen's JS, storefront/bundle.test.ts), and the later pages import from the entry.
 */
function firstScreenInOneChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let firstScreen = new Set<string>();
  return {
    plugin: {
      name: 'first-screen-in-one-chunk',
      apply: (config) => !config.build?.ssr,
      buildEnd() {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const i of this.getModuleInfo(id)?.importedIds ?? []) visit(i);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
        firstScreen = seen;
      },
    },
    test: (id) => firstScreen.has(id),
  };
}
const firstScreen = firstScreenInOneChunk();

export default defineConfig(({ command }) => ({
  root: 'storefront',
  plugins: [preloadDefaultTexts(), preloads.plugin, firstScreen.plugin],
  // The server's renderer (entry-server.tsx) carries its packages: one copy of React for every package that
  // imports it, and React's production build whatever NODE_ENV the server runs with.
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  ssr: { noExternal: true },
  resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./lib/syncExternalStore.ts', import.meta.url)) }] },
  base: '/',
  publicDir: false,
  build: {
    outDir: '../dist/storefront',
    emptyOutDir: true,
    // The manifest lets storefront/bundle.test.ts measure the initial JS exactly.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', test: firstScreen.test }] } } },
  },
  server: {
    proxy: {
      '/api': backend,
      '/rest': backend,
      '/images': backend,
      '/config.json': backend,
    },
  },
}));
