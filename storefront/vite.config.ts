import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: 'storefront',
  plugins: [preloadDefaultTexts()],
  base: '/',
  publicDir: false,
  build: {
    outDir: '../dist/storefront',
    emptyOutDir: true,
    // The manifest lets storefront/bundle.test.ts measure the initial JS exactly.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': backend,
      '/rest': backend,
      '/images': backend,
      '/config.json': backend,
    },
  },
});
