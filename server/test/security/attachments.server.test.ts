/**
 * Issue 34: question attachments. On 20401c2 any customer with an order could attach 10 pictures to each of
 * 30 questions a minute, each decoded and encoded anew (10-26 s of CPU for a large one), without end. Now
 * each order and each shop has a daily budget of attachments (config.attachmentLimits); past it the question
 * is refused with 429 `too_many_attachments` before any work, and nothing is stored or counted. The pictures
 * within budget are made after the answer, one at a time per process (features/questions/attachments.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../errors';
import { dropPending, keepPending, pendingDir, PENDING_ORPHAN_MS, sweepPending } from '../../features/questions/attachments';
import { CUSTOMER_PHONE, listUploads, pngImage, snapshot, type Auth, type TestServer } from '../helpers';
import { multipart, newDevice, orderForm, rest, type Shop } from '../checkoutFixtures';
import { startCheckoutShop } from '../checkoutShop';

let server: TestServer;
let customer: Auth;
let owner: Auth;
let shop: Shop;

beforeAll(async () => {
  ({ server, owner, customer, shop } = await startCheckoutShop({ config: { attachmentLimits: { order: 12, shop: 20 } } }));
});
afterAll(() => server?.close());

const placeOrder = async () => {
  const r = await server.api('orders', { ...orderForm({ [shop.offers.big]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: newDevice() }, { token: customer });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.orders[0]);
};
/** A question about the order with `n` distinct small pictures. */
let colour = 0;
const ask = async (orderId: number, n: number) => {
  const files = [];
  for (let i = 0; i < n; i++) files.push({ name: 'images', data: await pngImage(8, 8, { r: colour % 256, g: Math.floor(colour++ / 256), b: 7 }), filename: `p${i}.png`, type: 'image/png' });
  const { body, contentType } = await multipart({ orderId: String(orderId), contact: CUSTOMER_PHONE, message: 'Вот фото' }, files);
  return rest(server, 'POST', '/questions', { token: customer, body, contentType });
};

describe('question attachments have a daily budget (issue 34)', () => {
  it('a large picture is made after the answer: the customer does not wait for its encoding', async () => {
    const width = 2400;
    const height = 1800;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const { body, contentType } = await multipart({ orderId: String(await placeOrder()), contact: CUSTOMER_PHONE, message: 'Большое фото' }, [
      { name: 'images', data: photo, filename: 'big.jpg', type: 'image/jpeg' },
    ]);
    const started = performance.now();
    const r = await rest(server, 'POST', '/questions', { token: customer, body, contentType });
    const answered = performance.now() - started;
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ images: [], imagesPending: 1 });
    await server.services.attachments!.idle();
    const made = performance.now() - started;
    expect((await rest(server, 'GET', `/questions/${r.body.id}`, { token: owner.token })).body.images).toHaveLength(1);
    console.log(
      `attachments: a ${width}x${height} photo of ${(photo.length / 1024 / 1024).toFixed(1)} MB: answered in ${answered.toFixed(0)} ms, its picture made ${(made - answered).toFixed(0)} ms later [${server.label}]`,
    );
  });

  it('an order takes its budget, then a question with pictures is refused before any work; one without still goes', async () => {
    const order = await placeOrder();
    expect((await ask(order, 10)).status).toBe(201);
    // Its pictures are made after the answer (attachments.ts): let them be, so that the refusal is all that is compared.
    await server.services.attachments!.idle();
    const before = await snapshot(server.db, ['questions']);
    const files = listUploads(server);
    const over = await ask(order, 3);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'too_many_attachments', message: errorText('too_many_attachments') });
    expect(await snapshot(server.db, ['questions'])).toBe(before);
    expect(listUploads(server)).toEqual(files);
    // What is left of the budget (2) still goes, and a question without pictures always does.
    expect((await ask(order, 2)).status).toBe(201);
    expect((await ask(order, 1)).status).toBe(429);
    expect((await ask(order, 0)).status).toBe(201);
  });

  it('the shop’s budget holds across orders: a flood over many orders stops at it', async () => {
    // 12 taken above; the shop's 20 leave 8 for every other order of the day.
    const tally: Record<string, number> = {};
    let stored = 0;
    for (let i = 0; i < 4; i++) {
      const r = await ask(await placeOrder(), 3);
      tally[r.status] = (tally[r.status] ?? 0) + 1;
      if (r.status === 201) stored += 3;
    }
    console.log(`attachments: 4 orders x 3 pictures against a shop budget of 20 (12 used): ${JSON.stringify(tally)}, ${stored} stored [${server.label}]`);
    expect(tally).toEqual({ 201: 2, 429: 2 });
  });

  it('files a stopped process left in the pending folder go after a day; a waiting question keeps its own', async () => {
    const dir = pendingDir(server.config.dataDir);
    const [orphan, young, waiting] = await keepPending(server.config.dataDir, [Buffer.from('a'), Buffer.from('b'), Buffer.from('c')]);
    const dayAgo = new Date(Date.now() - PENDING_ORPHAN_MS - 60_000);
    for (const name of [orphan, waiting]) fs.utimesSync(path.join(dir, name), dayAgo, dayAgo);
    // A question whose pictures another process is making (a live lease): its file stays however old.
    const q = await server.db
      .insertInto('questions')
      .values({ store_id: server.storeId, order_id: await placeOrder(), user_id: null, device_id: null, created_at: new Date().toISOString(), data: JSON.stringify({ contact: CUSTOMER_PHONE, message: 'ждёт', images: [], pending: [waiting] }), pending: 1, pending_at: new Date(Date.now() + 3_600_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await sweepPending(server.services)).toBe(1);
    expect(fs.readdirSync(dir).filter((n) => [orphan, young, waiting].includes(n)).sort()).toEqual([young, waiting].sort());
    await server.db.deleteFrom('questions').where('id', '=', q.id).execute();
    await dropPending(server.config.dataDir, [young, waiting]);
  });
});
