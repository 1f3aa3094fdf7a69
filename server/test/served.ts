/**
 * Assertions on what the test server serves, for vitest files only (helpers.ts stays free of vitest: the e2e
 * fakes load it through checkoutFixtures.ts).
 */
import { expect } from 'vitest';
import type { TestServer } from './helpers';

/** GETs a stored file (`/images/<file>`) and expects it served: 200 with this content type. */
export async function expectServed(server: TestServer, file: string | null, type: string): Promise<void> {
  const r = await server.get(`/images/${file}`);
  expect(r.status, String(file)).toBe(200);
  expect(r.headers['content-type'], String(file)).toBe(type);
}
