import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, type Auth, type TestServer } from '../../test/helpers';
import { startCheckoutShop } from '../../test/checkoutShop';
import { chargedOrder, INSIDE, orderForm, rest, SECOND_ZONE, type Shop } from '../../test/checkoutFixtures';

/**
 * A zone's own delivery terms (schemas/place.ts 685-688, schemas/rules/zones.ts deliveryTerms): the owner
 * sets them over REST, anyone reads them, and the server charges by them. The shop: delivery 200, free from
 * 3000, minimum 500; the second place's zone gets 350, free from 5000, minimum 1000, "60–90 мин".
 */

let server: TestServer, owner: Auth, shop: Shop;
const TABLES = ['orders', 'order_lines', 'promo_codes', 'notifications', 'places'];
beforeAll(async () => {
  ({ server, owner, shop } = await startCheckoutShop());
  const r = await rest(server, 'PUT', `/places/${shop.places.second}`, { token: owner, json: { delivery_cost: 350, free_delivery_from: 5000, min_sum: 1000, delivery_time: '60–90 мин' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(() => server?.close());

const order = (form: Record<string, unknown>) => server.api('orders', form as Record<string, string>);
const charged = (items: Record<string, number>, over: Record<string, string | number> = {}) => chargedOrder(server, items, over);

describe('zone terms', () => {
  it('are stored and answered by /rest/places to anyone; a zone without them answers none', async () => {
    const all = await rest(server, 'GET', '/places');
    expect(all.status).toBe(200);
    const second = all.body.find((p: { id: number }) => p.id === shop.places.second);
    expect(second).toMatchObject({ delivery_cost: 350, free_delivery_from: 5000, min_sum: 1000, delivery_time: '60–90 мин' });
    const main = all.body.find((p: { id: number }) => p.id === shop.places.main);
    expect(main.delivery_cost ?? null).toBeNull();
  });

  it('refuses a negative or non-numeric term with invalid_input and changes nothing', async () => {
    for (const bad of [{ delivery_cost: -1 }, { min_sum: 'много' }, { delivery_time: 'x'.repeat(101) }]) {
      const before = await snapshot(server.db, TABLES);
      const r = await rest(server, 'PUT', `/places/${shop.places.second}`, { token: owner, json: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toBe('invalid_input');
      expect(await snapshot(server.db, TABLES)).toBe(before);
    }
    // Nobody but the owner sets them.
    expect((await rest(server, 'PUT', `/places/${shop.places.second}`, { json: { delivery_cost: 0 } })).status).toBe(401);
  });

  it('charges the zone’s price in its zone and the shop’s in a zone without terms, whatever the client sends', async () => {
    const lies = { delivery_cost: 0, deliveryCost: 0, 'p[685_delivery_cost]': 0, 'p[726_delivery_cost]': 0, 'p[421_free_delivery_from]': 1, total: 1 };
    const inZone = await charged({ [shop.offers.mid]: 4 }, { client_coords: SECOND_ZONE, ...lies });
    expect(inZone).toMatchObject({ totalPrice: 1200, deliveryCost: 350, total: 1550, placeId: shop.places.second });
    const shopTerms = await charged({ [shop.offers.mid]: 4 }, { client_coords: INSIDE, ...lies });
    expect(shopTerms).toMatchObject({ totalPrice: 1200, deliveryCost: 200, total: 1400, placeId: shop.places.main });
  });

  it('delivers free from the zone’s own sum (not the shop’s 3000)', async () => {
    expect(await charged({ [shop.offers.big]: 4 }, { client_coords: SECOND_ZONE })).toMatchObject({ totalPrice: 4000, deliveryCost: 350, total: 4350 });
    expect(await charged({ [shop.offers.big]: 5 }, { client_coords: SECOND_ZONE })).toMatchObject({ totalPrice: 5000, deliveryCost: 0, total: 5000 });
    expect(await charged({ [shop.offers.big]: 3 }, { client_coords: INSIDE })).toMatchObject({ totalPrice: 3000, deliveryCost: 0 });
  });

  it('refuses an order below the zone’s minimum with zone_min_sum and stores nothing; the same order is taken elsewhere and for pickup', async () => {
    const before = await snapshot(server.db, TABLES);
    const r = await order(orderForm({ [shop.offers.mid]: 3 }, { client_coords: SECOND_ZONE }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'zone_min_sum', params: { sum: '1000' } });
    expect(await snapshot(server.db, TABLES)).toBe(before);
    expect(await charged({ [shop.offers.mid]: 3 }, { client_coords: INSIDE })).toMatchObject({ totalPrice: 900, deliveryCost: 200 });
    const pickup = await charged({ [shop.offers.mid]: 3 }, { client_receiving: 'pickup', 'p[751_delivery]': 0, client_address: '', client_coords: '', 'p[674_place_id]': shop.places.second });
    expect(pickup).toMatchObject({ receiving: 'pickup', totalPrice: 900, deliveryCost: 0, total: 900 });
  });

  it('cleared terms fall back to the shop’s', async () => {
    const r = await rest(server, 'PUT', `/places/${shop.places.second}`, { token: owner, json: { delivery_cost: null, free_delivery_from: null, min_sum: null, delivery_time: null } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await charged({ [shop.offers.mid]: 3 }, { client_coords: SECOND_ZONE })).toMatchObject({ totalPrice: 900, deliveryCost: 200, total: 1100 });
    await rest(server, 'PUT', `/places/${shop.places.second}`, { token: owner, json: { delivery_cost: 350, free_delivery_from: 5000, min_sum: 1000, delivery_time: '60–90 мин' } });
  });
});
