/**
 * Security suite, item 7 of issue 14: payment forgery. A replayed return URL, forged "paid" callbacks in
 * every shape the client could send, an amount that does not match, another order's acquirer id, a
 * customer writing the payment status: 0 orders marked paid. The control (a real payment) is marked paid,
 * so the count can move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, type Auth, type TestServer } from '../helpers';
import { newDevice, orderForm, rest, type FakeAcquirer, type Shop } from '../checkoutFixtures';
import { startCheckoutShop, startWithFakeAcquirer } from '../checkoutShop';

let server: TestServer;
let fake: FakeAcquirer;
let shop: Shop;
let customer: Auth;

beforeAll(async () => {
  ({ server, customer, shop, fake } = await startWithFakeAcquirer(startCheckoutShop));
});
afterAll(() => closeAll(server, fake));

async function onlineOrder() {
  const device = newDevice();
  const r = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }, { client_payment: 'online', device_id: device }) as Record<string, string>);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = Number(r.body.orders[0]);
  const pay = await server.api('sber', { orderId: id, device_id: device });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  return { id, device, acquirerId: fake.registered.at(-1)!.id, amount: fake.registered.at(-1)!.amount };
}
const paidOf = async (id: number) => (await server.db.selectFrom('orders').select('payment_status').where('number', '=', id).executeTakeFirstOrThrow()).payment_status === 'paid';

describe('payment forgery (issue 14, item 7)', () => {
  it('marks no order paid without the acquirer confirming that order and its amount', async () => {
    const attacked: number[] = [];
    let attempts = 0;

    // 1. The return URL replayed, with "paid" parameters glued on, before anything was paid.
    const replay = await onlineOrder();
    attacked.push(replay.id);
    for (const q of ['', '&paid=1', '&orderStatus=2', `&mdOrder=${replay.acquirerId}&orderStatus=2&amount=${replay.amount}`]) {
      attempts++;
      await server.get(`/success_payment?orderId=${replay.id}${q}`);
      attempts++;
      await server.api('sber_status', { orderId: replay.id, device_id: replay.device, paid: 1, orderStatus: 2, mdOrder: replay.acquirerId, amount: replay.amount });
    }

    // 2. Forged callbacks: the acquirer's callback shape sent to every path and api name, and the status
    // written through the owner's REST route by a customer.
    const forged = await onlineOrder();
    attacked.push(forged.id);
    const callback = { mdOrder: forged.acquirerId, orderNumber: `${server.storeId}-${forged.id}-1`, operation: 'deposited', status: 1, checksum: 'ff'.repeat(32) };
    for (const name of ['sber', 'sber_status', 'orders', 'push', 'inner_push']) {
      attempts++;
      const r = await server.api(name, { ...callback, orderId: forged.id, payment_status: 'paid', device_id: forged.device });
      expect(r.status).toBeLessThan(500);
    }
    for (const path of ['/payment/callback', '/api/callback', '/callback', '/rest/orders', `/rest/orders/${forged.id}`]) {
      attempts++;
      const r = await rest(server, path.startsWith('/rest') ? 'PUT' : 'POST', path.replace(/^\/rest/, ''), { json: { ...callback, paymentStatus: 'paid', payment_status: 'paid' }, token: customer.token });
      expect(r.status).toBeLessThan(500);
    }
    attempts++;
    await server.api('sber_status', { orderId: forged.id, device_id: forged.device });

    // 3. The acquirer reports the order paid but with another amount (a kopeck short).
    const short = await onlineOrder();
    attacked.push(short.id);
    fake.settle(short.acquirerId, 2, short.amount - 1);
    attempts++;
    await server.api('sber_status', { orderId: short.id, device_id: short.device });

    // 4. Another order's id: a cheap order paid for real, its acquirer id presented for a dear order.
    const cheap = await onlineOrder();
    const dear = await onlineOrder();
    attacked.push(dear.id);
    fake.settle(cheap.acquirerId, 2);
    attempts++;
    await server.api('sber_status', { orderId: dear.id, device_id: dear.device, mdOrder: cheap.acquirerId, orderId2: cheap.id });
    attempts++;
    await server.get(`/success_payment?orderId=${dear.id}&mdOrder=${cheap.acquirerId}`);
    // Another customer's device asking about the paid order learns nothing and changes nothing.
    attempts++;
    const foreign = await server.api('sber_status', { orderId: cheap.id, device_id: newDevice() });
    expect(foreign.status).toBe(404);

    const paid = (await Promise.all(attacked.map(paidOf))).filter(Boolean).length;
    // The control: the cheap order, paid for real, is marked paid when asked.
    await server.api('sber_status', { orderId: cheap.id, device_id: cheap.device });
    const control = await paidOf(cheap.id);
    console.log(`payment forgery: ${attempts} forged or replayed confirmations on ${attacked.length} orders, ${paid} marked paid; control payment marked paid: ${control} [${server.label}]`);
    expect(paid).toBe(0);
    expect(control).toBe(true);
  });
});
