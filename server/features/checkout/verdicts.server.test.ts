import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeSchema, toRow, WEEK_DAYS, type WeekSchedule } from '../../../schemas';
import { checkOrder, type Refusal } from '../../../schemas/rules/checkout';
import { startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { allDay, newDevice, newKey, rest, setupShop, storeSettings, type Shop } from '../../test/checkoutFixtures';
// The storefront's own modules: how it reads the shop's answers and its form into facts, and what it sends.
import cartReducer, { cartRefreshed, lineOf, type CartState } from '../../../storefront/features/cart/cartSlice';
import promoReducer, { promoChecked, promoTyped, type PromoState } from '../../../storefront/features/promo/promoSlice';
import { checkoutFacts } from '../../../storefront/features/checkout/checkoutFacts';
import { emptyForm, formatPhone, localNow, orderParams, type OrderFormValues } from '../../../storefront/features/checkout/orderLogic';
import type { OfferCard, Place, StoreSettings } from '../../../storefront/lib/types';

/**
 * One rule decides whether an order may be placed (schemas/rules/checkout.ts). Proven here over random
 * orders: for each case the shop is set up in the database (settings, places with their zones and weeks),
 * the clock is set, the storefront's facts are gathered from the shop's own answers (api=stores, GET
 * /rest/places, api=offers, api=promo) the way its checkout does, and the order the storefront would
 * send is sent over HTTP. The server's answer (its refusal, or the order) is the storefront's verdict.
 */

let server: TestServer, owner: Auth;
let shop: Shop;

beforeAll(async () => {
  ({ server, owner } = await startSignedIn());
  shop = await setupShop(server, owner);
});
afterAll(() => server?.close());
afterEach(() => vi.useRealTimers());

/** Two zones (around the seed's map centre and 0.8° south) and points in, between and outside them. */
const rect = (lat: number, lon: number, d: number): [number, number][] => [
  [lat - d, lon - d],
  [lat - d, lon + d],
  [lat + d, lon + d],
  [lat + d, lon - d],
];
const ZONES = { north: rect(59.958, 30.306, 0.05), south: rect(59.1, 30.1, 0.05) };
const POINTS = { north: [59.96, 30.31], south: [59.11, 30.09], outside: [55.75, 37.62] } as const;

const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const weekArb: fc.Arbitrary<WeekSchedule> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(allDay()) },
  // The same hours every day, some days off: a window that may or may not hold the case's time.
  {
    weight: 3,
    arbitrary: fc
      .record({ from: fc.integer({ min: 0, max: 23 * 60 }), length: fc.integer({ min: 30, max: 14 * 60 }), off: fc.subarray([...WEEK_DAYS]) })
      .map(({ from, length, off }) => Object.fromEntries(WEEK_DAYS.map((d) => [d, { from: hh(from), to: hh(Math.min(from + length, 23 * 60 + 59)), isWeekend: off.includes(d) }])) as WeekSchedule),
  },
);
const placeArb = fc.record({ zone: fc.constantFrom(null, 'north', 'south') as fc.Arbitrary<keyof typeof ZONES | null>, week: weekArb });

const flag = fc.boolean();
const caseArb = fc.record({
  // Mostly products on sale; now and then one not available or hidden.
  lines: fc.uniqueArray(
    fc.record({
      offer: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('cheap', 'mid', 'big', 'pricey') }, { weight: 1, arbitrary: fc.constantFrom('unavailable', 'hidden') }) as fc.Arbitrary<keyof Shop['offers']>,
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 4, selector: (l) => l.offer },
  ),
  places: fc.array(placeArb, { minLength: 0, maxLength: 3 }),
  // The shop's clock: a day of the coming week and a minute of it.
  day: fc.integer({ min: 1, max: 7 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  settings: fc.record({
    min_sum: fc.constantFrom(0, 500, 2500),
    map: flag,
    change: flag,
    stop_purchase: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
    client_name: flag,
    client_phone: flag,
    client_payment: flag,
    client_receiving: flag,
    client_address: flag,
    client_numbers: flag,
    client_change: flag,
    client_comment: flag,
  }),
  form: fc.record({
    client_name: fc.constantFrom('', ' ', 'Анна'),
    phone: fc.constantFrom('', '+7 (921) 333-44-55', '89213334455', '+7 (921) 33'),
    client_payment: fc.constantFrom('', 'cash', 'card') as fc.Arbitrary<OrderFormValues['client_payment']>,
    client_receiving: fc.constantFrom('delivery', 'pickup') as fc.Arbitrary<OrderFormValues['client_receiving']>,
    place: fc.constantFrom(null, 0, 1, 2),
    point: fc.constantFrom(null, 'north', 'south', 'outside') as fc.Arbitrary<keyof typeof POINTS | null>,
    client_address: fc.constantFrom('', 'Садовая, 1'),
    client_house: fc.constantFrom('', '5'),
    client_entrance: fc.constantFrom('', '2'),
    client_appart: fc.constantFrom('', '7'),
    client_flat: fc.constantFrom('', '12'),
    client_change: fc.constantFrom('', '5000'),
    client_comment: fc.constantFrom('', 'Позвонить'),
    promo: fc.constantFrom('', 'SALE20', 'MIN1000', 'OLD30'),
  }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Cases run before the random ones, so every run reaches both sides of the rule whatever its seed: an order
 * that is taken, and the same order refused for an unavailable line, a point outside the zones, a missing name.
 * (Random cases alone placed no order in one CI run of 60.)
 */
const TAKEN: Case = {
  lines: [{ offer: 'big', quantity: 1 }],
  places: [{ zone: 'north', week: allDay() }],
  day: 1,
  minute: 12 * 60,
  settings: { min_sum: 0, map: false, change: false, stop_purchase: false, client_name: true, client_phone: true, client_payment: true, client_receiving: true, client_address: true, client_numbers: false, client_change: false, client_comment: false },
  form: { client_name: 'Анна', phone: '+7 (921) 333-44-55', client_payment: 'cash', client_receiving: 'delivery', place: null, point: 'north', client_address: 'Садовая, 1', client_house: '5', client_entrance: '2', client_appart: '7', client_flat: '12', client_change: '', client_comment: '', promo: '' },
};
const EXAMPLES: [Case][] = [
  [TAKEN],
  [{ ...TAKEN, lines: [...TAKEN.lines, { offer: 'unavailable', quantity: 1 }] }],
  [{ ...TAKEN, settings: { ...TAKEN.settings, map: true }, form: { ...TAKEN.form, point: 'outside' } }],
  [{ ...TAKEN, form: { ...TAKEN.form, client_name: '' } }],
];

/** The shop of the case: its settings through the owner's api=stores, its places straight into the table. */
async function arrange(c: Case): Promise<number[]> {
  await storeSettings(server, owner, { ...c.settings, is_delivery: true, is_pickup: true, sms_check: false });
  await server.db.deleteFrom('places').where('store_id', '=', server.storeId).execute();
  const ids: number[] = [];
  for (const [i, p] of c.places.entries()) {
    const { data } = toRow(placeSchema, { name: `Место ${i}`, coords: p.zone ? ZONES[p.zone] : [], week: p.week, address: `Адрес ${i}` });
    ids.push((await server.db.insertInto('places').values({ store_id: server.storeId, name: `Место ${i}`, sort: i, data: JSON.stringify(data) }).returning('id').executeTakeFirstOrThrow()).id);
  }
  return ids;
}

/** The storefront's verdict, from what the shop answers it, and the order it would send. */
async function storefront(c: Case, placeIds: number[]) {
  const store = (await server.api('stores', {})).body.stores[0] as StoreSettings;
  const places = (await rest<Place[]>(server, 'GET', '/places', { query: { sort: ['sort', 'ASC'], range: [0, 99] } })).body;
  const ids = c.lines.map((l) => shop.offers[l.offer]);
  const point = c.form.point ? { address: `Точка ${c.form.point}`, coords: [...POINTS[c.form.point]] as [number, number] } : null;
  // The cart as the checkout page has it: the lines refreshed from api=offers (and the stop list for the point).
  const cards = (await server.api('offers', { ids: ids.join(',') })).body.offers as OfferCard[];
  const stopped = point ? ((await server.api('offers', { ids: ids.join(','), coords: point.coords.join(',') })).body.offers as OfferCard[]).map((o) => String(o.id)) : [];
  const byId = new Map(cards.map((o) => [String(o.id), o]));
  const start: CartState = { items: c.lines.map((l) => ({ ...(byId.get(shop.offers[l.offer]) ? lineOf(byId.get(shop.offers[l.offer])!) : { id: shop.offers[l.offer], categoryId: shop.categoryId, name: 'x', price: 500 }), quantity: l.quantity })), status: 'idle', unavailablePopup: false };
  const cart = cartReducer(start, cartRefreshed({ cards, stopped }));
  // The promo code as api=promo judged it for these goods.
  let promo: PromoState = promoReducer(undefined, promoTyped(c.form.promo));
  if (promo.code) {
    // api=promo guesses at secrets and is limited to 30 calls a minute an address: not what this test is about.
    await server.db.deleteFrom('rate_limits').execute();
    const goods = cart.items.filter((l) => !l.isDisabledItem).reduce((n, l) => n + l.price * l.quantity, 0);
    const answer = (await server.api('promo', { code: promo.code, total: String(goods) })).body.promo;
    promo = promoReducer(promo, promoChecked({ code: promo.code, status: answer.status === 'proved' ? 'proved' : 'error', discount: answer.discount, condition: answer.condition, reason: answer.reason }));
  }
  const form: OrderFormValues = {
    ...emptyForm(),
    client_name: c.form.client_name,
    client_phone: formatPhone(c.form.phone),
    client_payment: c.form.client_payment,
    client_receiving: c.form.client_receiving,
    client_address: c.form.client_address,
    client_house: c.form.client_house,
    client_entrance: c.form.client_entrance,
    client_appart: c.form.client_appart,
    client_flat: c.form.client_flat,
    client_change: c.form.client_change,
    client_comment: c.form.client_comment,
    place_id: c.form.place !== null && placeIds[c.form.place] !== undefined ? String(placeIds[c.form.place]) : '',
  };
  const facts = checkoutFacts({ form, store, lines: cart.items, point, places, promo, now: localNow(store.timezone as string), ios: false, phoneVerified: false });
  const params = orderParams({ form, store, lines: cart.items, point, promoCode: promo.status === 'error' ? '' : promo.code, urlData: {}, deviceId: newDevice(), ios: false });
  return { verdict: checkOrder(facts), params };
}

/** The server's answer as a verdict: null for an order taken, else its code, params and fields. */
function serverVerdict(r: { status: number; body: any }): Pick<Refusal, 'code' | 'fields'> & { params?: Record<string, unknown> } | null {
  if (r.status === 200) return null;
  const e = r.body.error;
  return { code: e.code, params: e.params ?? {}, fields: (e.fields ?? []).map((f: string | { field: string }) => (typeof f === 'string' ? f : f.field)) };
}
const sorted = (v: { code: string; params?: Record<string, unknown>; fields: string[] } | null) => v && { code: v.code, params: v.params ?? {}, fields: [...v.fields].sort() };

describe('the storefront’s verdict equals the server’s', () => {
  it('over random carts, places (zones, weeks), hours and fields', { timeout: 600_000 }, async () => {
    const base = Date.now();
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const placeIds = await arrange(c);
        // The shop's clock (Moscow): midnight of a coming day plus the case's minute, for both sides.
        const midnight = Date.UTC(new Date(base).getUTCFullYear(), new Date(base).getUTCMonth(), new Date(base).getUTCDate()) - 3 * 3_600_000;
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(midnight + c.day * 86_400_000 + c.minute * 60_000);
        try {
          const { verdict, params } = await storefront(c, placeIds);
          const r = await server.api('orders', { ...params, idempotency_key: newKey() });
          expect(r.status === 200 || r.status === 400, JSON.stringify(r.body)).toBe(true);
          expect(sorted(serverVerdict(r))).toEqual(sorted(verdict));
          const key = verdict?.code ?? 'placed';
          seen.set(key, (seen.get(key) ?? 0) + 1);
        } finally {
          vi.useRealTimers();
        }
      }),
      { numRuns: Number(process.env.CHECKOUT_RUNS ?? 60), examples: EXAMPLES },
    );
    if (process.env.CHECKOUT_RUNS) console.log('verdicts', JSON.stringify([...seen]));
    // The cases reached both sides of the rule: orders placed and several kinds of refusal.
    expect(seen.get('placed') ?? 0, JSON.stringify([...seen])).toBeGreaterThan(0);
    expect(seen.size, JSON.stringify([...seen])).toBeGreaterThanOrEqual(4);
  });
});
