import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { PRODUCTS_COUNT_CAP } from '../../../schemas/dashboard';
import { orderForm, rest, SECOND_ZONE, setupShop, type Shop } from '../../test/checkoutFixtures';
import { localTime } from '../../../schemas/rules';
import { addDays } from './dashboard';

let server: TestServer, owner: Auth, customer: Auth;
let shop: Shop;
let today: string;
const ids: Record<string, number> = {};

async function place(form: Record<string, unknown>) {
  const r = await server.api('orders', form as Record<string, string>);
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.orders[0] as number;
}

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  shop = await setupShop(server, owner);
  today = localTime(new Date(), 'Europe/Moscow').date;
  // Today: 2 × 300 + 200 delivery = 800 at the main place; 1000 − 20 % = 800 picked up at the second place.
  ids.delivery = await place(orderForm({ [shop.offers.mid]: 2 }));
  ids.pickup = await place(orderForm({ [shop.offers.big]: 1 }, { client_receiving: 'pickup', 'p[751_delivery]': 0, 'p[674_place_id]': shop.places.second, client_promocode: 'SALE20', client_address: null, client_coords: null }));
  // A cancelled one today (counts only among today's statuses).
  ids.cancelled = await place(orderForm({ [shop.offers.pricey]: 1 }));
  await rest(server, 'PUT', `/orders/${ids.cancelled}`, { token: owner, json: { status: 'cancelled' } });
  // Three days ago: 4 × 150 + 200 = 800, delivered in the second zone, accepted.
  ids.old = await place(orderForm({ [shop.offers.cheap]: 4 }, { client_coords: SECOND_ZONE }));
  await server.db.updateTable('orders').set({ date: addDays(today, -3) }).where('number', '=', ids.old).execute();
  // Last year: outside the default 30 days.
  ids.lastYear = await place(orderForm({ [shop.offers.pricey]: 1 }));
  await server.db.updateTable('orders').set({ date: addDays(today, -400) }).where('number', '=', ids.lastYear).execute();
});
afterAll(() => server?.close());

describe('/rest/dashboard', () => {
  it('sums revenue and orders per day by SQL, without cancelled or older orders', async () => {
    const r = await rest(server, 'GET', '/dashboard', { token: owner, query: { period: 'day' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body;
    expect(d).toMatchObject({ period: 'day', to: today, from: addDays(today, -29), today });
    expect(d.series).toEqual([
      { bucket: addDays(today, -3), orders: 1, revenue: 800 },
      { bucket: today, orders: 2, revenue: 1600 },
    ]);
    expect(d.totals).toEqual({ orders: 3, revenue: 2400, averageBasket: 800, cancelled: 1 });
    expect(d.todayByStatus).toEqual({ new: 2, cancelled: 1 });
    expect(d.todayTotals).toEqual({ orders: 2, revenue: 1600 });
  });

  it('gives top products, promo use, delivery vs pickup and places', async () => {
    const d = (await rest(server, 'GET', '/dashboard', { token: owner })).body;
    expect(d.topProducts).toEqual([
      { id: shop.offers.cheap, name: expect.any(String), quantity: 4, revenue: 600 },
      { id: shop.offers.mid, name: expect.any(String), quantity: 2, revenue: 600 },
      { id: shop.offers.big, name: expect.any(String), quantity: 1, revenue: 800 },
    ]);
    expect(d.promo).toEqual([{ code: 'SALE20', orders: 1, discount: 200 }]);
    expect(d.receiving).toEqual([
      { receiving: 'delivery', orders: 2, revenue: 1600 },
      { receiving: 'pickup', orders: 1, revenue: 800 },
    ]);
    expect(d.places).toEqual(
      expect.arrayContaining([
        { placeId: shop.places.main, name: 'Главная', orders: 1, revenue: 800 },
        { placeId: shop.places.second, name: 'Вторая', orders: 2, revenue: 1600 },
      ]),
    );
  });

  it('groups by week (from Monday) and by month, over a chosen period', async () => {
    const weeks = (await rest(server, 'GET', '/dashboard', { token: owner, query: { period: 'week' } })).body;
    const monday = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
    const expected = new Map<string, number>();
    for (const date of [addDays(today, -3), today, today]) expected.set(monday(date), (expected.get(monday(date)) ?? 0) + 1);
    expect(weeks.series.map((s: { bucket: string; orders: number }) => [s.bucket, s.orders])).toEqual([...expected.entries()]);
    const all = (await rest(server, 'GET', '/dashboard', { token: owner, query: { period: 'month', from: addDays(today, -500), to: today } })).body;
    expect(all.totals.orders).toBe(4);
    expect(all.series[0]).toEqual({ bucket: addDays(today, -400).slice(0, 7), orders: 1, revenue: 4000 });
  });

  it('answers the owner only and refuses a bad period or date', async () => {
    expect((await rest(server, 'GET', '/dashboard', { token: customer })).status).toBe(403);
    expect((await rest(server, 'GET', '/dashboard')).status).toBe(401);
    expect((await rest(server, 'GET', '/dashboard', { token: owner, query: { period: 'year' } })).status).toBe(400);
    expect((await rest(server, 'GET', '/dashboard/year', { token: owner })).status).toBe(400);
    expect((await rest(server, 'GET', '/dashboard/week', { token: owner })).body).toMatchObject({ id: 'week', period: 'week' });
    expect((await rest(server, 'GET', '/dashboard', { token: owner, query: { from: '2026-13-45' } })).status).toBe(400);
  });

  it('counts the products for the first steps only up to a cap: none, some, more than asked; the shop’s own, not deleted', async () => {
    const products = (query?: Record<string, unknown>, token: Auth = owner, host?: string) => rest(server, 'GET', '/dashboard/products', { token, query, host });
    const stored = async (storeId: number) =>
      Number((await server.db.selectFrom('offers').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', storeId).where('deleted', '=', 0).executeTakeFirstOrThrow()).n);
    const some = await stored(server.storeId);
    expect(some).toBeGreaterThan(2);
    expect(some).toBeLessThan(PRODUCTS_COUNT_CAP);
    expect((await products()).body).toEqual({ id: 'products', count: some, more: false });
    // Asked to stop early, the answer says there are more.
    expect((await products({ upTo: '2' })).body).toEqual({ id: 'products', count: 2, more: true });
    expect((await products({ upTo: String(some) })).body).toEqual({ id: 'products', count: some, more: false });
    // A deleted product is not counted.
    await server.db.updateTable('offers').set({ deleted: 1 }).where('store_id', '=', server.storeId).where('id', '=', shop.offers.cheap).execute();
    expect((await products()).body.count).toBe(some - 1);
    await server.db.updateTable('offers').set({ deleted: 0 }).where('store_id', '=', server.storeId).where('id', '=', shop.offers.cheap).execute();
    // Another shop with no products: none (the first shop's are not its).
    const host = 'empty-shop.example';
    await server.addStore({ name: 'Пустой', domain: host, ownerPhone: '+79995550077' });
    const emptyOwner = await server.signIn('+79995550077', { host });
    expect((await products(undefined, emptyOwner, host)).body).toEqual({ id: 'products', count: 0, more: false });
    // The owner's only; upTo within 1..cap.
    expect((await products(undefined, customer)).status).toBe(403);
    for (const upTo of ['0', '-1', 'x', '1.5', String(PRODUCTS_COUNT_CAP + 1)]) expect((await products({ upTo })).status, upTo).toBe(400);
  });
});
