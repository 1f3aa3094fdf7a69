import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['schemas/**/*.test.ts', 'dataProvider/**/*.test.ts', 'storefront/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}', 'i18n/**/*.test.ts', 'server/**/*.test.ts'],
          exclude: ['server/test/**', 'server/**/*.server.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          // Integration tests over real HTTP and a real database: server/test/ and `*.server.test.ts` beside their feature.
          include: ['server/test/**/*.test.ts', 'server/**/*.server.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
