import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, startSignedIn, type Auth, type TestServer } from './helpers';
import { allDay, OUTSIDE, rest } from './checkoutFixtures';

let server: TestServer, owner: Auth, customer: Auth;
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn({ demo: true }));
});
afterAll(() => server?.close());

const zone: [number, number][] = [
  [55.7, 37.55],
  [55.7, 37.7],
  [55.8, 37.7],
  [55.8, 37.55],
];

describe('REST protocol', () => {
  it('lists with sort, range and Content-Range', async () => {
    const r = await rest(server, 'GET', '/places', { query: { sort: ['name', 'ASC'], range: [0, 24], filter: {} } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers['content-range']).toBe('places 0-1/2');
    expect(r.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(r.body.map((p: { name: string }) => p.name)).toEqual(['Васильевский остров', 'Петроградская']);
    const desc = await rest(server, 'GET', '/places', { query: { sort: ['name', 'DESC'], range: [1, 1] } });
    expect(desc.headers['content-range']).toBe('places 1-1/2');
    expect(desc.body.map((p: { name: string }) => p.name)).toEqual(['Васильевский остров']);
    const none = await rest(server, 'GET', '/places', { query: { range: [10, 19] } });
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('places */2');
  });

  it('answers getMany (filter by ids) and a text filter', async () => {
    const all = (await rest(server, 'GET', '/places')).body as { id: number; name: string }[];
    const many = await rest(server, 'GET', '/places', { query: { filter: { id: [all[1].id] } } });
    expect(many.body.map((p: { id: number }) => p.id)).toEqual([all[1].id]);
    const q = await rest(server, 'GET', '/places', { query: { filter: { q: 'петро' } } });
    expect(q.body.map((p: { name: string }) => p.name)).toEqual(['Петроградская']);
  });

  it('refuses malformed list parameters with a 400', async () => {
    for (const query of [{ sort: 'name' }, { sort: ['secret', 'ASC'] }, { sort: ['name', 'UP'] }, { range: [5, 1] }, { range: 'x' }, { filter: '[1]' }, { filter: { id: ['x'] } }]) {
      const r = await rest(server, 'GET', '/places', { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.error.code).toBe('invalid_input');
    }
    expect((await rest(server, 'GET', '/places', { query: { filter: '{oops' } })).status).toBe(400);
  });

  it('gives errors in the protocol’s body, with the message on top for react-admin', async () => {
    const r = await rest(server, 'POST', '/places', { json: { name: 'X' } });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: { code: 'token_error' }, token: 'error', message: 'token error' });
    const forged = await rest(server, 'GET', '/promo_codes', { token: 'forged' });
    expect(forged.status).toBe(401);
    expect((await rest(server, 'GET', '/places/999999')).status).toBe(404);
    expect((await rest(server, 'GET', '/places/abc')).status).toBe(404);
    expect((await rest(server, 'GET', '/nosuch')).status).toBe(404);
  });
});

describe('/rest/places', () => {
  it('lets the owner create, update and delete a place with its zone, schedule and colour', async () => {
    const week = allDay();
    week.sunday = { from: '12:00', to: '18:00', isWeekend: true };
    const created = await rest(server, 'POST', '/places', {
      token: owner,
      json: { name: 'Москва', city: 'Москва', country: 'Россия', address: 'Тверская, 1', latitude: '55.757', longitude: '37.615', coords: zone, week, color: '255,0,0,0.5', sort: 5 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({ id, name: 'Москва', coords: zone, week, color: '255,0,0,0.5', sort: 5, address: 'Тверская, 1' });
    expect((await server.get(`/api?api=geo_check&ll=${OUTSIDE}`)).body).toEqual({ geo: '1' });

    const updated = await rest(server, 'PUT', `/places/${id}`, { token: owner, json: { id, name: 'Москва-центр' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Москва-центр', coords: zone, city: 'Москва', sort: 5 });
    expect((await rest(server, 'GET', `/places/${id}`)).body.name).toBe('Москва-центр');

    const cleared = await rest(server, 'PUT', `/places/${id}`, { token: owner, json: { coords: [] } });
    expect(cleared.body.coords).toEqual([]);
    expect((await server.get(`/api?api=geo_check&ll=${OUTSIDE}`)).body).toEqual({ geo: '0' });

    const deleted = await rest(server, 'DELETE', `/places/${id}`, { token: owner, body: Buffer.from(''), contentType: 'text/plain' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(id);
    expect((await rest(server, 'GET', `/places/${id}`)).status).toBe(404);
    expect((await rest(server, 'DELETE', `/places/${id}`, { token: owner })).status).toBe(404);
  });

  it('validates through the place schema and stores nothing on a refusal', async () => {
    const before = await snapshot(server.db, ['places']);
    const bad: [unknown, number, string][] = [
      [{ city: 'Без имени' }, 400, 'required_fields_error'],
      [{ name: 'A', coords: [[1, 2], [3, 4]] }, 400, 'invalid_input'],
      [{ name: 'A', coords: [[100, 2], [3, 4], [5, 6]] }, 400, 'invalid_input'],
      [{ name: 'A', coords: 'nonsense' }, 400, 'invalid_input'],
      [{ name: 'A', week: { ...allDay(), monday: { from: '25:00', to: '10:00', isWeekend: false } } }, 400, 'invalid_input'],
      [{ name: 'A', week: { monday: { from: '10:00', to: '12:00', isWeekend: false } } }, 400, 'required_fields_error'],
      [{ name: 'A', color: 'red' }, 400, 'invalid_input'],
      [{ name: 'A', sort: 'first' }, 400, 'invalid_input'],
      [{ name: 'x'.repeat(201) }, 400, 'invalid_input'],
    ];
    for (const [json, status, code] of bad) {
      const r = await rest(server, 'POST', '/places', { token: owner, json });
      expect(r.status, JSON.stringify(json)).toBe(status);
      expect(r.body.error.code).toBe(code);
    }
    const place = (await rest(server, 'GET', '/places')).body[0];
    const blank = await rest(server, 'PUT', `/places/${place.id}`, { token: owner, json: { name: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe('required_fields_error');
    expect(await snapshot(server.db, ['places'])).toBe(before);
  });

  it('lets only the owner write', async () => {
    const place = (await rest(server, 'GET', '/places')).body[0];
    expect((await rest(server, 'POST', '/places', { token: customer, json: { name: 'X' } })).status).toBe(403);
    expect((await rest(server, 'PUT', `/places/${place.id}`, { token: customer, json: { name: 'X' } })).status).toBe(403);
    expect((await rest(server, 'DELETE', `/places/${place.id}`, { token: customer })).status).toBe(403);
    expect((await rest(server, 'DELETE', `/places/${place.id}`)).status).toBe(401);
  });

  it('keeps each shop’s places to itself', async () => {
    await server.addStore({ name: 'Другой магазин', domain: 'other.test', ownerPhone: '+79997770000' });
    const otherOwner = await server.signIn('+79997770000', { host: 'other.test' });
    const mine = (await rest(server, 'GET', '/places')).body[0];
    expect((await rest(server, 'GET', '/places', { host: 'other.test' })).body).toEqual([]);
    expect((await rest(server, 'GET', `/places/${mine.id}`, { host: 'other.test' })).status).toBe(404);
    expect((await rest(server, 'PUT', `/places/${mine.id}`, { host: 'other.test', token: otherOwner, json: { name: 'Захват' } })).status).toBe(404);
    // A token of one shop is no token in another.
    expect((await rest(server, 'POST', '/places', { host: 'other.test', token: owner, json: { name: 'X' } })).status).toBe(401);
    const own = await rest(server, 'POST', '/places', { host: 'other.test', token: otherOwner, json: { name: 'Своя точка' } });
    expect(own.status).toBe(201);
    expect((await rest(server, 'GET', '/places')).body.map((p: { name: string }) => p.name)).not.toContain('Своя точка');
  });
});

describe('/rest/promo_codes', () => {
  it('shows the codes to the owner only, with their use count', async () => {
    expect((await rest(server, 'GET', '/promo_codes')).status).toBe(401);
    expect((await rest(server, 'GET', '/promo_codes', { token: customer })).status).toBe(403);
    const r = await rest(server, 'GET', '/promo_codes', { token: owner, query: { sort: ['code', 'ASC'], range: [0, 9] } });
    expect(r.status).toBe(200);
    expect(r.headers['content-range']).toBe('promo_codes 0-3/4');
    expect(r.body.map((p: { code: string }) => p.code)).toEqual(['FRIEND5', 'HALF50', 'SALE20', 'WELCOME5']);
    expect(r.body.find((p: { code: string }) => p.code === 'WELCOME5')).toMatchObject({ discount: 5, isOnceOnly: '1', isUsed: '0', count: 0, condition: 0 });
    expect(r.body.find((p: { code: string }) => p.code === 'FRIEND5')).toMatchObject({ condition: 1000, isOnceOnly: '0' });
  });

  it('creates a code uppercased, keeps the count read-only and refuses a duplicate', async () => {
    const created = await rest(server, 'POST', '/promo_codes', {
      token: owner,
      json: { name: 'Весна', code: 'spring10', discount: 10, isOnceOnly: true, dateFrom: '2026-03-01', dateTo: '2026-05-31', condition: 700, count: 99, isUsed: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ code: 'SPRING10', discount: 10, isOnceOnly: '1', dateFrom: '2026-03-01', dateTo: '2026-05-31', condition: 700, count: 0, isUsed: '0' });
    const dup = await rest(server, 'POST', '/promo_codes', { token: owner, json: { name: 'Ещё', code: 'SPRING10', discount: 5 } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('conflict');
    await server.db.updateTable('promo_codes').set({ used_count: 1 }).where('id', '=', created.body.id).execute();
    const used = await rest(server, 'GET', `/promo_codes/${created.body.id}`, { token: owner });
    expect(used.body).toMatchObject({ count: 1, isUsed: '1' });
    const edited = await rest(server, 'PUT', `/promo_codes/${created.body.id}`, { token: owner, json: { ...used.body, discount: 15, count: 0 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ discount: 15, count: 1, code: 'SPRING10' });
    expect((await rest(server, 'DELETE', `/promo_codes/${created.body.id}`, { token: owner })).status).toBe(200);
    expect((await rest(server, 'GET', `/promo_codes/${created.body.id}`, { token: owner })).status).toBe(404);
  });

  it('validates code, discount and the date window', async () => {
    const before = await snapshot(server.db, ['promo_codes']);
    const bad: [unknown, string][] = [
      [{ name: 'A', code: 'WITH SPACE', discount: 5 }, 'invalid_input'],
      [{ name: 'A', code: 'BAD-CODE!', discount: 5 }, 'invalid_input'],
      [{ name: 'A', code: 'X'.repeat(55), discount: 5 }, 'invalid_input'],
      [{ name: 'A', code: 'OK1', discount: 101 }, 'invalid_input'],
      [{ name: 'A', code: 'OK1', discount: -1 }, 'invalid_input'],
      [{ name: 'A', code: 'OK1', discount: 'lots' }, 'invalid_input'],
      [{ name: 'A', code: 'OK1', discount: 5, dateFrom: '2026-05-01', dateTo: '2026-04-01' }, 'invalid_input'],
      [{ name: 'A', code: 'OK1', discount: 5, dateFrom: 'tomorrow' }, 'invalid_input'],
      [{ name: 'A', code: 'OK1', discount: 5, condition: -10 }, 'invalid_input'],
      [{ name: 'A', discount: 5 }, 'required_fields_error'],
      [{ code: 'OK1', discount: 5 }, 'required_fields_error'],
    ];
    for (const [json, code] of bad) {
      const r = await rest(server, 'POST', '/promo_codes', { token: owner, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error.code, JSON.stringify(json)).toBe(code);
    }
    expect((await rest(server, 'POST', '/promo_codes', { token: owner, json: { name: 'A', code: 'X'.repeat(54), discount: 5 } })).status).toBe(201);
    expect(await snapshot(server.db, ['promo_codes'])).not.toBe(before);
  });

  it('the demo codes answer api=promo', async () => {
    expect((await server.api('promo', { code: 'SALE20' })).body.promo).toMatchObject({ status: 'proved', discount: 20 });
    expect((await server.api('promo', { code: 'FRIEND5', total: 999 })).body.promo).toMatchObject({ status: 'error', reason: 'min_sum' });
    expect((await server.api('promo', { code: 'FRIEND5', total: 1000 })).body.promo).toMatchObject({ status: 'proved', discount: 5 });
    expect((await server.api('promo', { code: 'HALF50', total: 5000 })).body.promo).toMatchObject({ status: 'proved', discount: 50 });
    expect((await server.api('promo', { code: 'WELCOME5' })).body.promo).toMatchObject({ status: 'proved', discount: 5 });
  });
});

describe('/rest/ingredients and /rest/item_ingredients', () => {
  it('lists the demo ingredients to the owner only (cost prices) and lets the owner edit them', async () => {
    expect((await rest(server, 'GET', '/ingredients')).status).toBe(401);
    expect((await rest(server, 'GET', '/ingredients', { token: customer })).status).toBe(403);
    expect((await rest(server, 'GET', '/item_ingredients', { query: { filter: { offerId: '1001' } } })).status).toBe(401);
    expect((await rest(server, 'GET', '/item_ingredients', { token: customer, query: { filter: { offerId: '1001' } } })).status).toBe(403);
    const r = await rest(server, 'GET', '/ingredients', { token: owner, query: { sort: ['name', 'ASC'], range: [0, 24] } });
    expect(r.headers['content-range']).toBe('ingredients 0-2/3');
    expect(r.body.map((i: { name: string }) => i.name)).toEqual(['Закладка для книги', 'Защитная плёнка', 'Подарочная упаковка']);
    expect(r.body[2]).toMatchObject({ quantity: 0.2, price: 150 });
    const created = await rest(server, 'POST', '/ingredients', { token: owner, json: { name: 'Ленточка', quantity: '0,05', price: 30 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ленточка', quantity: 0.05, price: 30 });
    expect((await rest(server, 'POST', '/ingredients', { token: owner, json: { name: 'Без цены', quantity: 1 } })).status).toBe(400);
    expect((await rest(server, 'POST', '/ingredients', { token: owner, json: { name: 'Минус', quantity: -1, price: 1 } })).status).toBe(400);
    expect((await rest(server, 'POST', '/ingredients', { token: customer, json: { name: 'X', quantity: 1, price: 1 } })).status).toBe(403);
    const edited = await rest(server, 'PUT', `/ingredients/${created.body.id}`, { token: owner, json: { price: 35 } });
    expect(edited.body).toMatchObject({ name: 'Ленточка', price: 35 });
  });

  it('ties ingredients to an item, filtered by offerId', async () => {
    const ings = (await rest(server, 'GET', '/ingredients', { token: owner, query: { sort: ['name', 'ASC'] } })).body as { id: number; name: string; price: number }[];
    const wrap = ings.find((i) => i.name === 'Подарочная упаковка')!;
    const film = ings.find((i) => i.name === 'Защитная плёнка')!;
    const a = await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: '1001', ingredientId: wrap.id, quantity: 1 } });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ offerId: '1001', ingredientId: wrap.id, quantity: 1, name: 'Подарочная упаковка', price: 150 });
    await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: '1001', ingredientId: film.id, quantity: 2 } });
    await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: '2101', ingredientId: wrap.id, quantity: 1 } });
    const list = await rest(server, 'GET', '/item_ingredients', { token: owner, query: { filter: { offerId: '1001' }, sort: ['id', 'ASC'], range: [0, 24] } });
    expect(list.headers['content-range']).toBe('item_ingredients 0-1/2');
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Подарочная упаковка', 'Защитная плёнка']);

    expect((await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: '1001', ingredientId: wrap.id, quantity: 3 } })).status).toBe(409);
    const unknownOffer = await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: 'nope', ingredientId: wrap.id, quantity: 1 } });
    expect(unknownOffer.status).toBe(400);
    expect(unknownOffer.body.error.fields[0].field).toBe('offerId');
    expect((await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: '1001', ingredientId: 999999, quantity: 1 } })).status).toBe(400);
    expect((await rest(server, 'POST', '/item_ingredients', { token: owner, json: { offerId: '1001', quantity: 1 } })).status).toBe(400);

    const changed = await rest(server, 'PUT', `/item_ingredients/${a.body.id}`, { token: owner, json: { quantity: 4 } });
    expect(changed.body).toMatchObject({ quantity: 4, offerId: '1001' });
    // Deleting an ingredient takes it off every item.
    expect((await rest(server, 'DELETE', `/ingredients/${wrap.id}`, { token: owner })).status).toBe(200);
    const after = await rest(server, 'GET', '/item_ingredients', { token: owner, query: { filter: { offerId: '1001' } } });
    expect(after.body.map((x: { name: string }) => x.name)).toEqual(['Защитная плёнка']);
    expect((await rest(server, 'GET', '/item_ingredients', { token: owner, query: { filter: { offerId: '2101' } } })).body).toEqual([]);
  });
});
