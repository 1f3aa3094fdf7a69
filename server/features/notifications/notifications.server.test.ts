import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PHONE, closeAll, until, type Auth, type TestServer } from '../../test/helpers';
import { newDevice, orderForm, rest, storeSettings, type Shop } from '../../test/checkoutFixtures';
import { startCheckoutShop } from '../../test/checkoutShop';
import { startNotificationFakes, type FakeTelegram, type SmtpCatcher } from '../../test/fakeNotifications';

let server: TestServer;
let owner: Auth;
let customer: Auth;
let shop: Shop;
let smtp: SmtpCatcher;
let telegram: FakeTelegram;
const BOT_TOKEN = '123456:AAbbCCddEEffGGhh_test-token';

async function placeOrder(over: Record<string, string | number> = {}, token?: Auth): Promise<number> {
  const r = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }, over) as Record<string, string>, { token });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.orders[0] as number;
}

const outbox = (orderId: number) => server.db.selectFrom('outbox').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

beforeAll(async () => {
  const fakes = await startNotificationFakes();
  ({ smtp, telegram } = fakes);
  ({ server, owner, customer, shop } = await startCheckoutShop({ config: { ...fakes.config, notifyRetryBaseMs: 50, notifyMaxAttempts: 3 } }));
  await storeSettings(server, owner, {
    notify_orders_email: 'owner@example.com',
    notify_orders_telegram: '-100123456',
    notify_questions_email: 'questions@example.com',
    telegram_bot_token: BOT_TOKEN,
  });
});
afterAll(() => closeAll(server, smtp, telegram));

describe('notifications', () => {
  it('sends a new order to the owner by e-mail and Telegram and the confirmation to the customer', async () => {
    // Customers are written to only when they proved the order's phone (issue 34): signed in with it.
    const id = await placeOrder({ client_email: 'anna@example.com', client_phone: CUSTOMER_PHONE }, customer);
    const ownerMail = await until('the owner e-mail', () => smtp.mails.find((m) => m.to.includes('owner@example.com') && m.subject.includes(`№${id}`)));
    expect(ownerMail.from).toBe('shop@example.com');
    expect(ownerMail.subject).toBe(`Новый заказ №${id} на 800\u00a0₽`);
    expect(ownerMail.text).toContain('Анна, +79991112233');
    expect(ownerMail.text).toContain('Доставка: Каменноостровский пр., 10');
    expect(ownerMail.text).toMatch(/× 2 = 600/);
    const tg = await until('the Telegram message', () => telegram.messages.find((m) => m.text.includes(`№${id}`)));
    expect(tg).toMatchObject({ token: BOT_TOKEN, chat_id: '-100123456' });
    const confirmation = await until('the confirmation', () => smtp.mails.find((m) => m.to.includes('anna@example.com')));
    expect(confirmation.subject).toBe(`Заказ №${id} принят`);
    expect(confirmation.text).toContain('Итого: 800\u00a0₽');
    const rows = await until('sent rows', async () => {
      const r = await outbox(id);
      return r.every((x) => x.status === 'sent') ? r : null;
    });
    expect(rows.map((r) => [r.event, r.channel, r.recipient])).toEqual([
      ['new_order', 'email', 'owner@example.com'],
      ['new_order', 'telegram', '-100123456'],
      ['order_confirmation', 'email', 'anna@example.com'],
    ]);
  });

  it('e-mails the customer each status change, in the shop language and the owner’s template', async () => {
    const id = await placeOrder({ client_email: 'boris@example.com', client_phone: CUSTOMER_PHONE }, customer);
    await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'accepted' } });
    const accepted = await until('the status mail', () => smtp.mails.find((m) => m.to.includes('boris@example.com') && m.subject.includes('Принят')));
    expect(accepted.subject).toBe(`Заказ №${id}: Принят`);

    await storeSettings(server, owner, { notify_lang: 'en', tpl_order_status: 'Your order {order} is now: {status}\nThanks, {shop}' });
    await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'done' } });
    const done = await until('the English mail', () => smtp.mails.find((m) => m.to.includes('boris@example.com') && m.subject.includes('Completed')));
    expect(done.subject).toBe(`Your order ${id} is now: Completed`);
    expect(done.text).toBe(`Your order ${id} is now: Completed\nThanks, Тестовый магазин`);
    await storeSettings(server, owner, { notify_lang: 'ru', tpl_order_status: '' });
  });

  it('sends nothing to a customer who gave no e-mail or when the owner turned customer mail off', async () => {
    const quiet = await placeOrder();
    await storeSettings(server, owner, { notify_customers: false });
    const off = await placeOrder({ client_email: 'nomail@example.com', client_phone: CUSTOMER_PHONE }, customer);
    await storeSettings(server, owner, { notify_customers: true });
    expect((await outbox(quiet)).map((r) => r.event)).toEqual(['new_order', 'new_order']);
    expect((await outbox(off)).map((r) => r.event)).toEqual(['new_order', 'new_order']);
  });

  it('texts the order’s phone when a pickup order is ready and when an order is cancelled, with the owner’s reason', async () => {
    const PICKUP = { client_receiving: 'pickup', 'p[751_delivery]': 0, client_address: '', client_coords: '', 'p[674_place_id]': shop.places.main };
    const texts = (phone: string, id: number) => () => server.smsLines.filter((l) => l.startsWith(`sms to ${phone}: `) && new RegExp(`[№#]${id} `).test(l));
    // A pickup order the customer placed in English: 'delivering' is "Ready for pickup", in their language.
    const pickup = await placeOrder({ ...PICKUP, client_phone: '+7 (921) 555-01-01', lang: 'en' });
    await rest(server, 'PUT', `/orders/${pickup}`, { token: owner, json: { status: 'accepted' } });
    await rest(server, 'PUT', `/orders/${pickup}`, { token: owner, json: { status: 'delivering' } });
    const ready = await until('the ready SMS', () => texts('+79215550101', pickup)().at(0));
    expect(ready).toBe(`sms to +79215550101: Тестовый магазин: order #${pickup} — Ready for pickup.`);
    expect(texts('+79215550101', pickup)()).toHaveLength(1);
    const owned = await rest(server, 'GET', '/orders', { token: owner, query: { filter: { id: [pickup] } } });
    expect(owned.body[0]).toMatchObject({ status: 'delivering', receiving: 'pickup', cancelReason: null });

    // A delivery order handed to the courier is not texted; cancelled, it is, with the reason.
    const device = newDevice();
    const delivery = await placeOrder({ client_phone: '+7 (921) 555-02-02', device_id: device });
    await rest(server, 'PUT', `/orders/${delivery}`, { token: owner, json: { status: 'delivering' } });
    const seq = Number((await server.api('inner_push', { device_id: device })).body.seq);
    const cancelled = await rest(server, 'PUT', `/orders/${delivery}`, { token: owner, json: { status: 'cancelled', cancelReason: '  Нет в наличии,\n  привезём через неделю ' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Нет в наличии, привезём через неделю' });
    // Anyone may type any phone into an order: an unchecked one gets the platform's text alone, no owner's words.
    const sms = await until('the cancel SMS', () => texts('+79215550202', delivery)().at(0));
    expect(sms).toBe(`sms to +79215550202: «Тестовый магазин»: заказ №${delivery} — Отменён.`);
    expect(texts('+79215550202', delivery)()).toHaveLength(1);
    const rows = await until('sent rows', async () => {
      const r = (await outbox(delivery)).filter((x) => x.channel === 'sms');
      return r.length && r.every((x) => x.status === 'sent') ? r : null;
    });
    expect(rows.map((r) => [r.event, r.recipient])).toEqual([['order_sms', '+79215550202']]);
    // The customer reads the reason on the order's page and in the shop's notice.
    expect((await server.api('orders', { orderId: delivery, device_id: device })).body.orders[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Нет в наличии, привезём через неделю' });
    const notices = (await server.api('inner_push', { seq, device_id: device })).body.inner_push.map((n: { desc: string }) => n.desc);
    expect(notices).toEqual(['Статус заказа: Отменён. Причина: Нет в наличии, привезём через неделю']);

    // A customer who proved the phone (signed in with it) gets the reason too; the shop's name is cleaned as the sign-in SMS's.
    await storeSettings(server, owner, { name: 'Магазин https://evil.example +7 999 000-00-00' });
    const checked = await placeOrder({ client_phone: CUSTOMER_PHONE }, customer);
    await rest(server, 'PUT', `/orders/${checked}`, { token: owner, json: { status: 'cancelled', cancelReason: 'Нет в наличии' } });
    const digits = CUSTOMER_PHONE.replace(/\D/g, '');
    expect(await until('the checked phone’s SMS', () => texts(`+${digits}`, checked)().at(0))).toBe(`sms to +${digits}: «Магазин»: заказ №${checked} — Отменён. Причина: Нет в наличии`);
    await storeSettings(server, owner, { name: 'Тестовый магазин' });

    // Reopened, the reason is gone from the order (its history keeps it).
    const reopened = await rest(server, 'PUT', `/orders/${delivery}`, { token: owner, json: { status: 'accepted' } });
    expect(reopened.body).toMatchObject({ status: 'accepted', cancelReason: null });
    const data = JSON.parse((await server.db.selectFrom('orders').select('data').where('number', '=', delivery).executeTakeFirstOrThrow()).data);
    expect(data.statusHistory.map((h: { status: string; reason?: string }) => [h.status, h.reason ?? null])).toEqual([
      ['new', null],
      ['delivering', null],
      ['cancelled', 'Нет в наличии, привезём через неделю'],
      ['accepted', null],
    ]);
  });

  it('refuses a reason without a cancel or longer than 200 characters, changing nothing; a shop that tells customers nothing texts nobody', async () => {
    const id = await placeOrder({ client_phone: '+7 (921) 555-03-03' });
    const before = await server.db.selectFrom('orders').select(['status', 'data']).where('number', '=', id).executeTakeFirstOrThrow();
    for (const json of [
      { status: 'accepted', cancelReason: 'Нет в наличии' },
      { cancelReason: 'Нет в наличии' },
      { status: 'cancelled', cancelReason: 'я'.repeat(201) },
      { status: 'cancelled', cancelReason: 42 },
    ]) {
      const r = await rest(server, 'PUT', `/orders/${id}`, { token: owner, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error.fields?.map((f: string | { field: string }) => (typeof f === 'string' ? f : f.field)), JSON.stringify(r.body)).toEqual(['cancelReason']);
    }
    expect(await server.db.selectFrom('orders').select(['status', 'data']).where('number', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    // A shop that writes to no customer sends no SMS either; a cancel without a reason is still a cancel.
    await storeSettings(server, owner, { notify_customers: false });
    const r = await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled' } });
    await storeSettings(server, owner, { notify_customers: true });
    expect(r.body).toMatchObject({ status: 'cancelled', cancelReason: null });
    expect((await outbox(id)).filter((x) => x.channel === 'sms')).toEqual([]);
  });

  it('checks the reason by the registry’s field 737: its length counted after folding, its error the registry’s', async () => {
    const id = await placeOrder({ client_phone: '+7 (921) 555-04-04' });
    const long = await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled', cancelReason: `${'я'.repeat(100)} ${'ю'.repeat(100)}` } });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'invalid_input', fields: [{ field: 'cancelReason', label: 'resources.orders.fields.cancelReason', code: 'too_long' }] });
    // 200 characters once the runs of blanks are one space: taken.
    const folded = `  ${'я'.repeat(99)} \n\t ${'ю'.repeat(100)}  `;
    const r = await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled', cancelReason: folded } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cancelReason).toBe(`${'я'.repeat(99)} ${'ю'.repeat(100)}`);
  });

  it('tells the owner of a customer’s question', async () => {
    const id = await placeOrder({}, customer);
    const r = await rest(server, 'POST', '/questions', { token: customer, json: { orderId: id, contact: 'anna@mail.ru', message: 'Где мой заказ?' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const mail = await until('the question mail', () => smtp.mails.find((m) => m.to.includes('questions@example.com') && m.subject.includes(`№${id}`)));
    expect(mail.subject).toBe(`Вопрос по заказу №${id}`);
    expect(mail.text).toContain('Где мой заказ?');
    expect(mail.text).toContain('anna@mail.ru');
  });

  it('never blocks an order: a channel that is down is retried with backoff, then shown as failed and retried by the owner', async () => {
    smtp.refuse = 'mailbox unavailable';
    telegram.failing = 'Internal Server Error';
    const id = await placeOrder();
    expect(id).toBeGreaterThan(0);
    const failed = await until('failed rows', async () => {
      const r = await outbox(id);
      return r.every((x) => x.status === 'failed') ? r : null;
    });
    expect(failed.map((r) => r.attempts)).toEqual([3, 3]);
    expect(failed[0].last_error).toContain('mailbox unavailable');
    expect(failed[1].last_error).toContain('telegram 500: Internal Server Error');

    const list = await rest(server, 'GET', '/notifications', { token: owner, query: { filter: { status: 'failed' }, sort: ['id', 'DESC'], range: [0, 9] } });
    expect(list.status).toBe(200);
    expect(list.body.filter((n: { orderId: number }) => n.orderId === id)).toEqual([
      expect.objectContaining({ channel: 'telegram', status: 'failed', attempts: 3, lastError: expect.stringContaining('telegram 500') }),
      expect.objectContaining({ channel: 'email', status: 'failed', attempts: 3, lastError: expect.stringContaining('mailbox unavailable') }),
    ]);
    expect(list.headers['content-range']).toMatch(/^notifications 0-\d+\/\d+$/);

    smtp.refuse = null;
    telegram.failing = null;
    for (const row of failed) {
      const retried = await rest(server, 'POST', `/notifications/${row.id}/retry`, { token: owner });
      expect(retried.body).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    }
    await until('sent after the retry', async () => (await outbox(id)).every((x) => x.status === 'sent'));
    expect(telegram.messages.some((m) => m.text.includes(`№${id}`))).toBe(true);
  });

  it('shows the outbox to the owner only and the bot token to nobody else', async () => {
    expect((await rest(server, 'GET', '/notifications', { token: customer })).status).toBe(403);
    expect((await rest(server, 'GET', '/notifications')).status).toBe(401);
    expect(JSON.stringify((await server.api('stores', {}, { token: owner })).body)).toContain(BOT_TOKEN);
    for (const token of [customer, undefined]) expect(JSON.stringify((await server.api('stores', {}, { token })).body)).not.toContain(BOT_TOKEN);
  });

  it('refuses a malformed chat id or bot token in the settings', async () => {
    await expect(storeSettings(server, owner, { notify_orders_telegram: 'not a chat' })).rejects.toThrow(/400/);
    await expect(storeSettings(server, owner, { telegram_bot_token: 'nope' })).rejects.toThrow(/400/);
  });
});
