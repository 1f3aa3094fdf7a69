/**
 * The per-shop daily cap of order SMS (ORDER_SMS_PER_DAY, here 2) against a fake SMS gateway on 127.0.0.1 (the
 * `http` adapter, as in auth/sms.server.test.ts): anyone may type any phone into an order, so orders placed and
 * cancelled in bulk must not make a shop text without end. Over the cap the SMS is skipped with its reason,
 * the e-mail still goes, and the owner is not flooded (no failed rows, no mails).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PHONE, OWNER_PHONE, secondConnection, startTestServer, until, type Auth, type TestServer } from '../../test/helpers';
import { orderForm, rest, setupShop, storeSettings, type Shop } from '../../test/checkoutFixtures';
import { startFakeSmsGateway, startSmtpCatcher, type FakeSmsGateway, type SmtpCatcher } from '../../test/fakeNotifications';
import { countDaily, utcDayStart } from '../../lib/dailyCount';
import { loadConfig } from '../../config';
import { smsCapReason } from './sender';

const CAP = 2;
let gateway: FakeSmsGateway;
let server: TestServer;
let smtp: SmtpCatcher;
let owner: Auth;
let customer: Auth;
let shop: Shop;

/** Sign-in through the fake gateway: the code is the last one it received for the phone. */
async function signIn(phone: string): Promise<Auth> {
  const digits = phone.replace(/\D/g, '');
  const before = gateway.received.length;
  expect((await server.api('sms_code', { phone })).status).toBe(200);
  const text = await until('the sign-in code', () => gateway.received.slice(before).find((m) => m.phoneNumber === digits)?.text);
  const login = await server.api<Auth>('login', { phone, code: /(\d{4,6})$/.exec(text)![1] });
  expect(login.status, JSON.stringify([text, login.body])).toBe(200);
  return login.body;
}

async function placeOrder(over: Record<string, string | number>, token?: Auth): Promise<number> {
  const r = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }, over) as Record<string, string>, { token });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.orders[0] as number;
}

const outbox = (orderId: number) => server.db.selectFrom('outbox').selectAll().where('store_id', '=', server.storeId).where('order_id', '=', orderId).orderBy('id').execute();
/** The order's rows once none is pending. */
const settled = (orderId: number) =>
  until(`the outbox of order ${orderId}`, async () => {
    const rows = await outbox(orderId);
    return rows.some((r) => r.channel === 'sms') && rows.every((r) => r.status !== 'pending') ? rows : null;
  });
const cancel = (id: number) => rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'cancelled' } });

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  smtp = await startSmtpCatcher();
  server = await startTestServer({
    env: { ORDER_SMS_PER_DAY: String(CAP) },
    config: {
      smsAdapter: 'http',
      smsUrl: gateway.url,
      smtpUrl: smtp.url,
      mailFrom: 'shop@example.com',
      notifyIntervalMs: 50,
      notifyRetryBaseMs: 50,
      notifyMaxAttempts: 3,
    },
  });
  owner = await signIn(OWNER_PHONE);
  customer = await signIn(CUSTOMER_PHONE);
  shop = await setupShop(server, owner);
  await storeSettings(server, owner, { notify_orders_email: 'owner@example.com' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await gateway?.close();
});

describe('the daily cap of order SMS', () => {
  it('reads ORDER_SMS_PER_DAY (default 200, 0: no limit)', () => {
    expect(server.config.orderSmsPerDay).toBe(CAP);
    expect(loadConfig({}).orderSmsPerDay).toBe(200);
    expect(loadConfig({ ORDER_SMS_PER_DAY: '0' }).orderSmsPerDay).toBe(0);
    expect(loadConfig({ ORDER_SMS_PER_DAY: 'many' }).orderSmsPerDay).toBe(200);
  });

  it('texts a shop’s first 2 cancelled orders of the day, then skips the SMS with its reason while the e-mail still goes; the owner hears nothing of it', async () => {
    const texted = (phone: string) => gateway.received.filter((m) => m.phoneNumber === phone.replace(/\D/g, '') && /Отменён/.test(m.text));
    // Two orders with phones anyone could type: each cancel texts its phone.
    for (const phone of ['+79215551101', '+79215551102']) {
      const id = await placeOrder({ client_phone: phone });
      expect((await cancel(id)).status).toBe(200);
      const rows = await settled(id);
      expect(rows.filter((r) => r.channel === 'sms').map((r) => [r.status, r.last_error])).toEqual([['sent', null]]);
      expect(texted(phone)).toHaveLength(1);
    }
    // The third of the day: the customer proved the phone and left an e-mail; the e-mail goes, the SMS does not.
    const mailsBefore = smtp.mails.length;
    const third = await placeOrder({ client_phone: CUSTOMER_PHONE, client_email: 'anna@example.com' }, customer);
    expect((await cancel(third)).status).toBe(200);
    const rows = await settled(third);
    expect(rows.filter((r) => r.channel === 'sms').map((r) => [r.event, r.status, r.last_error, r.sent_at])).toEqual([['order_sms', 'skipped', smsCapReason(CAP), null]]);
    expect(smsCapReason(CAP)).toMatch(/limit of 2 order SMS a day/);
    expect(texted(CUSTOMER_PHONE)).toEqual([]);
    const mail = await until('the customer’s e-mail', () => smtp.mails.find((m) => m.to.includes('anna@example.com') && m.subject.includes(`№${third}`) && /Отменён/.test(m.text)));
    expect(mail.text).toContain(`№${third}`);
    expect(rows.filter((r) => r.channel === 'email' && r.recipient === 'anna@example.com').map((r) => [r.event, r.status])).toEqual([
      ['order_confirmation', 'sent'],
      ['order_status', 'sent'],
    ]);
    // No flood for the owner: only the new order's own e-mail, no failed row (the dashboard's warning), no retry.
    await new Promise((r) => setTimeout(r, 200));
    const ownerMails = smtp.mails.slice(mailsBefore).filter((m) => m.to.includes('owner@example.com'));
    expect(ownerMails.map((m) => m.subject.includes(`№${third}`))).toEqual([true]);
    const failed = await rest(server, 'GET', '/notifications', { token: owner, query: { filter: { status: 'failed' }, range: [0, 9] } });
    expect(failed.body).toEqual([]);
    const skipped = await rest(server, 'GET', '/notifications', { token: owner, query: { filter: { status: 'skipped' }, range: [0, 9] } });
    expect(skipped.body.map((n: { orderId: number; lastError: string }) => [n.orderId, n.lastError])).toEqual([[third, smsCapReason(CAP)]]);
    expect((await rest(server, 'POST', `/notifications/${skipped.body[0].id}/retry`, { token: owner, json: {} })).status).toBe(404);
  });

  it('counts per shop and per UTC day: another shop still texts, and the next day this one does again', async () => {
    // Another shop's order SMS (queued as an order's status change queues it) goes: its own count.
    const other = await server.addStore({ name: 'Другой магазин', domain: 'other-sms.example' });
    const at = new Date().toISOString();
    const queue = (storeId: number, recipient: string) =>
      server.db
        .insertInto('outbox')
        .values({ store_id: storeId, event: 'order_sms', channel: 'sms', recipient, subject: '', body: `Заказ №9 — Отменён.`, next_at: at, order_id: 9, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
    const statusOf = (id: number) => until(`outbox row ${id}`, async () => {
      const r = await server.db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      return r.status === 'pending' ? null : r.status;
    });
    expect(await statusOf((await queue(other, '+79215552201')).id)).toBe('sent');
    expect(gateway.received.filter((m) => m.phoneNumber === '79215552201')).toHaveLength(1);
    // This shop is still over today's cap.
    expect(await statusOf((await queue(server.storeId, '+79215552202')).id)).toBe('skipped');
    // Its count belongs to the UTC day: yesterday's full count lets today's SMS go.
    const key = `day:order_sms:${server.storeId}`;
    expect(Number((await server.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirstOrThrow()).hits)).toBe(CAP);
    await server.db.updateTable('rate_limits').set({ window_start: utcDayStart(new Date()) - 24 * 60 * 60_000 }).where('key', '=', key).execute();
    expect(await statusOf((await queue(server.storeId, '+79215552203')).id)).toBe('sent');
    expect(gateway.received.filter((m) => m.phoneNumber === '79215552203')).toHaveLength(1);
  });

  it('holds across processes: two connections counting at once pass the cap together no more than one would', async () => {
    const second = secondConnection(server);
    try {
      const key = `test:${Date.now()}`;
      const counts = await Promise.all(Array.from({ length: 12 }, (_, i) => countDaily(i % 2 ? second.db : server.db, key, 5)));
      expect(counts.filter((n) => n !== null).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(counts.filter((n) => n === null)).toHaveLength(7);
    } finally {
      await second.close();
    }
  });
});
