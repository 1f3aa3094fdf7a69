import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The owner's panel: react-admin + MUI, served at /admin/ by the server.
 * JSX is compiled by Vite's built-in transform from the tsconfig's `react-jsx`.
 * Build: npx vite build --config admin/vite.config.ts → dist/admin.
 */
const backend = 'http://127.0.0.1:8080';
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/admin/',
  publicDir: false,
  resolve: {
    // The installed tree nests an older @tiptap/core and @tiptap/pm under ra-input-rich-text next to
    // extensions that need the newer ones; one copy of each (the root's) keeps a single ProseMirror.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/admin', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // react-admin and MUI make a big first chunk; the heavy screens (forms, rich text) are split off.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      onwarn(warning, warn) {
        // MUI's icons carry "use client" (a server-components marker): meaningless in this client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: {
      '/api': backend,
      '/rest': backend,
      '/images': backend,
      '/config.json': backend,
    },
  },
});
