import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, type Auth, type TestServer } from '../../test/helpers';
import { newDevice, orderForm, rest, storeSettings, type FakeAcquirer, type Shop } from '../../test/checkoutFixtures';
import { startCheckoutShop, startWithFakeAcquirer } from '../../test/checkoutShop';

let server: TestServer, owner: Auth;
let fake: FakeAcquirer;
let shop: Shop;

beforeAll(async () => {
  ({ server, owner, shop, fake } = await startWithFakeAcquirer(startCheckoutShop));
  await storeSettings(server, owner, { vat_rate: '6', tax_system: '0' });
});
afterAll(() => closeAll(server, fake));

async function paidOnlineOrder(items: Record<string, number>, extra: Record<string, string> = {}) {
  const device = newDevice();
  const r = await server.api('orders', orderForm(items, { client_payment: 'online', device_id: device, ...extra }) as Record<string, string>);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.orders[0] as number;
  const pay = await server.api('sber', { orderId: id, device_id: device });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  expect(pay.body.errorMessage).toBeNull();
  return { id, device, reg: fake.registered.at(-1)! };
}

describe('54-FZ receipts in the card payment', () => {
  it('register.do carries the basket: lines, quantities, kopecks, the VAT type, delivery and the customer’s e-mail', async () => {
    const { reg } = await paidOnlineOrder({ [shop.offers.mid]: 2, [shop.offers.cheap]: 1 }, { client_email: 'anna@example.com' });
    expect(reg.amount).toBe(95000);
    expect(reg.taxSystem).toBe('0');
    expect(reg.orderBundle!.customerDetails).toEqual({ email: 'anna@example.com' });
    expect(reg.orderBundle!.cartItems.items).toEqual([
      // The lines in the cart's order (the form's item keys are numeric ids: ascending).
      expect.objectContaining({ positionId: 1, itemCode: shop.offers.cheap, quantity: { value: 1, measure: 'шт' }, itemPrice: 15000, itemAmount: 15000, tax: { taxType: 6 } }),
      expect.objectContaining({ positionId: 2, itemCode: shop.offers.mid, quantity: { value: 2, measure: 'шт' }, itemPrice: 30000, itemAmount: 60000, tax: { taxType: 6 } }),
      expect.objectContaining({ positionId: 3, name: 'Доставка', itemCode: 'delivery', itemPrice: 20000, itemAmount: 20000 }),
    ]);
  });

  it('gives the phone for the receipt when there is no e-mail, and keeps the promo discount in the prices', async () => {
    const { reg } = await paidOnlineOrder({ [shop.offers.big]: 3 }, { client_promocode: 'SALE20' });
    expect(reg.orderBundle!.customerDetails).toEqual({ phone: '79991234567' });
    // 3 × 1000 with 20 % off = 2400, free delivery from 3000 does not apply: + 200.
    expect(reg.orderBundle!.cartItems.items.map((i) => [i.itemPrice, i.quantity.value, i.itemAmount])).toEqual([
      [80000, 3, 240000],
      [20000, 1, 20000],
    ]);
    expect(reg.amount).toBe(260000);
  });

  it('spreads a fixed-sum code over the positions: each price × quantity, the basket equal to the amount', async () => {
    const made = await rest(server, 'POST', '/promo_codes', { token: owner, json: { name: 'Минус 100', code: 'MINUS100', kind: 'fixed', amount: 100 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // 2 × 300 + 150 = 750 less 100 = 650, delivery 200 (free only from 3000): 850.
    const { reg } = await paidOnlineOrder({ [shop.offers.mid]: 2, [shop.offers.cheap]: 1 }, { client_promocode: 'MINUS100' });
    expect(reg.amount).toBe(85000);
    const items = reg.orderBundle!.cartItems.items;
    expect(items.reduce((s, i) => s + i.itemAmount, 0)).toBe(85000);
    for (const i of items) expect(i.itemAmount).toBe(i.itemPrice * i.quantity.value);
    expect(items.filter((i) => i.itemCode === shop.offers.mid).reduce((n, i) => n + i.quantity.value, 0)).toBe(2);
    expect(items.at(-1)).toMatchObject({ itemCode: 'delivery', itemAmount: 20000 });
  });

  it('sends no basket when the owner turned receipts off', async () => {
    await storeSettings(server, owner, { receipts: false });
    try {
      const { reg } = await paidOnlineOrder({ [shop.offers.mid]: 2 });
      expect(reg.orderBundle).toBeUndefined();
      expect(reg.taxSystem).toBeUndefined();
    } finally {
      await storeSettings(server, owner, { receipts: true });
    }
  });

  it('cancelling a paid order refunds it with its positions, a refused refund leaves the order as it was', async () => {
    const { id, device, reg } = await paidOnlineOrder({ [shop.offers.mid]: 2 });
    fake.settle(reg.id, 2);
    const status = await server.api('sber_status', { orderId: id, device_id: device });
    expect(status.body.paid).toBe('1');

    fake.refuseRefund = 'Возврат запрещён';
    const refused = await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled' } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('payment_error');
    const row = await server.db.selectFrom('orders').select(['status', 'payment_status']).where('number', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', payment_status: 'paid' });

    fake.refuseRefund = null;
    const cancelled = await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const refund = fake.refunds.at(-1)!;
    expect(refund).toMatchObject({ id: reg.id, amount: 80000 });
    expect(refund.refundItems!.items).toEqual(reg.orderBundle!.cartItems.items);
    // Cancelling again refunds nothing twice.
    await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled' } });
    expect(fake.refunds.filter((r) => r.id === reg.id)).toHaveLength(1);
  });

  it('cancels an unpaid or cash order without calling the acquirer', async () => {
    const before = fake.refunds.length;
    const r = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }) as Record<string, string>);
    const cancelled = await rest(server, 'PUT', `/orders/${r.body.orders[0]}`, { token: owner, json: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(fake.refunds.length).toBe(before);
  });
});
