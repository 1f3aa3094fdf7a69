import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PHONE, type Auth, type TestServer } from './helpers';
import { startCheckoutShop } from './checkoutShop';
import { orderForm, rest, storeSettings, type Shop } from './checkoutFixtures';

/**
 * The texts the server itself sends (i18n/server/<lang>.ts) speak the shop's language (its notify_lang) to
 * the owner and the customer's request language (`lang`) where the customer's request carries one.
 */
let server: TestServer, owner: Auth, customer: Auth, shop: Shop;
beforeAll(async () => ({ server, owner, customer, shop } = await startCheckoutShop()));
afterAll(() => server?.close());

const lastSms = (phone: string) => server.smsLines.filter((l) => l.startsWith(`sms to ${phone}:`)).at(-1);

describe('the server’s own texts by language', () => {
  it('the sign-in SMS speaks the request’s language, else the shop’s, else Russian', async () => {
    await storeSettings(server, owner, { notify_lang: 'ru' });
    expect((await server.api('sms_code', { phone: '+79990000101' })).status).toBe(200);
    expect(lastSms('+79990000101')).toMatch(/: Код для входа в Тестовый магазин: \d{4}$/);
    expect((await server.api('sms_code', { phone: '+79990000102', lang: 'fr' })).status).toBe(200);
    expect(lastSms('+79990000102')).toMatch(/: Votre code pour Тестовый магазин : \d{4}$/);
    await storeSettings(server, owner, { notify_lang: 'de' });
    expect((await server.api('sms_code', { phone: '+79990000103' })).status).toBe(200);
    expect(lastSms('+79990000103')).toMatch(/: Ihr Code für Тестовый магазин: \d{4}$/);
    // A language the shop does not speak is not a language: the shop's is used.
    expect((await server.api('sms_code', { phone: '+79990000104', lang: 'xx' })).status).toBe(200);
    expect(lastSms('+79990000104')).toMatch(/: Ihr Code für /);
  });

  it('the owner hears of a new order, and the customer of its status, in the shop’s language', async () => {
    await storeSettings(server, owner, { notify_lang: 'en' });
    const ownerSeq = Number((await server.api('inner_push', {}, { token: owner })).body.seq);
    const customerSeq = Number((await server.api('inner_push', {}, { token: customer })).body.seq);
    const placed = await server.api('orders', orderForm({ [shop.offers.big]: 1 }) as Record<string, string>, { token: customer });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = Number(placed.body.orders[0]);
    const heard = (await server.api('inner_push', { seq: ownerSeq }, { token: owner })).body.inner_push as { header: string; desc: string }[];
    expect(heard).toEqual([expect.objectContaining({ header: `New order No. ${id}`, desc: expect.stringMatching(/^Анна, .* ₽, (delivery|pickup)$/) })]);

    await storeSettings(server, owner, { notify_lang: 'es' });
    expect((await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'delivering' } })).status).toBe(200);
    const told = (await server.api('inner_push', { seq: customerSeq }, { token: customer })).body.inner_push as { header: string; desc: string }[];
    expect(told.map((n) => [n.header, n.desc])).toEqual([[`Pedido n.º ${id}`, 'Estado del pedido: Entregado al repartidor']]);
  });

  it('the customer hears of their order in the language they ordered in, the owner in the shop’s', async () => {
    await storeSettings(server, owner, { notify_lang: 'ru', notify_orders_email: 'owner@example.com' });
    const ownerSeq = Number((await server.api('inner_push', {}, { token: owner })).body.seq);
    const customerSeq = Number((await server.api('inner_push', {}, { token: customer })).body.seq);
    const placed = await server.api('orders', orderForm({ [shop.offers.big]: 1 }, { lang: 'de', client_email: 'kunde@example.com', client_phone: CUSTOMER_PHONE }) as Record<string, string>, { token: customer });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = Number(placed.body.orders[0]);
    // The order keeps the language it was placed in, and the owner sees it.
    expect((await rest(server, 'GET', `/orders/${id}`, { token: owner })).body).toMatchObject({ id, lang: 'de' });
    const heard = (await server.api('inner_push', { seq: ownerSeq }, { token: owner })).body.inner_push as { header: string }[];
    expect(heard.map((n) => n.header)).toEqual([`Новый заказ №${id}`]);

    // The shop changes its language afterwards: the customer's texts still follow the order's.
    await storeSettings(server, owner, { notify_lang: 'en' });
    expect((await rest(server, 'PUT', `/orders/${id}`, { token: owner, json: { status: 'delivering' } })).status).toBe(200);
    const told = (await server.api('inner_push', { seq: customerSeq }, { token: customer })).body.inner_push as { header: string; desc: string }[];
    expect(told.map((n) => [n.header, n.desc])).toEqual([[`Bestellung Nr. ${id}`, 'Bestellstatus: An den Kurier übergeben']]);

    const mail = await server.db.selectFrom('outbox').select(['event', 'recipient', 'subject']).where('order_id', '=', id).orderBy('id').execute();
    expect(mail).toEqual([
      { event: 'new_order', recipient: 'owner@example.com', subject: expect.stringMatching(new RegExp(`^Новый заказ №${id} на `)) },
      { event: 'order_confirmation', recipient: 'kunde@example.com', subject: `Bestellung Nr. ${id} eingegangen` },
      { event: 'order_status', recipient: 'kunde@example.com', subject: `Bestellung Nr. ${id}: An den Kurier übergeben` },
    ]);
  });

  it('the order export’s columns, statuses and ways of receiving are in the shop’s language', async () => {
    await storeSettings(server, owner, { notify_lang: 'de' });
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const r = await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { from, to } });
    expect(r.status).toBe(200);
    const [head, ...lines] = (r.body as string).slice(1).trim().split('\r\n');
    expect(head).toBe('Nr.;Datum;Erstellt;Status;Zahlung;Zahlungsstatus;Erhalt;Standort;Kunde;Telefon;E-Mail;Adresse;Produkte;Warensumme;Rabatt;Promo-Code;Lieferung;Gesamt');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(';An den Kurier übergeben;');
    expect(lines.join('\n')).toMatch(/;(Lieferung|Abholung);/);
    expect(lines.join('\n')).not.toContain('Передан курьеру');
  });
});
