import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['schemas/**/*.test.ts', 'dataProvider/**/*.test.ts', 'storefront/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}', 'i18n/**/*.test.ts', 'server/services/**/*.test.ts', 'server/lib/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
