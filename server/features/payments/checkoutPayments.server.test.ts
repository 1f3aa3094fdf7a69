import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, type Auth, type TestServer } from '../../test/helpers';
import { newDevice, orderForm, storeSettings, type FakeAcquirer, type Shop } from '../../test/checkoutFixtures';
import { startCheckoutShop, startWithFakeAcquirer } from '../../test/checkoutShop';

let server: TestServer, owner: Auth, customer: Auth;
let fake: FakeAcquirer;
let shop: Shop;

beforeAll(async () => {
  ({ server, owner, customer, shop, fake } = await startWithFakeAcquirer(startCheckoutShop));
});
afterAll(() => closeAll(server, fake));

/** An online order of a fresh device: 2 × 300 + 200 delivery = 800 roubles. */
async function onlineOrder(extra: Record<string, string | number> = {}) {
  const device = newDevice();
  const r = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }, { client_payment: 'online', device_id: device, ...extra }) as Record<string, string>);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.orders[0] as number, device };
}
/** The row id payments point at, of the order with this number (the one the API shows). */
const internalId = async (number: number) => (await server.db.selectFrom('orders').select('id').where('store_id', '=', server.storeId).where('number', '=', number).executeTakeFirstOrThrow()).id;
const paymentStatusOf = async (id: number) => (await server.db.selectFrom('orders').select('payment_status').where('number', '=', id).executeTakeFirstOrThrow()).payment_status;

describe('api=sber: card payment through the acquirer', () => {
  it('api=stores tells the storefront whether card payment on the site works (online_payment)', async () => {
    const onlinePayment = async () => (await server.api('stores', {})).body.stores[0].online_payment;
    expect(await onlinePayment()).toBe('1');
    await storeSettings(server, owner, { pay_online: false });
    try {
      expect(await onlinePayment()).toBe('0');
    } finally {
      await storeSettings(server, owner, { pay_online: true });
    }
    expect(await onlinePayment()).toBe('1');
  });

  it('registers the server’s amount in kopecks and answers with the payment form', async () => {
    const { id, device } = await onlineOrder({ amount: 1, cart: '[]' });
    const r = await server.api('sber', { orderId: id, device_id: device, amount: 1, localhost: 'http://evil.example' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const reg = fake.registered.at(-1)!;
    expect(r.body).toEqual({ formUrl: `${fake.url}/payment/merchants/pay.html?mdOrder=${reg.id}`, localOrder: id, errorMessage: null });
    expect(reg).toMatchObject({
      orderNumber: `${server.storeId}-${id}-1`,
      amount: 80000,
      returnUrl: `${server.url}/success_payment?orderId=${id}`,
      failUrl: `${server.url}/fail_payment?orderId=${id}`,
      userName: 'shop-login',
      password: 'shop-password',
    });
    expect(await paymentStatusOf(id)).toBe('pending');
  });

  it('marks the order paid only after the acquirer confirms status 2 and the amount', async () => {
    const { id, device } = await onlineOrder();
    await server.api('sber', { orderId: id, device_id: device });
    const acquirerId = fake.registered.at(-1)!.id;
    // The browser coming back to the success page is no proof.
    const early = await server.api('sber_status', { orderId: id, device_id: device, paid: 1, orderStatus: 2 });
    expect(early.body).toEqual({ orderId: id, paymentStatus: 'pending', paid: '0' });
    expect(await paymentStatusOf(id)).toBe('pending');

    const ownerSeq = Number((await server.api('inner_push', {}, { token: owner })).body.seq);
    fake.settle(acquirerId, 2);
    const done = await server.api('sber_status', { orderId: id, device_id: device });
    expect(done.body).toEqual({ orderId: id, paymentStatus: 'paid', paid: '1' });
    expect(await paymentStatusOf(id)).toBe('paid');
    const detail = await server.api('orders', { orderId: id, device_id: device });
    expect(detail.body.orders[0].paymentStatus).toBe('paid');
    const pushes = (await server.api('inner_push', { seq: ownerSeq }, { token: owner })).body.inner_push;
    expect(pushes.map((n: { header: string }) => n.header)).toEqual([`Заказ №${id} оплачен`]);
    // Asked again: still paid, no second notification, no new attempt.
    expect((await server.api('sber_status', { orderId: id, device_id: device })).body.paid).toBe('1');
    const again = await server.api('sber', { orderId: id, device_id: device });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_paid');
    expect((await server.api('inner_push', { seq: ownerSeq }, { token: owner })).body.inner_push).toHaveLength(1);
  });

  it('records a refusal, and a new attempt is a new acquirer order', async () => {
    const { id, device } = await onlineOrder();
    await server.api('sber', { orderId: id, device_id: device });
    fake.settle(fake.registered.at(-1)!.id, 6);
    const failed = await server.api('sber_status', { orderId: id, device_id: device });
    expect(failed.body).toEqual({ orderId: id, paymentStatus: 'failed', paid: '0' });
    expect(await paymentStatusOf(id)).toBe('failed');

    const retry = await server.api('sber', { orderId: id, device_id: device });
    expect(retry.status).toBe(200);
    expect(fake.registered.at(-1)!.orderNumber).toBe(`${server.storeId}-${id}-2`);
    expect(await paymentStatusOf(id)).toBe('pending');
    fake.settle(fake.registered.at(-1)!.id, 2);
    expect((await server.api('sber_status', { orderId: id, device_id: device })).body.paymentStatus).toBe('paid');
    const attempts = await server.db.selectFrom('payments').select(['attempt', 'status', 'amount']).where('order_id', '=', await internalId(id)).orderBy('attempt').execute();
    expect(attempts).toEqual([
      { attempt: 1, status: 'failed', amount: 80000 },
      { attempt: 2, status: 'paid', amount: 80000 },
    ]);
  });

  it('never marks paid when the acquirer reports another amount', async () => {
    const { id, device } = await onlineOrder();
    await server.api('sber', { orderId: id, device_id: device });
    fake.settle(fake.registered.at(-1)!.id, 2, 100);
    const r = await server.api('sber_status', { orderId: id, device_id: device });
    expect(r.body.paid).toBe('0');
    expect(r.body.paymentStatus).toBe('failed');
    expect(await paymentStatusOf(id)).not.toBe('paid');
    const p = await server.db.selectFrom('payments').select(['status']).where('order_id', '=', await internalId(id)).executeTakeFirstOrThrow();
    expect(p.status).toBe('mismatch');
  });

  it('notices an earlier attempt that was paid before opening a new one', async () => {
    const { id, device } = await onlineOrder();
    await server.api('sber', { orderId: id, device_id: device });
    fake.settle(fake.registered.at(-1)!.id, 2);
    const count = fake.registered.length;
    const r = await server.api('sber', { orderId: id, device_id: device });
    expect(r.status).toBe(409);
    expect(fake.registered.length).toBe(count);
    expect(await paymentStatusOf(id)).toBe('paid');
  });

  it('passes the acquirer’s refusal to register on as errorMessage', async () => {
    const { id, device } = await onlineOrder();
    fake.refuseRegister = 'Неверная сумма';
    try {
      const r = await server.api('sber', { orderId: id, device_id: device });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ formUrl: null, localOrder: id, errorMessage: 'Неверная сумма' });
      expect(await paymentStatusOf(id)).toBe('failed');
    } finally {
      fake.refuseRegister = null;
    }
  });

  it('pays the signed-in customer’s order; another customer or device gets a 404', async () => {
    const r = await server.api('orders', orderForm({ [shop.offers.big]: 1 }, { client_payment: 'online' }) as Record<string, string>, { token: customer });
    const id = r.body.orders[0];
    const other = await server.signIn('+79995550001');
    expect((await server.api('sber', { orderId: id }, { token: other })).status).toBe(404);
    expect((await server.api('sber', { orderId: id, device_id: newDevice() })).status).toBe(404);
    expect((await server.api('sber_status', { orderId: id }, { token: other })).status).toBe(404);
    const mine = await server.api('sber', { orderId: id }, { token: customer });
    expect(mine.status).toBe(200);
    expect(fake.registered.at(-1)!.amount).toBe(120000);
  });

  it('refuses orders that are not paid online, bad ids and a shop without acquiring', async () => {
    const device = newDevice();
    const cash = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }, { device_id: device }) as Record<string, string>);
    expect((await server.api('sber', { orderId: cash.body.orders[0], device_id: device })).status).toBe(400);
    expect((await server.api('sber', { orderId: 'abc', device_id: device })).status).toBe(400);
    expect((await server.api('sber', { device_id: device })).status).toBe(400);
    const { id, device: d2 } = await onlineOrder();
    await storeSettings(server, owner, { acquiring_login: '' });
    try {
      const r = await server.api('sber', { orderId: id, device_id: d2 });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('payment_unavailable');
    } finally {
      await storeSettings(server, owner, { acquiring_login: 'shop-login' });
    }
  });

  it('answers 502 when the acquirer cannot be reached, and marks nothing paid', async () => {
    const { id, device } = await onlineOrder();
    const url = server.config.acquiringUrl;
    server.config.acquiringUrl = 'http://127.0.0.1:9/payment/rest';
    try {
      const r = await server.api('sber', { orderId: id, device_id: device });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('payment_error');
    } finally {
      server.config.acquiringUrl = url;
    }
    expect(await paymentStatusOf(id)).not.toBe('paid');
  });
});
