/**
 * Fixtures of the checkout and REST tests: a shop with known prices, places (zones and schedules) and
 * promo codes, an order form builder, a REST caller and a fake acquirer on 127.0.0.1.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { defaultWeek, formKey, placeSchema, promoCodeSchema, storeSchema, toRow, WEEK_DAYS, type WeekSchedule } from '../../schemas';
import type { BundleItem } from '../features/payments/receipt';
import { startFakeHttp } from './fakeHttp';
import { rawRequest, type Auth, type TestServer } from './helpers';

/** A point inside the first place's zone (the seed's map centre) and one outside every zone. */
export const INSIDE = '59.958,30.306';
export const OUTSIDE = '55.75,37.62';
export const SECOND_ZONE = '59.10,30.10';

const rect = (lat: number, lon: number, d: number): [number, number][] => [
  [lat - d, lon - d],
  [lat - d, lon + d],
  [lat + d, lon + d],
  [lat + d, lon - d],
];

/** Every day, the whole day. */
export const allDay = (): WeekSchedule =>
  Object.fromEntries(WEEK_DAYS.map((d) => [d, { from: '00:00', to: '23:59', isWeekend: false }])) as WeekSchedule;

/** A week whose hours exclude the current Moscow time on every day: a one-hour window twelve hours from now. */
export function closedNow(): WeekSchedule {
  const moscowHour = (new Date().getUTCHours() + 3) % 24;
  const from = (moscowHour + 12) % 24;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const w = defaultWeek();
  for (const d of WEEK_DAYS) w[d] = { from: hh(from), to: `${String(from).padStart(2, '0')}:30`, isWeekend: false };
  return w;
}

export interface Shop {
  categoryId: string;
  /** Prices: cheap 150, mid 300, big 1000, pricey 4000. */
  offers: { cheap: string; mid: string; big: string; pricey: string; unavailable: string; hidden: string; deleted: string };
  places: { main: number; second: number };
  promos: Record<string, number>;
}

/** Saves store settings through the owner's api=stores call (values by field name, as a client types them). */
export async function storeSettings(server: TestServer, owner: Auth, values: Record<string, string | number | boolean>) {
  const params: Record<string, string> = { update: '1' };
  for (const [name, v] of Object.entries(values)) {
    const f = storeSchema.fields.find((x) => x.name === name);
    if (!f) throw new Error(`no store field ${name}`);
    params[`p[${formKey(f)}]`] = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  }
  const r = await server.api('stores', params, { token: owner });
  if (r.status !== 200) throw new Error(`store settings: ${r.status} ${JSON.stringify(r.body)}`);
}

export async function setupShop(server: TestServer, owner: Auth): Promise<Shop> {
  const { db, storeId } = server;
  await storeSettings(server, owner, {
    min_sum: 500,
    delivery_cost: 200,
    free_delivery_from: 3000,
    pay_cash: true,
    pay_card: true,
    pay_online: true,
    is_pickup: true,
    is_delivery: true,
    timezone: 'Europe/Moscow',
    acquiring_login: ACQUIRER_LOGIN,
    acquiring_password: ACQUIRER_PASSWORD,
  });
  const categoryId = await server.createCategory();
  const offer = (price: number, extra: Record<string, unknown> = {}) => server.createOffer({ categoryId, price: String(price), ...extra });
  const offers = {
    cheap: await offer(150),
    mid: await offer(300),
    big: await offer(1000),
    pricey: await offer(4000),
    unavailable: await offer(500, { available: '0' }),
    hidden: await offer(500, { active: '0' }),
    deleted: await offer(500),
  };
  await db.updateTable('offers').set({ deleted: 1 }).where('store_id', '=', storeId).where('id', '=', offers.deleted).execute();

  const place = async (name: string, sort: number, coords: [number, number][], week: WeekSchedule) => {
    const { data } = toRow(placeSchema, { name, coords, week, address: `${name}, 1`, latitude: String(coords[0][0]), longitude: String(coords[0][1]) });
    const r = await db.insertInto('places').values({ store_id: storeId, name, sort, data: JSON.stringify(data) }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  };
  const places = { main: await place('Главная', 0, rect(59.958, 30.306, 0.05), allDay()), second: await place('Вторая', 1, rect(59.1, 30.1, 0.05), allDay()) };

  const year = new Date().getUTCFullYear();
  const promoDefs = [
    { code: 'SALE20', discount: 20 },
    { code: 'ONCE10', discount: 10, isOnceOnly: true },
    { code: 'RACE15', discount: 15, isOnceOnly: true },
    { code: 'MIN1000', discount: 5, condition: 1000 },
    { code: 'OLD30', discount: 30, dateFrom: `${year - 2}-01-01`, dateTo: `${year - 1}-12-31` },
    { code: 'SOON40', discount: 40, dateFrom: `${year + 1}-01-01`, dateTo: `${year + 1}-12-31` },
    { code: 'NOW25', discount: 25, dateFrom: `${year - 1}-01-01`, dateTo: `${year + 1}-12-31` },
  ];
  const promos: Record<string, number> = {};
  for (const p of promoDefs) {
    const { data } = toRow(promoCodeSchema, { name: p.code, isOnceOnly: false, condition: 0, ...p });
    const r = await db.insertInto('promo_codes').values({ store_id: storeId, code: p.code, used_count: 0, data: JSON.stringify(data) }).returning('id').executeTakeFirstOrThrow();
    promos[p.code] = r.id;
  }
  return { categoryId, offers, places, promos };
}

/** The second shop of the cross-shop tests: its domain, its owner's phone. */
export const Y_DOMAIN = 'shop-y.example';
export const OWNER_Y = '+79995550101';

/** A second shop "Магазин Y" on Y_DOMAIN: its owner and `customer` signed in there, one product of 700 in a category. */
export async function addShopY(server: TestServer, customer: string) {
  const storeId = await server.addStore({ name: 'Магазин Y', domain: Y_DOMAIN, ownerPhone: OWNER_Y });
  const owner = await server.signIn(OWNER_Y, { host: Y_DOMAIN });
  const signedIn = await server.signIn(customer, { host: Y_DOMAIN });
  const offer = await server.createOffer({ categoryId: await server.createCategory({ category: 'Y' }, storeId), price: '700' }, storeId);
  return { storeId, owner, customer: signedIn, offer };
}

export const newKey = () => crypto.randomUUID();
export const newDevice = () => `dev_${crypto.randomBytes(12).toString('hex')}`;

/** A complete delivery order form for cash, inside the zone; `items` are id → quantity. */
export function orderForm(items: Record<string, number | string>, over: Record<string, string | number | null | undefined> = {}) {
  const form: Record<string, string | number | null | undefined> = {
    client_name: 'Анна',
    client_phone: '+7 (999) 123-45-67',
    client_payment: 'cash',
    client_receiving: 'delivery',
    'p[751_delivery]': 1,
    client_address: 'Каменноостровский пр., 10',
    client_coords: INSIDE,
    client_comment: 'Позвонить заранее',
    idempotency_key: newKey(),
    ...over,
  };
  for (const [id, q] of Object.entries(items)) form[`item[${id}]`] = q;
  return form;
}

export interface RestReply<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
}

/** A REST call the way ra-data-simple-rest makes it: JSON bodies, `Authorization: Bearer <token>`. */
export async function rest<T = any>(
  server: TestServer,
  method: string,
  path: string,
  opts: { token?: Auth | string; json?: unknown; body?: Buffer; contentType?: string; query?: Record<string, unknown>; host?: string } = {},
): Promise<RestReply<T>> {
  const qs = opts.query
    ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
    : '';
  const headers: Record<string, string> = { host: opts.host ?? `127.0.0.1:${server.port}`, accept: 'application/json' };
  const token = typeof opts.token === 'string' ? opts.token : opts.token?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: Buffer | undefined;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  } else if (opts.body) {
    body = opts.body;
    headers['content-type'] = opts.contentType ?? 'application/octet-stream';
  }
  const reply = await rawRequest(server.port, method, `/rest${path}${qs}`, headers, body);
  // An empty body is null.
  return { ...reply, body: reply.body === '' ? null : reply.body };
}

/** A multipart body (FormData as a browser sends it). */
export async function multipart(fields: Record<string, string>, files: { name: string; data: Buffer; filename: string; type: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  const request = new Request('http://encoder.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/**
 * A fake Sberbank-style acquirer: register.do opens an order, getOrderStatusExtended.do reports what the
 * test set with `settle` (status 2 = paid; `amount` may be forged to test the amount check). Its payment
 * page (formUrl) has 'Оплатить' and 'Отказаться' buttons for browser tests (e2e/fakes.ts).
 */
export interface FakeAcquirer {
  url: string;
  registered: {
    orderNumber: string;
    amount: number;
    returnUrl: string;
    failUrl: string;
    userName: string;
    password: string;
    id: string;
    /** The 54-FZ basket (parsed orderBundle) and taxSystem, when sent. */
    orderBundle?: { orderCreationDate: string; customerDetails: Record<string, string>; cartItems: { items: BundleItem[] } };
    taxSystem?: string;
  }[];
  /** refund.do calls that were accepted, with their parsed refundItems. */
  refunds: { id: string; amount: number; refundItems?: { items: BundleItem[] } }[];
  /** Make refund.do refuse (errorCode 7) until cleared. */
  refuseRefund: string | null;
  statusCalls: number;
  /** What getOrderStatusExtended.do answers for an acquirer order. */
  settle(id: string, status: number, amount?: number): void;
  /** Make register.do refuse (errorCode 1) until cleared. */
  refuseRegister: string | null;
  close(): Promise<void>;
}

/** The fake's check of a basket, like the acquirer's: well formed, each line price × quantity, the sum the amount. */
function bundleError(items: BundleItem[] | undefined, amount: number): string | null {
  if (!Array.isArray(items) || !items.length) return 'cartItems.items is empty';
  for (const i of items) {
    if (!i.name || !i.itemCode || typeof i.tax?.taxType !== 'number' || !Number.isInteger(i.itemPrice) || !Number.isInteger(i.quantity?.value)) return `bad position ${i.positionId}`;
    if (i.itemAmount !== i.itemPrice * i.quantity.value) return `position ${i.positionId}: itemAmount is not itemPrice × quantity`;
  }
  if (items.reduce((s, i) => s + i.itemAmount, 0) !== amount) return 'Сумма позиций не равна сумме заказа';
  return null;
}

/** The acquiring login and password the fake acquirer accepts (the store's fields 408/409). */
export const ACQUIRER_LOGIN = 'shop-login';
export const ACQUIRER_PASSWORD = 'shop-password';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The acquirer's payment page (formUrl) for browser tests: the order and amount with two buttons,
 * 'Оплатить' (status 2, the registered amount) and 'Отказаться' (status 6); either one redirects the
 * browser to the shop's returnUrl or failUrl, as the real page does.
 */
function payPage(id: string, reg: FakeAcquirer['registered'][number] | undefined): string {
  if (!reg) return '<!doctype html><meta charset="utf-8"><title>Оплата</title><h1>Заказ не найден</h1>';
  const form = (action: string, label: string) =>
    `<form method="post" action="/payment/merchants/decide"><input type="hidden" name="mdOrder" value="${escapeHtml(id)}"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Оплата заказа</title>
<h1>Оплата заказа ${escapeHtml(reg.orderNumber)}</h1><p>Сумма: ${(reg.amount / 100).toFixed(2)} ₽</p>${form('pay', 'Оплатить')}${form('decline', 'Отказаться')}`;
}

export async function startFakeAcquirer(): Promise<FakeAcquirer> {
  const PAID = 2;
  const DECLINED = 6;
  const orders = new Map<string, { orderNumber: string; amount: number; status: number; reportedAmount: number }>();
  const fake: FakeAcquirer = {
    url: '',
    registered: [],
    refunds: [],
    refuseRefund: null,
    statusCalls: 0,
    refuseRegister: null,
    settle(id, status, amount) {
      const o = orders.get(id);
      if (!o) throw new Error(`no acquirer order ${id}`);
      o.status = status;
      o.reportedAmount = amount ?? o.amount;
    },
    close: () => service.close(),
  };
  const service = await startFakeHttp((req, raw, res) => {
    const p = new URLSearchParams(raw);
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', fake.url);
    if (req.method === 'GET' && url.pathname === '/payment/merchants/pay.html') {
      const id = url.searchParams.get('mdOrder') ?? '';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(payPage(id, fake.registered.find((r) => r.id === id)));
    }
    if (req.method === 'POST' && url.pathname === '/payment/merchants/decide') {
      const id = p.get('mdOrder') ?? '';
      const reg = fake.registered.find((r) => r.id === id);
      if (!reg) {
        res.statusCode = 404;
        return res.end('not found');
      }
      const paid = p.get('action') === 'pay';
      fake.settle(id, paid ? PAID : DECLINED);
      res.statusCode = 303;
      res.setHeader('location', paid ? reg.returnUrl : reg.failUrl);
      return res.end();
    }
    if (p.get('userName') !== ACQUIRER_LOGIN || p.get('password') !== ACQUIRER_PASSWORD) return send({ errorCode: '5', errorMessage: 'Доступ запрещён' });
    if (req.url?.endsWith('/register.do')) {
      if (fake.refuseRegister) return send({ errorCode: '1', errorMessage: fake.refuseRegister });
      const orderNumber = p.get('orderNumber')!;
      if ([...orders.values()].some((o) => o.orderNumber === orderNumber)) return send({ errorCode: '1', errorMessage: 'Заказ с таким номером уже обработан' });
      const id = crypto.randomUUID();
      const amount = Number(p.get('amount'));
      const orderBundle = p.get('orderBundle') ? JSON.parse(p.get('orderBundle')!) : undefined;
      if (orderBundle) {
        const bad = bundleError(orderBundle.cartItems?.items, amount);
        if (bad) return send({ errorCode: '1', errorMessage: bad });
      }
      orders.set(id, { orderNumber, amount, status: 0, reportedAmount: amount });
      fake.registered.push({ orderNumber, amount, returnUrl: p.get('returnUrl')!, failUrl: p.get('failUrl')!, userName: p.get('userName')!, password: p.get('password')!, id, orderBundle, taxSystem: p.get('taxSystem') ?? undefined });
      return send({ orderId: id, formUrl: `${fake.url}/payment/merchants/pay.html?mdOrder=${id}` });
    }
    if (req.url?.endsWith('/refund.do')) {
      if (fake.refuseRefund) return send({ errorCode: '7', errorMessage: fake.refuseRefund });
      const id = p.get('orderId') ?? '';
      const o = orders.get(id);
      if (!o) return send({ errorCode: '6', errorMessage: 'Заказ не найден' });
      if (o.status !== PAID) return send({ errorCode: '7', errorMessage: 'Неверный статус заказа' });
      const amount = Number(p.get('amount'));
      const refundItems = p.get('refundItems') ? JSON.parse(p.get('refundItems')!) : undefined;
      if (refundItems) {
        const bad = bundleError(refundItems.items, amount);
        if (bad) return send({ errorCode: '7', errorMessage: bad });
      }
      o.status = 4;
      fake.refunds.push({ id, amount, refundItems });
      return send({ errorCode: '0', errorMessage: 'Успешно' });
    }
    if (req.url?.endsWith('/getOrderStatusExtended.do')) {
      fake.statusCalls++;
      const o = orders.get(p.get('orderId') ?? '');
      if (!o) return send({ errorCode: '6', errorMessage: 'Заказ не найден' });
      return send({ errorCode: '0', errorMessage: 'Успешно', orderNumber: o.orderNumber, orderStatus: o.status, amount: o.reportedAmount, currency: '643' });
    }
    res.statusCode = 404;
    res.end('not found');
  });
  fake.url = service.url;
  return fake;
}

/** One order as api=orders answers its device or its signed-in customer (orderId=); fails unless it answers 200. */
export async function orderDetail(server: TestServer, id: number, who: { device_id?: string; token?: Auth }) {
  const r = await server.api('orders', { orderId: id, device_id: who.device_id }, { token: who.token });
  if (r.status !== 200) throw new Error(`api=orders orderId=${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.orders[0];
}

/** Places an order of these lines from a new device (fails unless it is taken) and reads it back as that device: what the server charged. */
export async function chargedOrder(server: TestServer, items: Record<string, number>, over: Record<string, string | number> = {}) {
  const device = newDevice();
  const r = await server.api('orders', orderForm(items, { device_id: device, ...over }) as Record<string, string>);
  if (r.status !== 200) throw new Error(`api=orders answered ${r.status}: ${JSON.stringify(r.body)}`);
  return orderDetail(server, r.body.orders[0], { device_id: device });
}
