import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type TestServer } from '../../test/helpers';
import { INSIDE, OUTSIDE, SECOND_ZONE, setupShop } from '../../test/checkoutFixtures';

/** Delivery zones over the api (api=geo_check), by the rule the checkout uses (schemas/rules/zones.ts). */

let server: TestServer;

beforeAll(async () => {
  const started = await startSignedIn();
  server = started.server;
  await setupShop(server, started.owner);
});
afterAll(() => server?.close());

describe('api=geo_check', () => {
  it('says whether a point is inside any place’s delivery zone', async () => {
    expect((await server.get(`/api?api=geo_check&ll=${INSIDE}`)).body).toEqual({ geo: '1' });
    expect((await server.get(`/api?api=geo_check&ll=${SECOND_ZONE}`)).body).toEqual({ geo: '1' });
    expect((await server.get(`/api?api=geo_check&ll=${OUTSIDE}`)).body).toEqual({ geo: '0' });
    for (const bad of ['', 'abc', '59.9', '91,30', '59.9;30.3']) {
      const r = await server.get(`/api?api=geo_check&ll=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('invalid_input');
    }
  });

  it('says a shop that has drawn no zone delivers everywhere', async () => {
    const rows = await server.db.selectFrom('places').select(['id', 'data']).where('store_id', '=', server.storeId).execute();
    for (const r of rows) await server.db.updateTable('places').set({ data: JSON.stringify({ ...JSON.parse(r.data), coords: [] }) }).where('id', '=', r.id).execute();
    expect((await server.get(`/api?api=geo_check&ll=${OUTSIDE}`)).body).toEqual({ geo: '1' });
  });
});
