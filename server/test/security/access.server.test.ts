/**
 * Security suite, item 5 of issue 14: the access matrix. Every api= call and every REST route is called
 * by five principals: anonymous, customer A (who placed an order), customer B, the owner of shop X, and the
 * owner of shop Y calling X's domain with Y's token. Public: the catalogue (stores without secrets, offers,
 * categories, params, banners), places (pickup points), promo checks, geo. Not public: promo codes,
 * ingredients (cost prices), orders, questions, subscriptions, customers, acquiring credentials, and every
 * owner action. Each cell is checked; the test prints how many cells held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, type Auth, type Reply, type TestServer } from '../helpers';
import { newDevice, orderForm, rest, type Shop } from '../checkoutFixtures';
import { startCheckoutShop } from '../checkoutShop';
import { openEventStream } from '../eventStream';

const Y_DOMAIN = 'shop-y.example';
const OWNER_Y = '+79995550077';
const CUSTOMER_B = '+79991112244';

type Who = 'anon' | 'custA' | 'custB' | 'ownerX' | 'ownerY';
const WHO: Who[] = ['anon', 'custA', 'custB', 'ownerX', 'ownerY'];
/** A status, or 'ok' (any 2xx), 'denied' (401/403/404: the call saw nothing). */
type Want = number | 'ok' | 'denied';

let server: TestServer;
let shop: Shop;
let storeY: number;
const auth = {} as Record<Exclude<Who, 'anon'>, Auth>;
const deviceA = newDevice();
let orderA: number;
let orderY: number;
let placeY: number;
let questionA: number;

beforeAll(async () => {
  ({ server, owner: auth.ownerX, customer: auth.custA, shop } = await startCheckoutShop());
  auth.custB = await server.signIn(CUSTOMER_B);
  storeY = await server.addStore({ name: 'Магазин Y', domain: Y_DOMAIN, ownerPhone: OWNER_Y });
  auth.ownerY = await server.signIn(OWNER_Y, { host: Y_DOMAIN });
  const placed = await server.api('orders', { ...orderForm({ [shop.offers.big]: 1 }), device_id: deviceA }, { token: auth.custA });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  orderA = Number(placed.body.orders[0]);
  const q = await rest(server, 'POST', '/questions', { token: auth.custA.token, json: { orderId: orderA, contact: '+79991112233', message: 'Где мой заказ?' } });
  expect(q.status, JSON.stringify(q.body)).toBe(201);
  questionA = q.body.id;
  // Shop Y has an order and a place of its own, with ids that may equal X's.
  const catY = await server.createCategory({ category: 'Y' }, storeY);
  const offerY = await server.createOffer({ categoryId: catY, price: '100' }, storeY);
  const py = await server.db
    .insertInto('places')
    .values({ store_id: storeY, name: 'Точка Y', sort: 0, data: JSON.stringify({ name: 'Точка Y', address: 'Y, 1' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  placeY = py.id;
  await server.db
    .insertInto('promo_codes')
    .values({ store_id: storeY, code: 'YSECRET', used_count: 0, data: JSON.stringify({ name: 'YSECRET', discount: 50 }) })
    .execute();
  void offerY;
  // Orders are numbered per shop: Y's order may carry A's number, and then it is Y's own to read.
  const oy = await server.db.selectFrom('orders').select('number').where('store_id', '=', storeY).where('number', '=', orderA).executeTakeFirst();
  orderY = oy?.number ?? -1;
});
afterAll(() => server?.close());

const tokenOf = (who: Who) => (who === 'anon' ? undefined : auth[who]);
const api = (who: Who, name: string, params: Record<string, string | number> = {}) =>
  server.api(name, who === 'custA' ? { device_id: deviceA, ...params } : params, { token: tokenOf(who) });
const restAs = (who: Who, method: string, path: string, opts: { json?: unknown; query?: Record<string, unknown>; host?: string } = {}) =>
  rest(server, method, path, { ...opts, token: who === 'anon' ? undefined : auth[who].token });

const holds = (want: Want, r: Reply) =>
  want === 'ok' ? r.status >= 200 && r.status < 300 : want === 'denied' ? [401, 403, 404].includes(r.status) : r.status === want;

let cells = 0;
const failures: string[] = [];
async function check(label: string, want: Record<Who, Want>, call: (who: Who) => Promise<Reply>, order: Who[] = WHO) {
  for (const who of order) {
    const r = await call(who);
    cells++;
    if (!holds(want[who], r)) failures.push(`${label} as ${who}: ${r.status} (want ${want[who]}) ${JSON.stringify(r.body).slice(0, 160)}`);
  }
}

/** An owner action: anonymous 401, customers 403, owner X allowed, owner Y's token on X's domain 401. */
const OWNER_ONLY: Record<Who, Want> = { anon: 401, custA: 403, custB: 403, ownerX: 'ok', ownerY: 401 };
/** A public read over api= (a foreign token is flagged in the body, the read still answers). */
const PUBLIC_API: Record<Who, Want> = { anon: 200, custA: 200, custB: 200, ownerX: 200, ownerY: 200 };
/** A public REST read: a Bearer token that names no session here is a 401 at once. */
const PUBLIC_REST: Record<Who, Want> = { anon: 200, custA: 200, custB: 200, ownerX: 200, ownerY: 401 };
/** Customer A's own thing: A and the owner see it; B and anonymous do not; Y's token is refused. */
const A_ONLY: Record<Who, Want> = { anon: 'denied', custA: 200, custB: 404, ownerX: 200, ownerY: 401 };

const CATALOGUE = ['stores', 'categories', 'offers', 'offer_params', 'params', 'param_values', 'banners', 'places', 'promo_codes', 'ingredients', 'item_ingredients', 'orders', 'questions', 'subscriptions'];

describe('access matrix (issue 14, item 5)', () => {
  it('answers every api= call and REST route as decided for all five principals', async () => {
    const covered = new Set<string>();
    const before = await snapshot(server.db, CATALOGUE);
    // Owner actions first as the four others only, with nothing changing; then the owner's own run.
    const nonOwners: Who[] = ['anon', 'custA', 'custB', 'ownerY'];
    const ownerWrites: [string, Record<string, string | number>][] = [
      ['stores', { update: 1, 'p[399_name]': 'Захвачен' }],
      ['offers', { update: 1, 'p[478_offer_id]': shop.offers.cheap, 'p[283_price]': '1' }],
      ['offers', { set: 1, 'p[276_name]': 'Чужой', 'p[283_price]': '1', 'p[287_categoryId]': shop.categoryId }],
      ['offers', { del: 1, 'p[478_offer_id]': shop.offers.mid }],
      ['offers_category', { set: 1, 'p[487_category]': 'Чужая', 'p[488_sub_id]': '0' }],
      ['offers_category', { update: 1, 'p[486_category_id]': shop.categoryId, 'p[487_category]': 'Чужая' }],
      ['offers_category', { del: 1, 'p[486_category_id]': shop.categoryId }],
      ['offers_params', { set: 1, 'p[388_name]': 'Чужой', 'p[390_kind]': 'bool' }],
      ['offers_params', { del: 1, 'p[396_param_id]': 1 }],
      ['offers_params_values', { set: 1, 'p[395_param_id]': 1, 'p[479_value]': 'x' }],
      ['offers_params_values', { del: 1, 'p[480_value_id]': '1' }],
      ['shop_banners', { set: 1, 'p[100_name]': 'x' }],
      ['shop_banners', { del: 1, 'p[100_id]': 1 }],
      ['orders', { 'p[674_place_id]': shop.places.main }],
    ];
    for (const [name, params] of ownerWrites) {
      covered.add(name);
      await check(`api=${name} ${Object.keys(params).join(',')}`, OWNER_ONLY, (who) => api(who, name, params), nonOwners);
    }
    const restWrites: [string, string, unknown][] = [];
    for (const res of ['places', 'promo_codes', 'ingredients', 'item_ingredients']) {
      restWrites.push(['POST', `/${res}`, { name: 'x' }], ['PUT', `/${res}/1`, { name: 'x' }], ['DELETE', `/${res}/1`, undefined]);
    }
    restWrites.push(['PUT', `/orders/${orderA}`, { status: 'done' }], ['DELETE', `/questions/${questionA}`, undefined], ['DELETE', '/subscriptions/1', undefined]);
    // The owner's product list calls (catalogue/ownerOffers.rest.ts): bulk actions and the pictures' order.
    restWrites.push(['POST', '/offers/bulk', { action: 'hide', ids: [shop.offers.cheap] }], ['PUT', `/offers/${shop.offers.cheap}/images`, { order: [] }]);
    for (const [method, path, json] of restWrites) {
      covered.add(`rest ${path.split('/')[1]}`);
      await check(`${method} /rest${path}`, OWNER_ONLY, (who) => restAs(who, method, path, { json }), nonOwners);
    }
    expect(await snapshot(server.db, CATALOGUE), 'nothing changed by non-owners').toBe(before);

    // Owner-only reads.
    for (const res of ['promo_codes', 'ingredients', 'item_ingredients', 'orders', 'questions', 'subscriptions', 'notifications', 'yml_imports', 'yml_schedule', 'offers']) {
      covered.add(`rest ${res}`);
      await check(`GET /rest/${res}`, { ...OWNER_ONLY, ownerX: 200 }, (who) => restAs(who, 'GET', `/${res}`));
    }
    for (const [res, id] of [
      ['promo_codes', shop.promos.SALE20],
      ['orders', orderA],
      ['questions', questionA],
    ] as const) {
      await check(`GET /rest/${res}/${id}`, { ...OWNER_ONLY, ownerX: 200 }, (who) => restAs(who, 'GET', `/${res}/${id}`));
    }
    // The owner's live counter of new orders (server-sent events): the status only, the stream closed at once.
    await check('GET /rest/orders/live', { ...OWNER_ONLY, ownerX: 200 }, async (who) => {
      const stream = await openEventStream(server.port, '/rest/orders/live', { token: who === 'anon' ? undefined : auth[who].token });
      stream.close();
      return { status: stream.status, headers: stream.headers, body: stream.events };
    });
    await check('GET /rest/offers/param_usage', { ...OWNER_ONLY, ownerX: 200 }, (who) => restAs(who, 'GET', '/offers/param_usage?categoryId=1'));
    // Public reads.
    for (const name of ['stores', 'offers', 'offers_category', 'offers_params', 'offers_params_values', 'shop_banners', 'token_check']) {
      covered.add(name);
      await check(`api=${name}`, PUBLIC_API, (who) => api(who, name));
    }
    covered.add('geo_check');
    await check('api=geo_check', PUBLIC_API, (who) => api(who, 'geo_check', { ll: '59.958,30.306' }));
    covered.add('geocode');
    await check('api=geocode', PUBLIC_API, (who) => api(who, 'geocode', { q: 'Невский' }));
    covered.add('suggest');
    await check('api=suggest', PUBLIC_API, (who) => api(who, 'suggest', { value: 'чйник' }));
    covered.add('promo');
    await check('api=promo', PUBLIC_API, (who) => api(who, 'promo', { code: 'SALE20' }));
    covered.add('rest places');
    await check('GET /rest/places', PUBLIC_REST, (who) => restAs(who, 'GET', '/places'));
    await check('GET /rest/places/:id', PUBLIC_REST, (who) => restAs(who, 'GET', `/places/${shop.places.main}`));

    // Customer A's order: its details, payment, its status page, questions about it.
    covered.add('orders');
    await check('api=orders orderId', A_ONLY, (who) => api(who, 'orders', { orderId: orderA }));
    covered.add('sber');
    await check('api=sber orderId', { ...A_ONLY, custA: 'ok', ownerX: 'ok' }, (who) => api(who, 'sber', { orderId: orderA }), ['anon', 'custB', 'ownerY']);
    covered.add('sber_status');
    await check('api=sber_status orderId', { ...A_ONLY, custA: 'ok', ownerX: 'ok' }, (who) => api(who, 'sber_status', { orderId: orderA }), ['anon', 'custB', 'ownerY']);
    await check('POST /rest/questions about A\'s order', { anon: 'denied', custA: 201, custB: 404, ownerX: 201, ownerY: 401 }, (who) =>
      restAs(who, 'POST', '/questions', { json: { orderId: orderA, contact: '+79991112233', message: 'Вопрос' } }),
    );
    // The customer's own list: B and anonymous see nothing of A's.
    for (const who of ['anon', 'custB'] as Who[]) {
      const r = await api(who, 'orders', { list: 1 });
      cells++;
      if (r.status === 200 && JSON.stringify(r.body.orders ?? []).includes(`"${orderA}"`)) failures.push(`api=orders list as ${who} shows A's order`);
      if (r.status === 200 && (r.body.orders ?? []).some((o: { id: unknown }) => Number(o.id) === orderA)) failures.push(`api=orders list as ${who} shows A's order`);
    }
    const ownList = await api('custA', 'orders', { list: 1 });
    expect(ownList.body.orders.map((o: { id: unknown }) => Number(o.id))).toContain(orderA);
    // Notifications and push tokens are the caller's own; a foreign token is refused.
    for (const name of ['inner_push', 'push', 'logout']) covered.add(name);
    // Anonymous callers are their device (device_id): they read and register that device's own.
    await check('api=inner_push', { anon: 200, custA: 200, custB: 200, ownerX: 200, ownerY: 401 }, (who) => api(who, 'inner_push', { seq: 0, device_id: newDevice() }));
    const pushB = await api('custB', 'inner_push', { seq: 0 });
    cells++;
    if (JSON.stringify(pushB.body).includes(String(orderA))) failures.push(`inner_push for B mentions A's order: ${JSON.stringify(pushB.body).slice(0, 200)}`);
    await check('api=push', { anon: 200, custA: 200, custB: 200, ownerX: 200, ownerY: 401 }, (who) => api(who, 'push', { push_token: `tok-${who}`, device_id: newDevice() }));
    await check('api=logout', { anon: 401, custA: 'ok', custB: 'ok', ownerX: 'ok', ownerY: 401 }, (who) => api(who, 'logout'), ['anon', 'ownerY']);
    for (const name of ['sms_code', 'login']) covered.add(name); // public by nature: sign-in, proven in the sign-in test

    // Secrets: the acquiring credentials reach the owner only.
    for (const who of WHO) {
      const r = await api(who, 'stores');
      cells++;
      const text = JSON.stringify(r.body);
      const leaks = text.includes('shop-password') || text.includes('acquiring_password');
      if (who === 'ownerX' ? !leaks : leaks) failures.push(`api=stores as ${who}: secrets ${leaks ? 'shown' : 'missing for the owner'}`);
    }

    // Nothing of one shop through another's Host: Y's owner on Y's domain asks for X's ids; X's token at Y.
    const onY = { host: Y_DOMAIN };
    const crossHost: [string, () => Promise<Reply>, Want][] = [
      ['X order by id at Y (owner Y)', () => restAs('ownerY', 'GET', `/orders/${orderA}`, onY), orderA === orderY ? 200 : 404],
      ['X question by id at Y (owner Y)', () => restAs('ownerY', 'GET', `/questions/${questionA}`, onY), 404],
      ['X promo code by id at Y (owner Y)', () => restAs('ownerY', 'GET', `/promo_codes/${shop.promos.SALE20}`, onY), 404],
      ['X place by id at Y', () => restAs('anon', 'GET', `/places/${shop.places.main}`, onY), shop.places.main === placeY ? 200 : 404],
      ['X owner token at Y', () => rest(server, 'GET', '/promo_codes', { token: auth.ownerX.token, host: Y_DOMAIN }), 401],
      ['X order via api at Y (owner Y)', () => server.api('orders', { orderId: orderA }, { token: auth.ownerY, host: Y_DOMAIN }), orderA === orderY ? 200 : 404],
      ['X customer token at Y', () => server.api('orders', { orderId: orderA }, { token: auth.custA, host: Y_DOMAIN }), 401],
    ];
    for (const [label, call, want] of crossHost) {
      const r = await call();
      cells++;
      if (!holds(want, r)) failures.push(`${label}: ${r.status} (want ${want}) ${JSON.stringify(r.body).slice(0, 160)}`);
    }
    const yCodes = await restAs('ownerY', 'GET', '/promo_codes', onY);
    const xCodes = await restAs('ownerX', 'GET', '/promo_codes');
    cells += 2;
    if (JSON.stringify(yCodes.body).includes('SALE20')) failures.push("Y's promo list shows X's code");
    if (JSON.stringify(xCodes.body).includes('YSECRET')) failures.push("X's promo list shows Y's code");

    // The owner's own writes succeed (last: they change the shop).
    await check('api=stores update (owner)', OWNER_ONLY, (who) => api(who, 'stores', { update: 1, 'p[399_name]': 'Новое имя' }), ['ownerX']);
    await check('api=offers update (owner)', OWNER_ONLY, (who) => api(who, 'offers', { update: 1, 'p[478_offer_id]': shop.offers.cheap, 'p[283_price]': '151' }), ['ownerX']);
    await check('POST /rest/ingredients (owner)', { ...OWNER_ONLY, ownerX: 201 }, (who) => restAs(who, 'POST', '/ingredients', { json: { name: 'Соль', quantity: 1, price: 10 } }), ['ownerX']);

    // Every api= name and REST resource is in the matrix.
    const missing = [...server.apiNames.filter((n) => !covered.has(n)), ...server.restResources.filter((r) => !covered.has(`rest ${r}`)).map((r) => `rest ${r}`)];
    console.log(`access matrix: ${cells} cells (${server.apiNames.length} api= calls, ${server.restResources.length} REST resources x 5 principals), ${failures.length} wrong, ${missing.length} uncovered [${server.label}]`);
    expect(missing).toEqual([]);
    expect(failures).toEqual([]);
  });
});
