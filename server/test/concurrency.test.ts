/** Owner writes arriving at the same time (two admin tabs, a double click, several server processes) all succeed with distinct ids. */
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithOwner, type Auth, type TestServer } from './helpers';

let server: TestServer, owner: Auth, cat: string;
beforeAll(async () => ({ server, owner, categoryId: cat } = await startWithOwner('База')));
afterAll(() => server?.close());

const N = 8;
const together = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, i) => make(i)));

describe('concurrent owner writes', () => {
  it('creates categories at once, each with its own id', async () => {
    const rs = await together((i) => server.api('offers_category', { set: 1, 'p[487_category]': `Параллельная ${i}`, 'p[488_sub_id]': cat }, { token: owner }));
    expect(rs.map((r) => r.status), JSON.stringify(rs.map((r) => r.body))).toEqual(Array(N).fill(200));
    const ids = rs.map((r) => r.body.offers_category[0].categoryId);
    expect(new Set(ids).size).toBe(N);
    const list = (await server.api('offers_category')).body.offers_category;
    expect(list.filter((c: { subId: string }) => c.subId === cat)).toHaveLength(N);
  });

  it('creates products at once, each with its own id', async () => {
    const rs = await together((i) => server.api('offers', { set: 1, 'p[276_name]': `Параллельный товар ${i}`, 'p[283_price]': String(100 + i), 'p[287_categoryId]': cat }, { token: owner }));
    expect(rs.map((r) => r.status), JSON.stringify(rs.map((r) => r.body))).toEqual(Array(N).fill(200));
    const ids = rs.map((r) => r.body.offers[0].id);
    expect(new Set(ids).size).toBe(N);
    const listed = (await server.api('offers', { 'p[287_categoryId]': cat })).body.offers;
    expect(listed.map((o: { name: string }) => o.name).sort()).toEqual(Array.from({ length: N }, (_, i) => `Параллельный товар ${i}`).sort());
  });

  it('creates params at once, each with its own base id', async () => {
    const rs = await together((i) => server.api('offers_params', { set: 1, 'p[388_name]': `Параметр ${i}`, 'p[390_kind]': 'select' }, { token: owner }));
    expect(rs.map((r) => r.status), JSON.stringify(rs.map((r) => r.body))).toEqual(Array(N).fill(200));
    const bases = rs.map((r) => Number(r.body.offers_params[0].baseId));
    expect(new Set(bases).size).toBe(N);
    expect([...bases].sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => 323 + i));
  });

  it('adds values to one param at once, each with its own id', async () => {
    const param = (await server.api('offers_params', { set: 1, 'p[388_name]': 'Цвет', 'p[390_kind]': 'select' }, { token: owner })).body.offers_params[0];
    const rs = await together((i) => server.api('offers_params_values', { set: 1, 'p[395_param_id]': param.id, 'p[480_value_id]': `${i}$`, 'p[479_value]': `цвет ${i}` }, { token: owner }));
    expect(rs.map((r) => r.status), JSON.stringify(rs.map((r) => r.body))).toEqual(Array(N).fill(200));
    const values = (await server.api('offers_params_values', { 'p[395_param_id]': param.id })).body.offers_params_values[param.id];
    expect(values).toHaveLength(N);
    expect(new Set(values.map((v: { id: string }) => v.id)).size).toBe(N);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('a write while another connection holds the SQLite write lock (a YML import)', () => {
  it('waits for it without stopping the server: reads answer meanwhile, the write lands once the lock is free', async () => {
    const other = new SQLite(server.database.file!);
    try {
      other.exec('begin immediate');
      other.prepare('update stores set name = name where id = ?').run(server.storeId);
      let settled = false;
      const write = server.api('offers_category', { set: 1, 'p[487_category]': 'Во время импорта', 'p[488_sub_id]': cat }, { token: owner }).finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      // A synchronous busy wait would hold this answer back until the write gave up (5 s, then a 500).
      const read = await server.api('offers_category');
      expect(read.status).toBe(200);
      expect(read.body.offers_category.some((c: { category: string }) => c.category === 'Во время импорта')).toBe(false);
      expect(settled).toBe(false);
      other.exec('commit');
      const r = await write;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const list = (await server.api('offers_category')).body.offers_category;
      expect(list.some((c: { category: string }) => c.category === 'Во время импорта')).toBe(true);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    }
  });
});
