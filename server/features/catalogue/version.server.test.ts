import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { saveCategory } from './categories';
import { createParam } from './params';
import { bumpCatalogue, catalogueShape, catalogueVersion, catalogueVersionNow } from '../../db/catalogueVersion';
import { secondConnection, startTestServer, type TestServer } from '../../test/helpers';

/**
 * The catalogue caches of one process follow writes made by another (WORKERS): `other` is a second
 * connection to the same database with caches of its own, standing in for a second worker process.
 */
let server: TestServer;
let other: Database;

beforeAll(async () => {
  server = await startTestServer();
  other = secondConnection(server);
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const categoryNames = async () => ((await server.api('offers_category')).body.offers_category as { category: string }[]).map((c) => c.category);

describe('catalogue caches across processes', () => {
  it('a category saved by another worker is listed by this one at once', async () => {
    await saveCategory(server.db, server.storeId, null, { category: 'Первая', subId: '0', sort: 1 });
    expect(await categoryNames()).toEqual(['Первая']);
    expect(await categoryNames()).toEqual(['Первая']);
    await saveCategory(other.db, server.storeId, null, { category: 'Вторая', subId: '0', sort: 2 });
    expect(await categoryNames()).toEqual(['Первая', 'Вторая']);
  });

  it('a filter created by another worker is offered by this one at once', async () => {
    const names = async () => ((await server.api('offers_params', {})).body.offers_params as { name: string }[]).map((p) => p.name);
    const before = await names();
    expect(before).not.toContain('Объём');
    await createParam(other.db, server.storeId, { name: 'Объём', kind: 'number', categoryId: '0' });
    expect(await names()).toEqual([...before, 'Объём']);
  });

  it('a stock or picture write moves the version and leaves the shape; any other catalogue write moves both', async () => {
    const read = async () => [await catalogueVersion(server.db, server.storeId, performance.now()), await catalogueShape(server.db, server.storeId)];
    const [version, shape] = await read();
    await bumpCatalogue(other.db, server.storeId, 'stock');
    await bumpCatalogue(other.db, server.storeId, 'pictures');
    expect(await read()).toEqual([version + 2, shape]);
    await saveCategory(other.db, server.storeId, null, { category: 'Третья', subId: '0', sort: 3 });
    expect(await read()).toEqual([version + 3, shape + 1]);
  });

  it('a version read that must start after a moment does not join one sent before it', async () => {
    const start = await catalogueVersion(server.db, server.storeId, performance.now());
    if (server.database.dialect === 'sqlite') {
      // SQLite reads it at once with its own prepared statement: nothing is in flight to join, every read is fresh.
      expect(catalogueVersionNow(server.db, server.storeId)).toBe(start);
      await bumpCatalogue(other.db, server.storeId);
      expect(catalogueVersionNow(server.db, server.storeId)).toBe(start + 1);
      expect(await catalogueVersion(server.db, server.storeId)).toBe(start + 1);
      // Calls that must see what was committed before they arrived share one read at the end of the turn.
      const first = catalogueVersion(server.db, server.storeId, performance.now());
      expect(catalogueVersion(server.db, server.storeId, performance.now())).toBe(first);
      await bumpCatalogue(other.db, server.storeId);
      const after = catalogueVersion(server.db, server.storeId, performance.now());
      expect(after).toBe(first);
      expect(await after).toBe(start + 2);
      expect(catalogueVersion(server.db, server.storeId, performance.now())).not.toBe(first);
      return;
    }
    expect(catalogueVersionNow(server.db, server.storeId)).toBeUndefined();
    const early = catalogueVersion(server.db, server.storeId);
    // Shared by callers who arrived before it was sent.
    expect(catalogueVersion(server.db, server.storeId, performance.now() - 60_000)).toBe(early);
    expect(catalogueVersion(server.db, server.storeId)).toBe(early);
    // A call that arrives later (after a write elsewhere, say) sends its own.
    const late = catalogueVersion(server.db, server.storeId, performance.now());
    expect(late).not.toBe(early);
    // Every call arriving while the early one is in flight shares the one lookup sent when it is back.
    expect(catalogueVersion(server.db, server.storeId, performance.now())).toBe(late);
    expect(await early).toBe(start);
    expect(await late).toBe(start);
    await bumpCatalogue(other.db, server.storeId);
    expect(await catalogueVersion(server.db, server.storeId, performance.now())).toBe(start + 1);
  });

  it('calls that arrive while a version read is in flight see a write committed before they arrived', async () => {
    const start = await catalogueVersion(server.db, server.storeId, performance.now());
    for (let round = 1; round <= 10; round++) {
      const early = catalogueVersion(server.db, server.storeId);
      await bumpCatalogue(other.db, server.storeId);
      const waiting = [catalogueVersion(server.db, server.storeId, performance.now()), catalogueVersion(server.db, server.storeId, performance.now())];
      expect(await early).toBeGreaterThanOrEqual(start + round - 1);
      expect(await Promise.all(waiting)).toEqual([start + round, start + round]);
    }
  });

  it('inside a transaction of its connection the version is read through that connection, after the transaction', async () => {
    const start = await catalogueVersion(server.db, server.storeId, performance.now());
    let during: number | undefined = -1;
    await server.db.transaction().execute(async (tx) => {
      await bumpCatalogue(tx, server.storeId);
      // Not the transaction's own uncommitted bump: SQLite has one connection, so a read now would see it.
      during = catalogueVersionNow(server.db, server.storeId);
      throw new Error('roll back');
    }).catch(() => undefined);
    if (server.database.dialect === 'sqlite') expect(during).toBeUndefined();
    expect(await catalogueVersion(server.db, server.storeId, performance.now())).toBe(start);
    expect(catalogueVersionNow(server.db, server.storeId) ?? start).toBe(start);
  });
});
