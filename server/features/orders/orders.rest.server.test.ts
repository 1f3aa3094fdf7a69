import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUploads, pngImage, snapshot, startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { multipart, newDevice, orderForm, rest, SECOND_ZONE, setupShop, type Shop } from '../../test/checkoutFixtures';
import { keepPending, pendingDir } from '../questions/attachments';

let server: TestServer, owner: Auth, customer: Auth;
let shop: Shop;
const device = newDevice();
let anonymousOrder: number;
let customerOrder: number;
let secondPlaceOrder: number;

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  shop = await setupShop(server, owner);
  const place = async (form: Record<string, unknown>, token?: Auth) => {
    const r = await server.api('orders', form as Record<string, string>, { token });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.orders[0] as number;
  };
  anonymousOrder = await place(orderForm({ [shop.offers.mid]: 2 }, { device_id: device }));
  customerOrder = await place(orderForm({ [shop.offers.big]: 1 }), customer);
  secondPlaceOrder = await place(orderForm({ [shop.offers.big]: 2 }, { client_coords: SECOND_ZONE, client_payment: 'card' }));
});
afterAll(() => server?.close());

describe('/rest/orders', () => {
  it('lists the store’s orders to the owner only', async () => {
    expect((await rest(server, 'GET', '/orders')).status).toBe(401);
    expect((await rest(server, 'GET', '/orders', { token: customer })).status).toBe(403);
    const r = await rest(server, 'GET', '/orders', { token: owner, query: { sort: ['id', 'DESC'], range: [0, 1], filter: {} } });
    expect(r.status).toBe(200);
    expect(r.headers['content-range']).toBe('orders 0-1/3');
    expect(r.body.map((o: { id: number }) => o.id)).toEqual([secondPlaceOrder, customerOrder]);
    expect(r.body[0]).toMatchObject({ id: secondPlaceOrder, status: 'new', placeId: shop.places.second, totalPrice: 2000, deliveryCost: 200, total: 2200, payment: 'ELECTRON' });
  });

  it('filters by date, status, place and number or phone', async () => {
    const date = (await server.db.selectFrom('orders').select('date').where('number', '=', anonymousOrder).executeTakeFirstOrThrow()).date;
    const ids = async (filter: Record<string, unknown>) =>
      (await rest(server, 'GET', '/orders', { token: owner, query: { filter, sort: ['id', 'ASC'] } })).body.map((o: { id: number }) => o.id);
    expect(await ids({ date })).toEqual([anonymousOrder, customerOrder, secondPlaceOrder]);
    expect(await ids({ date: '2001-01-01' })).toEqual([]);
    expect(await ids({ placeId: shop.places.second })).toEqual([secondPlaceOrder]);
    expect(await ids({ placeId: shop.places.main, date })).toEqual([anonymousOrder, customerOrder]);
    expect(await ids({ status: 'new' })).toHaveLength(3);
    expect(await ids({ status: ['done', 'cancelled'] })).toEqual([]);
    expect(await ids({ q: String(customerOrder) })).toEqual([customerOrder]);
    expect(await ids({ q: '999 123-45-67' })).toEqual([anonymousOrder, customerOrder, secondPlaceOrder]);
    expect(await ids({ id: [customerOrder, anonymousOrder] })).toEqual([anonymousOrder, customerOrder]);
    for (const filter of [{ date: 'today' }, { status: 'lost' }, { placeId: 'x' }]) {
      expect((await rest(server, 'GET', '/orders', { token: owner, query: { filter } })).status, JSON.stringify(filter)).toBe(400);
    }
  });

  it('shows one order with its client block and lines', async () => {
    const r = await rest(server, 'GET', `/orders/${customerOrder}`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: customerOrder, userId: Number(customer.user_id), clientName: 'Анна', products: [expect.objectContaining({ id: shop.offers.big, quantity: 1, price: 1000 })] });
    expect((await rest(server, 'GET', `/orders/${customerOrder}`, { token: customer })).status).toBe(403);
    expect((await rest(server, 'GET', '/orders/99999999', { token: owner })).status).toBe(404);
  });

  it('changes the status and tells the customer, signed in or on their device', async () => {
    const deviceSeq = Number((await server.api('inner_push', { device_id: device })).body.seq);
    const customerSeq = Number((await server.api('inner_push', {}, { token: customer })).body.seq);

    const r = await rest(server, 'PUT', `/orders/${anonymousOrder}`, { token: owner, json: { id: anonymousOrder, status: 'accepted', clientName: 'ignored' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'accepted', clientName: 'Анна' });
    const pushed = await server.api('inner_push', { seq: deviceSeq, device_id: device });
    expect(pushed.body.inner_push).toEqual([expect.objectContaining({ header: `Заказ №${anonymousOrder}`, desc: 'Статус заказа: Принят', from_id: owner.user_id })]);
    expect((await server.api('orders', { orderId: anonymousOrder, device_id: device })).body.orders[0].status).toBe('accepted');

    await rest(server, 'PUT', `/orders/${customerOrder}`, { token: owner, json: { status: 'delivering' } });
    const mine = await server.api('inner_push', { seq: customerSeq }, { token: customer });
    expect(mine.body.inner_push.map((n: { desc: string }) => n.desc)).toEqual(['Статус заказа: Передан курьеру']);
    // The same status again tells nobody anything new.
    await rest(server, 'PUT', `/orders/${customerOrder}`, { token: owner, json: { status: 'delivering' } });
    expect((await server.api('inner_push', { seq: customerSeq }, { token: customer })).body.inner_push).toHaveLength(1);
    // Another device hears nothing.
    expect((await server.api('inner_push', { seq: 0, device_id: newDevice() })).body.inner_push).toEqual([]);
  });

  it('moves an order to another place and refuses bad changes', async () => {
    const moved = await rest(server, 'PUT', `/orders/${secondPlaceOrder}`, { token: owner, json: { placeId: shop.places.main } });
    expect(moved.body.placeId).toBe(shop.places.main);
    const before = await snapshot(server.db, ['orders', 'notifications']);
    expect((await rest(server, 'PUT', `/orders/${secondPlaceOrder}`, { token: owner, json: { status: 'lost' } })).status).toBe(400);
    expect((await rest(server, 'PUT', `/orders/${secondPlaceOrder}`, { token: owner, json: { placeId: 999999 } })).status).toBe(400);
    expect((await rest(server, 'PUT', `/orders/${secondPlaceOrder}`, { token: customer, json: { status: 'done' } })).status).toBe(403);
    expect((await rest(server, 'PUT', '/orders/99999999', { token: owner, json: { status: 'done' } })).status).toBe(404);
    expect(await snapshot(server.db, ['orders', 'notifications'])).toBe(before);
    expect((await rest(server, 'POST', '/orders', { token: owner, json: {} })).status).toBe(404);
  });
});

describe('/rest/questions', () => {
  const post = async (fields: Record<string, string>, files: { name: string; data: Buffer; filename: string; type: string }[] = [], token?: Auth) => {
    const { body, contentType } = await multipart(fields, files);
    return rest(server, 'POST', '/questions', { token, body, contentType });
  };

  it('takes a customer’s question with png, gif and jpeg attachments and tells the owner', async () => {
    const ownerSeq = Number((await server.api('inner_push', {}, { token: owner })).body.seq);
    const png = await pngImage(20, 20);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 120, b: 0 } } }).gif().toBuffer();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 200 } } }).jpeg().toBuffer();
    const r = await post(
      { orderId: String(customerOrder), contact: 'anna@example.com', message: 'Когда приедет курьер?' },
      [
        { name: 'images', data: png, filename: 'a.png', type: 'image/png' },
        { name: 'images', data: gif, filename: 'b.gif', type: 'image/gif' },
        { name: 'images', data: jpeg, filename: 'c.bin', type: 'application/octet-stream' },
      ],
      customer,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ orderId: customerOrder, contact: 'anna@example.com', message: 'Когда приедет курьер?', userId: Number(customer.user_id) });
    // The answer comes before the pictures are made (attachments.ts): the owner sees them once they are.
    expect(r.body).toMatchObject({ images: [], imagesPending: 3 });
    await server.services.attachments!.idle();
    const stored = await rest(server, 'GET', `/questions/${r.body.id}`, { token: owner });
    expect(stored.body).toMatchObject({ imagesPending: 0, imagesFailed: 0 });
    expect(stored.body.images).toHaveLength(3);
    for (const img of stored.body.images) expect((await server.get(`/images/${img.img}`)).status).toBe(200);
    expect(fs.readdirSync(pendingDir(server.config.dataDir))).toEqual([]);
    const pushed = await server.api('inner_push', { seq: ownerSeq }, { token: owner });
    expect(pushed.body.inner_push).toEqual([expect.objectContaining({ header: `Вопрос по заказу №${customerOrder}`, desc: 'Когда приедет курьер?' })]);
  });

  it('a picture whose header reads but whose pixels are broken is dropped and counted; the question stays; one a stopped process left is made by another', async () => {
    const raw = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    const whole = await sharp(raw, { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const r = await post(
      { orderId: String(customerOrder), contact: 'anna@example.com', message: 'Вот чек' },
      [
        { name: 'images', data: whole, filename: 'ok.png', type: 'image/png' },
        { name: 'images', data: cut, filename: 'cut.png', type: 'image/png' },
      ],
      customer,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await server.services.attachments!.idle();
    const stored = await rest(server, 'GET', `/questions/${r.body.id}`, { token: owner });
    expect(stored.body).toMatchObject({ message: 'Вот чек', imagesPending: 0, imagesFailed: 1 });
    expect(stored.body.images).toHaveLength(1);

    // A process stopped while it made a question's pictures: its lease runs out and another makes them.
    const [name] = await keepPending(server.config.dataDir, [whole]);
    const row = await server.db.selectFrom('questions').select('data').where('id', '=', r.body.id).executeTakeFirstOrThrow();
    const left = { ...JSON.parse(row.data), images: [], pending: [name] };
    await server.db
      .updateTable('questions')
      .set({ data: JSON.stringify(left), pending: 1, pending_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', r.body.id)
      .execute();
    server.services.attachments!.kick();
    await server.services.attachments!.idle();
    const made = await rest(server, 'GET', `/questions/${r.body.id}`, { token: owner });
    expect(made.body).toMatchObject({ imagesPending: 0 });
    expect(made.body.images).toHaveLength(1);
    expect(fs.readdirSync(pendingDir(server.config.dataDir))).toEqual([]);
  });

  it('takes a question on an anonymous order from its device, as JSON too', async () => {
    const r = await rest(server, 'POST', '/questions', { json: { orderId: anonymousOrder, contact: '+79991234567', message: 'Можно без звонка?', device_id: device } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.images).toEqual([]);
    const viaForm = await post({ orderId: String(anonymousOrder), contact: '+79991234567', message: 'И ещё', device_id: device });
    expect(viaForm.status).toBe(201);
  });

  it('refuses another’s order, missing fields and files that are not png/gif/jpeg, storing nothing', async () => {
    const before = await snapshot(server.db, ['questions', 'notifications']);
    const uploads = listUploads(server);
    const fields = { orderId: String(customerOrder), contact: 'x@example.com', message: 'Вопрос' };
    const other = await server.signIn('+79995550002');
    expect((await post(fields, [], other)).status).toBe(404);
    expect((await post(fields)).status).toBe(404);
    expect((await post({ ...fields, device_id: device })).status).toBe(404);
    expect((await post({ orderId: String(anonymousOrder), contact: 'x', message: 'y', device_id: newDevice() })).status).toBe(404);
    const missing = await post({ orderId: String(customerOrder), contact: '', message: '' }, [], customer);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('required_fields_error');
    expect(missing.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['contact', 'message']);
    const fake = await post(fields, [{ name: 'images', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'evil.png', type: 'image/png' }], customer);
    expect(fake.status).toBe(400);
    expect(fake.body.error.code).toBe('unsupported_file');
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).webp().toBuffer();
    const good = await pngImage(8, 8);
    const mixed = await post(fields, [
      { name: 'images', data: good, filename: 'ok.png', type: 'image/png' },
      { name: 'images', data: webp, filename: 'x.webp', type: 'image/webp' },
    ], customer);
    expect(mixed.status).toBe(400);
    expect((await post({ ...fields, orderId: 'abc' }, [], customer)).status).toBe(400);
    expect((await post(fields, [], { ...customer, token: 'bad' })).status).toBe(401);
    expect(await snapshot(server.db, ['questions', 'notifications'])).toBe(before);
    expect(listUploads(server)).toEqual(uploads);
  });

  it('lists questions to the owner only, by order', async () => {
    expect((await rest(server, 'GET', '/questions', { token: customer })).status).toBe(403);
    const all = await rest(server, 'GET', '/questions', { token: owner, query: { sort: ['id', 'ASC'], range: [0, 9] } });
    expect(all.headers['content-range']).toBe('questions 0-3/4');
    const byOrder = await rest(server, 'GET', '/questions', { token: owner, query: { filter: { orderId: anonymousOrder } } });
    expect(byOrder.body.map((q: { message: string }) => q.message).sort()).toEqual(['И ещё', 'Можно без звонка?']);
    const one = await rest(server, 'GET', `/questions/${all.body[0].id}`, { token: owner });
    expect(one.body.contact).toBe('anna@example.com');
    expect((await rest(server, 'DELETE', `/questions/${all.body[0].id}`, { token: owner })).status).toBe(200);
    expect((await rest(server, 'GET', `/questions/${all.body[0].id}`, { token: owner })).status).toBe(404);
  });

  it('a question the owner deletes before its pictures are made leaves no files behind', async () => {
    // This process's worker stops: the question's picture stays waiting, as on a busy server.
    server.services.attachments!.stop();
    const r = await post({ orderId: String(customerOrder), contact: 'anna@example.com', message: 'Ещё фото' }, [{ name: 'images', data: await pngImage(12, 12), filename: 'a.png', type: 'image/png' }], customer);
    expect(r.body).toMatchObject({ imagesPending: 1 });
    expect(fs.readdirSync(pendingDir(server.config.dataDir))).toHaveLength(1);
    expect((await rest(server, 'DELETE', `/questions/${r.body.id}`, { token: owner })).status).toBe(200);
    expect(fs.readdirSync(pendingDir(server.config.dataDir))).toEqual([]);
  });
});

describe('/rest/subscriptions', () => {
  it('lets anyone subscribe and the owner list them', async () => {
    const r = await rest(server, 'POST', '/subscriptions', { json: { name: 'Анна', email: 'Anna@Example.com' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: 'Анна', email: 'anna@example.com' });
    const again = await rest(server, 'POST', '/subscriptions', { json: { name: 'Анна П.', email: 'anna@example.com' } });
    expect(again.body).toMatchObject({ id: r.body.id, name: 'Анна П.' });
    const form = await multipart({ name: 'Борис', email: 'boris@example.com' });
    expect((await rest(server, 'POST', '/subscriptions', { body: form.body, contentType: form.contentType })).status).toBe(201);
    const urlencoded = Buffer.from(new URLSearchParams({ name: 'Вера', email: 'vera@example.com' }).toString());
    expect((await rest(server, 'POST', '/subscriptions', { body: urlencoded, contentType: 'application/x-www-form-urlencoded', token: 'stale' })).status).toBe(201);

    expect((await rest(server, 'GET', '/subscriptions')).status).toBe(401);
    expect((await rest(server, 'GET', '/subscriptions', { token: customer })).status).toBe(403);
    const list = await rest(server, 'GET', '/subscriptions', { token: owner, query: { sort: ['email', 'ASC'], range: [0, 9] } });
    expect(list.headers['content-range']).toBe('subscriptions 0-2/3');
    expect(list.body.map((s: { email: string }) => s.email)).toEqual(['anna@example.com', 'boris@example.com', 'vera@example.com']);
    const found = await rest(server, 'GET', '/subscriptions', { token: owner, query: { filter: { q: 'BOR' } } });
    expect(found.body.map((s: { name: string }) => s.name)).toEqual(['Борис']);
    expect((await rest(server, 'DELETE', `/subscriptions/${r.body.id}`, { token: owner })).body.email).toBe('anna@example.com');
    expect((await rest(server, 'DELETE', `/subscriptions/${r.body.id}`, { token: owner })).status).toBe(404);
  });

  it('says “The field must be filled” for an empty field and refuses a bad email', async () => {
    const before = await snapshot(server.db, ['subscriptions']);
    for (const json of [{ name: '', email: 'a@b.c' }, { name: 'A', email: ' ' }, {}]) {
      const r = await rest(server, 'POST', '/subscriptions', { json });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'required_fields_error', message: 'The field must be filled' });
    }
    const bad = await rest(server, 'POST', '/subscriptions', { json: { name: 'A', email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_input', message: 'Enter valid e-mail' });
    expect(await snapshot(server.db, ['subscriptions'])).toBe(before);
  });
});
