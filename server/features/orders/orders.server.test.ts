import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, type TestServer } from '../../test/helpers';
import { startCheckoutShop } from '../../test/checkoutShop';
import { newDevice, orderDetail, orderForm, SECOND_ZONE, type Shop } from '../../test/checkoutFixtures';

/** api=orders, reading: a device's and a customer's own orders, one order, the owner's place orders of a day. */

let server: TestServer, owner: Auth, customer: Auth, shop: Shop;
beforeAll(async () => ({ server, owner, customer, shop } = await startCheckoutShop()));
afterAll(() => server?.close());

const order = (form: Record<string, unknown>, token?: Auth) => server.api('orders', form as Record<string, string>, { token });
const detail = (id: number, who: { device_id?: string; token?: Auth }) => orderDetail(server, id, who);

describe('api=orders: reading orders', () => {
  it('shows a device its anonymous orders, and nobody else', async () => {
    const device = newDevice();
    const a = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device }));
    const b = await order(orderForm({ [shop.offers.big]: 1, [shop.offers.cheap]: 1 }, { device_id: device }));
    const list = await server.api('orders', { list: 1, device_id: device });
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: { id: number }) => o.id)).toEqual([b.body.orders[0], a.body.orders[0]]);
    expect(list.body.orders[0]).toMatchObject({ status: 'new', total: 1350, linesCount: 2, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const other = await server.api('orders', { list: 1, device_id: newDevice() });
    expect(other.body.orders).toEqual([]);
    expect((await server.api('orders', { list: 1 })).body.orders).toEqual([]);
    const stranger = await server.api('orders', { orderId: a.body.orders[0], device_id: newDevice() });
    expect(stranger.status).toBe(404);
    expect((await server.api('orders', { orderId: a.body.orders[0] })).status).toBe(404);
  });

  it('shows a signed-in customer theirs; another customer gets a 404; the owner sees any', async () => {
    const mine = await order(orderForm({ [shop.offers.mid]: 2 }), customer);
    const list = await server.api('orders', { list: 1 }, { token: customer });
    expect(list.body.orders.map((o: { id: number }) => o.id)).toContain(mine.body.orders[0]);
    expect((await detail(mine.body.orders[0], { token: customer })).clientName).toBe('Анна');
    const other = await server.signIn('+79995550000');
    expect((await server.api('orders', { orderId: mine.body.orders[0] }, { token: other })).status).toBe(404);
    expect((await server.api('orders', { list: 1 }, { token: other })).body.orders).toEqual([]);
    expect((await detail(mine.body.orders[0], { token: owner })).id).toBe(mine.body.orders[0]);
    expect((await server.api('orders', { orderId: 99999999 }, { token: owner })).status).toBe(404);
    expect((await server.api('orders', { orderId: 'abc' }, { token: owner })).status).toBe(400);
    expect((await server.api('orders', { list: 1 }, { token: { ...customer, token: 'bad' } })).status).toBe(401);
  });

  it('gives the owner a place’s orders of a date', async () => {
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { client_coords: SECOND_ZONE }));
    const row = await server.db.selectFrom('orders').select(['date']).where('number', '=', r.body.orders[0]).executeTakeFirstOrThrow();
    const places = await server.api('orders', { 'p[674_place_id]': shop.places.second, 'p[688_date]': row.date }, { token: owner });
    expect(places.status).toBe(200);
    const ids = places.body.orders.map((o: { id: number }) => o.id);
    expect(ids).toContain(r.body.orders[0]);
    for (const o of places.body.orders) expect(o).toMatchObject({ placeId: shop.places.second, date: row.date });
    const otherDay = await server.api('orders', { 'p[674_place_id]': shop.places.second, 'p[688_date]': '2001-01-01' }, { token: owner });
    expect(otherDay.body.orders).toEqual([]);
    expect((await server.api('orders', { 'p[674_place_id]': shop.places.second, 'p[688_date]': row.date }, { token: customer })).status).toBe(403);
    expect((await server.api('orders', { 'p[674_place_id]': shop.places.second, 'p[688_date]': row.date })).status).toBe(401);
    expect((await server.api('orders', { 'p[674_place_id]': shop.places.second, 'p[688_date]': 'yesterday' }, { token: owner })).status).toBe(400);
  });
});
