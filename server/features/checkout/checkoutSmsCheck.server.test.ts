/** The optional SMS check of the phone (store setting sms_check): only a session of the order's phone may order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, type Auth, type TestServer } from '../../test/helpers';
import { startCheckoutShop } from '../../test/checkoutShop';
import { newDevice, orderForm, storeSettings, type Shop } from '../../test/checkoutFixtures';

let server: TestServer, owner: Auth, customer: Auth, shop: Shop;
const ORDER_TABLES = ['orders', 'promo_codes', 'notifications', 'payments'];
beforeAll(async () => ({ server, owner, customer, shop } = await startCheckoutShop()));
afterAll(() => server?.close());

const order = (form: Record<string, unknown>, token?: Auth | string) => server.api('orders', form as Record<string, string>, { token: token as Auth });

async function refused(form: Record<string, unknown>, token?: Auth | string) {
  const before = await snapshot(server.db, ORDER_TABLES);
  const r = await order(form, token);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error).toMatchObject({ code: 'phone_check_required', fields: ['client_phone'] });
  expect(await snapshot(server.db, ORDER_TABLES)).toBe(before);
  return r.body.error;
}

describe('api=orders with the SMS check of the phone', () => {
  it('is off by default: an anonymous order is accepted, and api=stores says sms_check 0', async () => {
    const store = (await server.api('stores', {})).body.stores[0];
    expect(store.sms_check).toBe('0');
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: newDevice() }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('when on, refuses an anonymous order and stores nothing', async () => {
    await storeSettings(server, owner, { sms_check: true });
    expect((await server.api('stores', {})).body.stores[0].sms_check).toBe('1');
    const err = await refused(orderForm({ [shop.offers.mid]: 2 }, { device_id: newDevice(), client_phone: '+7 999 111-22-33' }));
    expect(err.message).toBe('Подтвердите номер телефона кодом из SMS');
  });

  it('when on, refuses a signed-in customer whose phone is another one', async () => {
    await storeSettings(server, owner, { sms_check: true });
    await refused(orderForm({ [shop.offers.mid]: 2 }, { client_phone: '+7 (999) 123-45-67' }), customer);
    // A stale session counts as no session.
    await refused(orderForm({ [shop.offers.mid]: 2 }, { client_phone: '8 (999) 111-22-33' }), { ...customer, token: 'stale' });
  });

  it('when on, accepts the signed-in customer with the same phone written differently (auth form and Bearer)', async () => {
    await storeSettings(server, owner, { sms_check: true });
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { client_phone: '8 (999) 111-22-33' }), customer);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await server.db.selectFrom('orders').select(['user_id', 'data']).where('number', '=', r.body.orders[0]).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(Number(customer.user_id));
    expect(JSON.parse(row.data)).toMatchObject({ phone: '+79991112233', phoneVerified: true });
    const bearer = await order(orderForm({ [shop.offers.mid]: 2 }, { client_phone: '+7 999 111 22 33' }), customer.token);
    expect(bearer.status, JSON.stringify(bearer.body)).toBe(200);
  });

  it('checks after the seed checks: a cart below the minimum is still min_sum', async () => {
    await storeSettings(server, owner, { sms_check: true });
    const r = await order(orderForm({ [shop.offers.cheap]: 1 }, { device_id: newDevice() }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('min_sum');
  });

  it('turned off again, an anonymous order is accepted', async () => {
    await storeSettings(server, owner, { sms_check: false });
    const r = await order(orderForm({ [shop.offers.mid]: 2 }, { device_id: newDevice() }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
