import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, type Auth, type TestServer } from '../../test/helpers';
import { startCheckoutShop } from '../../test/checkoutShop';
import { chargedOrder, orderForm, rest, type Shop } from '../../test/checkoutFixtures';

/**
 * Promo kinds over real HTTP (issue 35): the owner makes a fixed-sum and a free-delivery code over REST;
 * the server charges by them whatever the client sends, and refuses a code below its minimum sum, outside
 * its dates or used up, storing nothing. The shop: delivery 200, free from 3000, minimum 500.
 */

let server: TestServer, owner: Auth, shop: Shop;
const TABLES = ['orders', 'order_lines', 'promo_codes', 'notifications'];
const year = new Date().getUTCFullYear();
beforeAll(async () => {
  ({ server, owner, shop } = await startCheckoutShop());
  for (const code of [
    { name: 'Минус 300', code: 'MINUS300', kind: 'fixed', amount: 300 },
    { name: 'Минус 5000', code: 'MINUS5000', kind: 'fixed', amount: 5000 },
    { name: 'Доставка', code: 'FREEDEL', kind: 'free_delivery', condition: 1000 },
    { name: 'Дважды', code: 'TWICE', kind: 'fixed', amount: 100, maxUses: 2 },
    { name: 'Прошлый год', code: 'LASTYEAR', kind: 'free_delivery', dateFrom: `${year - 1}-01-01`, dateTo: `${year - 1}-12-31` },
    { name: 'Будущий год', code: 'NEXTYEAR', kind: 'fixed', amount: 100, dateFrom: `${year + 1}-01-01` },
  ]) {
    const r = await rest(server, 'POST', '/promo_codes', { token: owner, json: code });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(() => server?.close());

const order = (form: Record<string, unknown>) => server.api('orders', form as Record<string, string>);
const charged = (items: Record<string, number>, over: Record<string, string | number> = {}) => chargedOrder(server, items, over);
async function refused(form: Record<string, unknown>, reason: string) {
  const before = await snapshot(server.db, TABLES);
  const r = await order(form);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toMatchObject({ code: 'promo_error', params: { reason } });
  expect(await snapshot(server.db, TABLES)).toBe(before);
}

describe('promo kinds', () => {
  it('the owner’s REST answers the kind and the sum; a bad kind or a negative sum is refused', async () => {
    const list = (await rest(server, 'GET', '/promo_codes', { token: owner, query: { range: [0, 99] } })).body as Record<string, unknown>[];
    expect(list.find((p) => p.code === 'MINUS300')).toMatchObject({ kind: 'fixed', amount: 300 });
    expect(list.find((p) => p.code === 'SALE20')).toMatchObject({ kind: 'percent', discount: 20 });
    for (const bad of [{ kind: 'half' }, { amount: -1 }]) {
      const r = await rest(server, 'POST', '/promo_codes', { token: owner, json: { name: 'Плохой', code: 'BAD1', ...bad } });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('api=promo proves a fixed-sum code with its sum and no percent', async () => {
    expect((await server.api('promo', { code: 'minus300', total: '900' })).body.promo).toMatchObject({ status: 'proved', kind: 'fixed', amount: 300, discount: 0 });
    expect((await server.api('promo', { code: 'FREEDEL', total: '900' })).body.promo).toMatchObject({ status: 'error', reason: 'min_sum' });
  });

  it('a fixed sum comes off the goods (never more than the goods), whatever discount the client sends', async () => {
    const o = await charged({ [shop.offers.mid]: 3 }, { client_promocode: 'MINUS300', discount: 900, promoDiscount: 100 });
    expect(o).toMatchObject({ goodsTotal: 900, discount: 300, totalPrice: 600, deliveryCost: 200, total: 800, promoCode: 'MINUS300' });
    expect(o.products[0]).toMatchObject({ price: 300, sum: 900 });
    // 5000 off 4000 of goods: the goods are free, the shop's minimum (500, after the promo) refuses such an order.
    const r = await order(orderForm({ [shop.offers.pricey]: 1 }, { client_promocode: 'MINUS5000' }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('min_sum');
  });

  it('free delivery makes the delivery 0 from the code’s minimum sum, and is refused below it', async () => {
    expect(await charged({ [shop.offers.mid]: 4 }, { client_promocode: 'FREEDEL', delivery_cost: 500 })).toMatchObject({ goodsTotal: 1200, discount: 0, totalPrice: 1200, deliveryCost: 0, total: 1200 });
    await refused(orderForm({ [shop.offers.mid]: 3 }, { client_promocode: 'FREEDEL' }), 'min_sum');
  });

  it('refuses a code outside its dates, and one used up, storing nothing', async () => {
    await refused(orderForm({ [shop.offers.mid]: 4 }, { client_promocode: 'LASTYEAR' }), 'expired');
    await refused(orderForm({ [shop.offers.mid]: 4 }, { client_promocode: 'NEXTYEAR' }), 'not_started');
    await charged({ [shop.offers.mid]: 4 }, { client_promocode: 'TWICE' });
    await charged({ [shop.offers.mid]: 4 }, { client_promocode: 'TWICE' });
    await refused(orderForm({ [shop.offers.mid]: 4 }, { client_promocode: 'TWICE' }), 'used');
  });
});
