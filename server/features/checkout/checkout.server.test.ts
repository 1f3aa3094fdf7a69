import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_PHONE, snapshot, type Auth, type TestServer } from '../../test/helpers';
import { startCheckoutShop } from '../../test/checkoutShop';
import { allDay, closedNow, INSIDE, newDevice, orderDetail, newKey, orderForm, OUTSIDE, rest, SECOND_ZONE, storeSettings, type Shop } from '../../test/checkoutFixtures';

let server: TestServer, owner: Auth, customer: Auth, shop: Shop;
const ORDER_TABLES = ['orders', 'promo_codes', 'notifications', 'payments'];
beforeAll(async () => ({ server, owner, customer, shop } = await startCheckoutShop()));
afterAll(() => server?.close());

const order = (form: Record<string, unknown>, token?: Auth) => server.api('orders', form as Record<string, string>, { token });
const detail = (id: number, who: { device_id?: string; token?: Auth }) => orderDetail(server, id, who);
const countOrders = async () => Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const setWeeks = async (week: unknown) => {
  for (const id of [shop.places.main, shop.places.second]) {
    const row = await server.db.selectFrom('places').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    await server.db.updateTable('places').set({ data: JSON.stringify({ ...JSON.parse(row.data), week }) }).where('id', '=', id).execute();
  }
};

/** Expects a refusal with this code that left every order table as it was. */
async function refused(form: Record<string, unknown>, status: number, code: string, token?: Auth) {
  const before = await snapshot(server.db, ORDER_TABLES);
  const r = await order(form, token);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.error.code).toBe(code);
  expect(await snapshot(server.db, ORDER_TABLES)).toBe(before);
  return r.body.error;
}

describe('api=orders: a client order', () => {
  it('creates the order and answers with its number', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.orders).toHaveLength(1);
    expect(Number.isInteger(r.body.orders[0])).toBe(true);
    const o = await detail(r.body.orders[0], { device_id: device });
    expect(o).toMatchObject({
      id: r.body.orders[0],
      status: 'new',
      clientName: 'Анна',
      phone: '+79991234567',
      address: 'Каменноостровский пр., 10',
      latitude: '59.958',
      longitude: '30.306',
      comment: 'Позвонить заранее',
      payment: 'CASH',
      paymentLabel: 'Наличные',
      receiving: 'delivery',
      totalPrice: 600,
      deliveryCost: 200,
      total: 800,
      totalQuantity: 2,
      placeId: shop.places.main,
      paymentStatus: 'none',
    });
    expect(o.products).toEqual([expect.objectContaining({ id: shop.offers.mid, price: 300, quantity: 2, sum: 600, categoryId: shop.categoryId })]);
  });

  it('keeps the floor and the flat apart: client_appart is the floor, client_flat the flat (none for pickup)', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device, client_house: '5', client_entrance: '2', client_appart: '7', client_flat: '12' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const o = await detail(r.body.orders[0], { device_id: device });
    expect(o).toMatchObject({ house: '5', entrance: '2', floor: '7', flat: '12' });
    expect(o).not.toHaveProperty('appart');
    // The owner reads the same over REST.
    expect((await rest(server, 'GET', `/orders/${r.body.orders[0]}`, { token: owner })).body).toMatchObject({ floor: '7', flat: '12' });
    // An order stored before the flat field kept the floor under `appart`: it reads as the floor.
    const row = await server.db.selectFrom('orders').select('data').where('number', '=', r.body.orders[0]).executeTakeFirstOrThrow();
    const { floor: _f, flat: _fl, ...old } = JSON.parse(row.data);
    await server.db.updateTable('orders').set({ data: JSON.stringify({ ...old, appart: '3' }) }).where('number', '=', r.body.orders[0]).execute();
    expect(await detail(r.body.orders[0], { device_id: device })).toMatchObject({ floor: '3', flat: null });
    const pickup = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device, client_receiving: 'pickup', 'p[674_place_id]': shop.places.main, client_flat: '12' }));
    expect(await detail(pickup.body.orders[0], { device_id: device })).toMatchObject({ floor: null, flat: null, address: null });
    await refused(orderForm({ [shop.offers.mid]: 2 }, { client_flat: 'x'.repeat(21) }), 400, 'invalid_input');
  });

  it('ignores a price, total or discount the client sends', async () => {
    const device = newDevice();
    const r = await order(
      orderForm(
        { [shop.offers.big]: 1 },
        { device_id: device, price: 1, total: 1, totalPrice: 1, discount: 99, amount: 1, [`price[${shop.offers.big}]`]: 1, 'p[283_price]': 1, 'p[707_total_price]': 1, delivery_cost: 0 },
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const o = await detail(r.body.orders[0], { device_id: device });
    expect(o.totalPrice).toBe(1000);
    expect(o.discount).toBe(0);
    expect(o.deliveryCost).toBe(200);
    expect(o.total).toBe(1200);
    expect(o.products[0].price).toBe(1000);
  });

  it('delivers free from free_delivery_from and charges nothing for pickup', async () => {
    const device = newDevice();
    const free = await order(orderForm({ [shop.offers.big]: 3 }, { device_id: device }));
    expect((await detail(free.body.orders[0], { device_id: device })).deliveryCost).toBe(0);
    const pickup = await order(
      orderForm({ [shop.offers.mid]: 2 }, { device_id: device, client_receiving: 'pickup', 'p[751_delivery]': 0, client_address: '', client_coords: '', 'p[674_place_id]': shop.places.second }),
    );
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    const o = await detail(pickup.body.orders[0], { device_id: device });
    expect(o).toMatchObject({ receiving: 'pickup', deliveryCost: 0, total: 600, placeId: shop.places.second, address: null });
  });

  it('takes the receiving way from p[751_delivery] when client_receiving is absent', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device, client_receiving: undefined, 'p[751_delivery]': 0, client_address: '', 'p[674_place_id]': shop.places.main }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await detail(r.body.orders[0], { device_id: device })).receiving).toBe('pickup');
  });

  it('keeps the change only for cash', async () => {
    const device = newDevice();
    const cash = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device, client_change: '5000' }));
    expect((await detail(cash.body.orders[0], { device_id: device })).oddMoney).toBe(5000);
    const card = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device, client_change: '5000', client_payment: 'card' }));
    const o = await detail(card.body.orders[0], { device_id: device });
    expect(o.oddMoney).toBeNull();
    expect(o.paymentLabel).toBe('Картой курьеру');
  });

  it('stores the url data and the signed-in customer', async () => {
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { utm_source: 'newsletter', utm_campaign: 'autumn', client_phone: CUSTOMER_PHONE }), customer);
    expect(r.status).toBe(200);
    const row = await server.db.selectFrom('orders').selectAll().where('number', '=', r.body.orders[0]).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(Number(customer.user_id));
    expect(JSON.parse(row.data)).toMatchObject({ utm: { utm_source: 'newsletter', utm_campaign: 'autumn' }, phoneVerified: true });
  });

  it('counts the phone as checked when phoneNumberToken is a sign-in session of that number', async () => {
    const verified = async (over: Record<string, string>) => {
      const r = await order(orderForm({ [shop.offers.mid]: 2 }, { client_phone: CUSTOMER_PHONE, phoneNumber: '79991112233', ...over }));
      expect(r.status).toBe(200);
      const row = await server.db.selectFrom('orders').select(['data', 'user_id']).where('number', '=', r.body.orders[0]).executeTakeFirstOrThrow();
      expect(row.user_id).toBeNull();
      return JSON.parse(row.data).phoneVerified;
    };
    expect(await verified({ phoneNumberToken: customer.token })).toBe(true);
    expect(await verified({ phoneNumberToken: 'forged' })).toBe(false);
    expect(await verified({ phoneNumberToken: owner.token })).toBe(false);
  });

  it('places an order with a stale token anonymously and flags the token', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: device }), { ...customer, token: 'stale-token' });
    expect(r.status).toBe(200);
    expect(r.body.token).toBe('error');
    const row = await server.db.selectFrom('orders').select(['user_id', 'device_id']).where('number', '=', r.body.orders[0]).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, device_id: device });
  });
});

describe('api=orders: the promo code', () => {
  it('takes the percent off each unit, rounded', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.cheap]: 4, [shop.offers.mid]: 1 }, { device_id: device, client_promocode: 'SALE20' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const o = await detail(r.body.orders[0], { device_id: device });
    expect(o.products.map((l: { price: number }) => l.price)).toEqual([120, 240]);
    expect(o).toMatchObject({ promoCode: 'SALE20', totalPrice: 720, discount: 180, goodsTotal: 900, deliveryCost: 200 });
    // 5% of 150 is 7.5: 142.5 per unit rounds to 143.
    const r2 = await order(orderForm({ [shop.offers.cheap]: 8 }, { device_id: device, client_promocode: 'min1000' }));
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    const o2 = await detail(r2.body.orders[0], { device_id: device });
    expect(o2.products[0].price).toBe(143);
    expect(o2.totalPrice).toBe(1144);
  });

  it('counts each use of a code', async () => {
    const before = (await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.NOW25).executeTakeFirstOrThrow()).used_count;
    const r = await order(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'NOW25' }));
    expect(r.status).toBe(200);
    const after = (await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.NOW25).executeTakeFirstOrThrow()).used_count;
    expect(after).toBe(before + 1);
  });

  it('refuses an expired, not yet valid, unknown or below-condition code and stores nothing', async () => {
    expect((await refused(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'OLD30' }), 400, 'promo_error')).message).toBe('Срок действия промокода истёк');
    expect((await refused(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'SOON40' }), 400, 'promo_error')).message).toBe('Промокод ещё не действует');
    expect((await refused(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'NOSUCH' }), 400, 'promo_error')).message).toBe('Промокод не найден');
    expect((await refused(orderForm({ [shop.offers.mid]: 3 }, { client_promocode: 'MIN1000' }), 400, 'promo_error')).message).toBe('Промокод действует для заказа от 1000 р.');
  });

  it('lets a once-only code be used once', async () => {
    const first = await order(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'ONCE10' }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const err = await refused(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'ONCE10' }), 400, 'promo_error');
    expect(err.message).toBe('Промокод использован');
    expect(err.fields).toEqual(['client_promocode']);
  });

  it('accepts a once-only code once among 20 parallel orders', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => order(orderForm({ [shop.offers.big]: 1 }, { client_promocode: 'RACE15' }))));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('promo_error');
    }
    const promo = await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.RACE15).executeTakeFirstOrThrow();
    expect(promo.used_count).toBe(1);
    const rows = await server.db.selectFrom('orders').select('data').execute();
    expect(rows.filter((r) => JSON.parse(r.data).promoCode === 'RACE15')).toHaveLength(1);
  });

  it('api=promo checks a code without using it up', async () => {
    const r = await server.api('promo', { code: 'sale20' });
    expect(r.status).toBe(200);
    expect(r.body.promo).toMatchObject({ code: 'SALE20', discount: 20, status: 'proved' });
    const once = await server.api('promo', { code: 'ONCE10' });
    expect(once.body.promo).toMatchObject({ status: 'error', reason: 'used', discount: 0, message: 'Промокод использован' });
    expect((await server.api('promo', { code: 'OLD30' })).body.promo).toMatchObject({ status: 'error', reason: 'expired' });
    expect((await server.api('promo', { code: 'nope' })).body.promo).toMatchObject({ status: 'error', reason: 'not_found' });
    expect((await server.api('promo', { code: 'MIN1000', total: '999' })).body.promo).toMatchObject({ status: 'error', reason: 'min_sum' });
    expect((await server.api('promo', { code: 'MIN1000', total: '1000' })).body.promo).toMatchObject({ status: 'proved', discount: 5 });
    expect((await server.api('promo', { code: 'SALE20', total: 'abc' })).status).toBe(400);
    const count = await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.SALE20).executeTakeFirstOrThrow();
    const again = await server.api('promo', { code: 'SALE20' });
    expect(again.body.promo.status).toBe('proved');
    expect((await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.SALE20).executeTakeFirstOrThrow()).used_count).toBe(count.used_count);
  });
});

describe('api=orders: idempotency', () => {
  it('returns the same number for a repeat with the same key and creates nothing', async () => {
    const form = orderForm({ [shop.offers.mid]: 3 }, { client_promocode: 'SALE20' });
    const first = await order(form);
    expect(first.status).toBe(200);
    const before = await snapshot(server.db, ORDER_TABLES);
    const again = await order({ ...form, client_name: 'Другое имя' });
    expect(again.status).toBe(200);
    expect(again.body.orders).toEqual(first.body.orders);
    expect(await snapshot(server.db, ORDER_TABLES)).toBe(before);
  });

  it('makes exactly 50 orders of 50 concurrent orders each sent twice', async () => {
    const before = await countOrders();
    const forms = Array.from({ length: 50 }, (_, i) => orderForm({ [shop.offers.mid]: 3 + (i % 3) }, { client_promocode: i % 2 ? 'SALE20' : undefined }));
    const usesBefore = (await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.SALE20).executeTakeFirstOrThrow()).used_count;
    const replies = await Promise.all([...forms, ...forms].map((f) => order(f)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (let i = 0; i < 50; i++) expect(replies[i].body.orders).toEqual(replies[i + 50].body.orders);
    expect(new Set(replies.map((r) => r.body.orders[0])).size).toBe(50);
    expect(await countOrders()).toBe(before + 50);
    const usesAfter = (await server.db.selectFrom('promo_codes').select('used_count').where('id', '=', shop.promos.SALE20).executeTakeFirstOrThrow()).used_count;
    expect(usesAfter).toBe(usesBefore + 25);
  });

  it('needs a key', async () => {
    const err = await refused(orderForm({ [shop.offers.mid]: 2 }, { idempotency_key: '' }), 400, 'required_fields_error');
    expect(err.fields.map((f: { field: string }) => f.field)).toEqual(['idempotency_key']);
  });
});

describe('api=orders: the seed’s checks, in order, each storing nothing', () => {
  beforeEach(() => setWeeks(allDay()));

  it('1. refuses unavailable, hidden, deleted and unknown products, naming them', async () => {
    const { unavailable, hidden, deleted, mid } = shop.offers;
    const err = await refused(orderForm({ [mid]: 2, [unavailable]: 1, [hidden]: 1, [deleted]: 1, nosuch: 1 }), 400, 'unavailable_items');
    expect(err.message).toBe('В корзине есть товары недоступные к заказу');
    expect([...err.fields].sort()).toEqual([unavailable, hidden, deleted, 'nosuch'].sort());
  });

  it('1. refuses every product while the shop stops purchases', async () => {
    await storeSettings(server, owner, { stop_purchase: true });
    try {
      await refused(orderForm({ [shop.offers.mid]: 2 }), 400, 'unavailable_items');
    } finally {
      await storeSettings(server, owner, { stop_purchase: false });
    }
  });

  it('2. refuses a delivery point outside every zone (before hours, minimum and fields)', async () => {
    await setWeeks(closedNow());
    const err = await refused(orderForm({ [shop.offers.cheap]: 1 }, { client_coords: OUTSIDE, client_name: '' }), 400, 'out_of_zone');
    expect(err.message).toBe('Извините, указанный адрес вне зоны доставки');
  });

  it('2. accepts a point in the second place’s zone and gives the order to that place', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { client_coords: SECOND_ZONE, device_id: device }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await detail(r.body.orders[0], { device_id: device })).placeId).toBe(shop.places.second);
  });

  it('3. refuses an order outside the places’ hours, naming them', async () => {
    const week = closedNow();
    await setWeeks(week);
    const err = await refused(orderForm({ [shop.offers.cheap]: 1 }, { client_name: '' }), 400, 'out_of_hours');
    expect(err.message).toBe(`Извините, доставка работает с ${week.monday.from} до ${week.monday.to}`);
    // Errors as data: the hours come as params too, for the client's own language.
    expect(err.params).toEqual({ from: week.monday.from, to: week.monday.to });
  });

  it('3. refuses on a day every place has off', async () => {
    const week = allDay();
    for (const d of Object.keys(week) as (keyof typeof week)[]) week[d].isWeekend = true;
    await setWeeks(week);
    await refused(orderForm({ [shop.offers.mid]: 2 }), 400, 'out_of_hours');
  });

  it('4. refuses a total below the minimum sum (after the discount)', async () => {
    const err = await refused(orderForm({ [shop.offers.cheap]: 3 }, { client_name: '' }), 400, 'min_sum');
    expect(err.message).toBe('Минимальная сумма заказа 500 р.');
    expect(err.params).toEqual({ sum: '500' });
    // 2 × 300 = 600, but 20% off makes it 480.
    await refused(orderForm({ [shop.offers.mid]: 2 }, { client_promocode: 'SALE20' }), 400, 'min_sum');
  });

  it('5. lists the empty required fields', async () => {
    const err = await refused(orderForm({ [shop.offers.mid]: 2 }, { client_name: ' ', client_phone: '', client_address: '', client_payment: '' }), 400, 'required_fields_error');
    expect(err.fields.map((f: { field: string }) => f.field)).toEqual(['client_name', 'client_phone', 'client_payment', 'client_address']);
    expect(err.message).toContain('client_name');
  });

  it('5. follows the store’s required flags: the house/entrance/floor group needs all three, change only with cash', async () => {
    await storeSettings(server, owner, { client_numbers: true, client_change: true, client_comment: true, client_name: false });
    try {
      const err = await refused(orderForm({ [shop.offers.mid]: 2 }, { client_house: '10', client_appart: '', client_entrance: '2', client_comment: '', client_name: '' }), 400, 'required_fields_error');
      expect(err.fields.map((f: { field: string }) => f.field)).toEqual(['client_numbers', 'client_change', 'client_comment']);
      // Card: no change needed; pickup: no address or house group (but the place, the shop has two).
      const ok = await order(orderForm({ [shop.offers.mid]: 2 }, { client_payment: 'card', client_receiving: 'pickup', 'p[674_place_id]': shop.places.main, client_address: '', client_name: '' }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const full = await order(orderForm({ [shop.offers.mid]: 2 }, { client_house: '10', client_appart: '5', client_entrance: '2', client_change: '1000' }));
      expect(full.status, JSON.stringify(full.body)).toBe(200);
    } finally {
      await storeSettings(server, owner, { client_numbers: false, client_change: false, client_comment: false, client_name: true });
    }
  });

  it('5. needs the map point of a delivery address when the shop has zones', async () => {
    const err = await refused(orderForm({ [shop.offers.mid]: 2 }, { client_coords: '' }), 400, 'required_fields_error');
    expect(err.fields.map((f: { field: string }) => f.field)).toEqual(['client_address']);
  });

  it('checks in the seed’s order', async () => {
    await setWeeks(closedNow());
    const all = { [shop.offers.unavailable]: 1, [shop.offers.cheap]: 1 };
    await refused(orderForm(all, { client_coords: OUTSIDE, client_name: '' }), 400, 'unavailable_items');
    await refused(orderForm({ [shop.offers.cheap]: 1 }, { client_coords: OUTSIDE, client_name: '' }), 400, 'out_of_zone');
    await refused(orderForm({ [shop.offers.cheap]: 1 }, { client_name: '' }), 400, 'out_of_hours');
    await setWeeks(allDay());
    await refused(orderForm({ [shop.offers.cheap]: 1 }, { client_name: '' }), 400, 'min_sum');
    await refused(orderForm({ [shop.offers.mid]: 2 }, { client_name: '', client_promocode: 'OLD30' }), 400, 'required_fields_error');
    await refused(orderForm({ [shop.offers.mid]: 2 }, { client_promocode: 'OLD30' }), 400, 'promo_error');
  });

  it('refuses bad input with a 400, never a 500', async () => {
    const cases: Record<string, unknown>[] = [
      orderForm({ [shop.offers.mid]: '1234567' }),
      orderForm({ [shop.offers.mid]: 'abc' }),
      orderForm({ [shop.offers.mid]: '-1' }),
      orderForm({ [shop.offers.mid]: '2.5' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_coords: '59.9;30.3' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_coords: '999,999' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_payment: 'bitcoin' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_receiving: 'teleport' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_email: 'not-an-email' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_change: 'lots' }),
      orderForm({ [shop.offers.mid]: 2 }, { device_id: 'x' }),
      orderForm({ [shop.offers.mid]: 2 }, { 'p[674_place_id]': 'abc' }),
      orderForm({ [shop.offers.mid]: 2 }, { client_receiving: 'pickup', 'p[674_place_id]': 999999 }),
      orderForm({ [shop.offers.mid]: 2 }, { client_name: 'x'.repeat(300) }),
    ];
    for (const form of cases) await refused(form, 400, 'invalid_input');
    await refused(orderForm({ [shop.offers.mid]: 0 }), 400, 'empty_cart');
    await refused(orderForm({}), 400, 'empty_cart');
  });

  it('refuses a payment way the store does not take', async () => {
    await storeSettings(server, owner, { pay_online: false });
    try {
      await refused(orderForm({ [shop.offers.mid]: 2 }, { client_payment: 'online' }), 400, 'invalid_input');
    } finally {
      await storeSettings(server, owner, { pay_online: true });
    }
  });

  it('refuses online payment while no acquirer is set up', async () => {
    const err = await refused(orderForm({ [shop.offers.mid]: 2 }, { client_payment: 'online' }), 400, 'payment_unavailable');
    expect(err).toMatchObject({ code: 'payment_unavailable', message: 'Оплата на сайте сейчас недоступна', fields: ['client_payment'] });
    // The storefront is told beforehand, so it does not offer the way at all.
    const loaded = (await server.api('stores', {})).body.stores[0];
    expect(loaded).toMatchObject({ pay_online: '1', online_payment: '0' });
  });

  it('keeps six-digit quantities', async () => {
    const device = newDevice();
    const r = await order(orderForm({ [shop.offers.cheap]: '999999' }, { device_id: device }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await detail(r.body.orders[0], { device_id: device })).totalPrice).toBe(149999850);
  });
});

describe('api=inner_push and api=push', () => {
  it('tells the owner about each new order', async () => {
    const start = await server.api('inner_push', {}, { token: owner });
    expect(start.status).toBe(200);
    const seq = Number(start.body.seq);
    expect(start.body.inner_push).toEqual([]);
    const r = await order(orderForm({ [shop.offers.mid]: 2 }));
    const polled = await server.api('inner_push', { seq }, { token: owner });
    expect(polled.body.srv_error).toBe('');
    expect(polled.body.inner_push).toEqual([
      expect.objectContaining({ header: `Новый заказ №${r.body.orders[0]}`, desc: expect.stringContaining('800 р.'), from_id: '0', seq: expect.any(Number) }),
    ]);
    expect(Number(polled.body.seq)).toBe(polled.body.inner_push[0].seq);
    const again = await server.api('inner_push', { seq: polled.body.seq }, { token: owner });
    expect(again.body.inner_push).toEqual([]);
    // A customer does not see the owner's notifications.
    expect((await server.api('inner_push', { seq: 0 }, { token: customer })).body.inner_push.filter((n: { header: string }) => n.header.startsWith('Новый заказ'))).toEqual([]);
  });

  it('refuses a bad token and a bad seq', async () => {
    const r = await server.api('inner_push', { seq: 0 }, { token: { ...owner, token: 'forged' } });
    expect(r.status).toBe(401);
    expect(r.body.token).toBe('error');
    expect((await server.api('inner_push', { seq: 'x' }, { token: owner })).status).toBe(400);
  });

  it('stores push tokens for a user or a device', async () => {
    expect((await server.api('push', { push_token: 'fcm-token-1', device: 'mob' }, { token: customer })).body).toEqual({ push: 'ok' });
    expect((await server.api('push', { push_token: 'fcm-token-1', device: 'mob' }, { token: customer })).status).toBe(200);
    const device = newDevice();
    expect((await server.api('push', { push_token: 'fcm-token-2', device: 'mob', device_id: device })).status).toBe(200);
    const rows = await server.db.selectFrom('push_tokens').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.push_token, r.user_id, r.device_id, r.device])).toEqual([
      ['fcm-token-1', Number(customer.user_id), null, 'mob'],
      ['fcm-token-2', null, device, 'mob'],
    ]);
    expect((await server.api('push', { device: 'mob' }, { token: customer })).status).toBe(400);
    expect((await server.api('push', { push_token: 't' })).status).toBe(400);
    expect((await server.api('push', { push_token: 't' }, { token: { ...customer, token: 'bad' } })).status).toBe(401);
  });
});
