import { defineConfig } from 'vite';

/**
 * The customer storefront: hand-built React (no UI kit) so the first screen stays small.
 * JSX is compiled by Vite's built-in transform from the tsconfig's `react-jsx`.
 * Build: npx vite build --config storefront/vite.config.ts → dist/storefront (served at / by the server).
 */
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  root: 'storefront',
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
