import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, listUploads, pngImage, snapshot, startSignedIn, type Auth, type TestServer } from '../../test/helpers';

let server: TestServer, owner: Auth, customer: Auth;
let cat: string;
let sub: string;
let other: string;
let colour: { id: string; baseId: string };
let memory: { id: string; baseId: string };
let red: string;
let blue: string;

const call = (params: Record<string, string | number>, files?: Record<string, Buffer>) => server.api('offers', params, { token: owner, files });
const item = async (id: string) => {
  const r = await server.api('offers', { 'p[478_offer_id]': id });
  expect(r.status).toBe(200);
  return r.body.offers[0];
};

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  cat = await server.createCategory({ category: 'Одежда' });
  sub = await server.createCategory({ category: 'Куртки', subId: cat });
  other = await server.createCategory({ category: 'Обувь' });
  const p1 = await server.api('offers_params', { set: 1, 'p[388_name]': 'Цвет', 'p[389_category_id]': cat, 'p[390_kind]': 'select' }, { token: owner });
  colour = p1.body.offers_params[0];
  const p2 = await server.api('offers_params', { set: 1, 'p[388_name]': 'Память', 'p[389_category_id]': '0', 'p[390_kind]': 'number', 'p[493_unit]': 'ГБ' }, { token: owner });
  memory = p2.body.offers_params[0];
  red = (await server.api('offers_params_values', { set: 1, 'p[395_param_id]': colour.id, 'p[480_value_id]': '1$', 'p[479_value]': 'красный' }, { token: owner })).body.offers_params_values[colour.id][0].id;
  blue = (await server.api('offers_params_values', { set: 1, 'p[395_param_id]': colour.id, 'p[480_value_id]': '2$', 'p[479_value]': 'синий' }, { token: owner })).body.offers_params_values[colour.id][0].id;
});
afterAll(() => server?.close());

describe('api=offers owner writes', () => {
  let id: string;
  let firstImage: { id: string; img: string; thumb: string };

  it('creates a product with an uploaded PNG: the picture and its thumbnail are stored and served', async () => {
    const png = await pngImage(1000, 600);
    const r = await call(
      {
        set: 1,
        'p[275_type]': 'common',
        'p[276_name]': 'Куртка зимняя',
        'p[283_price]': '4990.50',
        'p[282_oldprice]': '5990',
        'p[287_categoryId]': sub,
        'p[279_vendor]': 'Север',
        'p[304_description]': '<p>Тёплая <b>куртка</b></p><script>alert(1)</script>',
        [`p[${colour.baseId}_param]`]: `${red}_${blue}`,
        [`p[${memory.baseId}_param]`]: '64',
      },
      { 'p[466_img]': png },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const saved = r.body.offers[0];
    id = saved.id;
    expect(saved).toMatchObject({ name: 'Куртка зимняя', price: 4990.5, oldprice: 5990, categoryId: sub, mainCatId: cat, vendor: 'Север', type: 'common' });
    expect(saved.description).toBe('<p>Тёплая <b>куртка</b></p>');
    expect(saved.images).toHaveLength(1);
    firstImage = saved.images[0];
    expect(saved.picture).toBe(firstImage.img);
    expect(saved.thumb).toBe(firstImage.thumb);
    expect(firstImage.img).toMatch(new RegExp(`^${server.storeId}/offers/\\w+\\.png$`));

    const big = await server.get(`/images/${firstImage.img}`);
    expect(big.status).toBe(200);
    expect(big.headers['content-type']).toBe('image/png');
    expect((await sharp(big.body).metadata()).width).toBe(1000);
    const thumb = await server.get(`/images/${firstImage.thumb}`);
    expect(thumb.status).toBe(200);
    const meta = await sharp(thumb.body).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(400);
    expect(listUploads(server)).toEqual(expect.arrayContaining([firstImage.img, firstImage.thumb]));

    const got = await item(id);
    expect(got.params.filter((p: { baseId: number }) => String(p.baseId) === colour.baseId).map((p: { valueName: string }) => p.valueName).sort()).toEqual(['красный', 'синий']);
    expect(got.params.find((p: { baseId: number }) => String(p.baseId) === memory.baseId)).toMatchObject({ value: '64', unit: 'ГБ' });
    // It is in the lists: its category, the parent category, the filters and the search.
    const inParent = await server.api('offers', { 'p[287_categoryId]': cat });
    expect(inParent.body.offers.map((o: { id: string }) => o.id)).toContain(id);
    expect((await server.api('offers', { [`filter[${colour.baseId}]`]: blue })).body.offers.map((o: { id: string }) => o.id)).toEqual([id]);
    expect((await server.api('offers', { [`filter[${memory.baseId}]`]: '60_70' })).body.offers.map((o: { id: string }) => o.id)).toEqual([id]);
    expect((await server.api('offers', { [`filter[${memory.baseId}]`]: '65_70' })).body.offers).toEqual([]);
    expect((await server.api('offers', { value: 'зимн' })).body.offers.map((o: { id: string }) => o.id)).toEqual([id]);
  });

  it('finds a product by its words with or without accents and ё, the same on every database', async () => {
    const made = await server.createOffer({ name: 'Café crème Ёжик', categoryId: other, price: '5' });
    const bee = await server.createOffer({ name: 'Майка', categoryId: other, price: '5' });
    try {
      for (const q of ['cafe', 'CAFÉ', 'creme', 'crème', 'ежик', 'Ёжик']) {
        const r = await server.api('offers', { value: q });
        expect(r.body.offers.map((o: { id: string }) => o.id), q).toEqual([made]);
      }
      // й is its own letter, not и with a mark: 'маика' finds the product only as a corrected typo (issue 36).
      const typo = (await server.api('offers', { value: 'маика' })).body;
      expect(typo.corrected).toBe('майка');
      expect(typo.offers.map((o: { id: string }) => o.id)).toEqual([bee]);
      expect((await server.api('offers', { value: 'майка' })).body.offers.map((o: { id: string }) => o.id)).toEqual([bee]);
    } finally {
      await call({ del: 1, 'p[478_offer_id]': made });
      await call({ del: 1, 'p[478_offer_id]': bee });
    }
  });

  it('puts the newest product first when sorted by date', async () => {
    const older = await server.createOffer({ name: 'Старая куртка', categoryId: sub, price: '10' });
    await new Promise((r) => setTimeout(r, 15));
    const newer = await call({ set: 1, 'p[276_name]': 'Новая куртка', 'p[283_price]': '20', 'p[287_categoryId]': sub });
    expect(newer.status).toBe(200);
    const list = (await server.api('offers', { 'p[287_categoryId]': sub, sort: 'date' })).body.offers.map((o: { id: string }) => o.id);
    expect(list[0]).toBe(newer.body.offers[0].id);
    expect(list.indexOf(older)).toBeGreaterThan(0);
    await call({ del: 1, 'p[478_offer_id]': newer.body.offers[0].id });
    await call({ del: 1, 'p[478_offer_id]': older });
  });

  it('updates fields, keeps the ones not sent, adds a second picture to a slot', async () => {
    const second = await pngImage(300, 300, { r: 0, g: 90, b: 200 });
    const r = await call({ update: 1, 'p[478_offer_id]': id, 'p[283_price]': '3990', 'p[287_categoryId]': other }, { 'p[467_img]': second });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = await item(id);
    expect(got).toMatchObject({ name: 'Куртка зимняя', vendor: 'Север', price: 3990, oldprice: 5990, categoryId: other, mainCatId: other });
    expect(got.images).toHaveLength(2);
    expect(got.images[0]).toEqual(firstImage);
    expect(got.picture).toBe(firstImage.img);
    // The custom params it had are kept when none are sent.
    expect(got.params.some((p: { baseId: number }) => String(p.baseId) === colour.baseId)).toBe(true);
    expect((await server.api('offers', { 'p[287_categoryId]': cat })).body.offers.map((o: { id: string }) => o.id)).not.toContain(id);
    expect((await server.api('offers', { 'p[287_categoryId]': other })).body.offers.map((o: { id: string }) => o.id)).toContain(id);
    expect((await server.api('offers', { 'filter[283]': '3000_4000' })).body.offers.map((o: { id: string }) => o.id)).toContain(id);
  });

  it('deletes one picture: the next one becomes the main picture', async () => {
    const r = await call({ del: 1, 'p[478_offer_id]': id, img_id: firstImage.id });
    expect(r.status).toBe(200);
    const got = await item(id);
    expect(got.images).toHaveLength(1);
    expect(got.images[0].id).not.toBe(firstImage.id);
    expect(got.picture).toBe(got.images[0].img);
    const card = (await server.api('offers', { ids: id })).body.offers[0];
    expect(card.picture).toBe(got.images[0].img);
    expect(card.images).toEqual([got.images[0].img]);
    const unknown = await call({ del: 1, 'p[478_offer_id]': id, img_id: 'no-such-image' });
    expect(unknown.status).toBe(404);
  });

  it('refuses a non-image file in an image slot with 400 unsupported_file and stores nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const files = listUploads(server);
    const fake = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const onUpdate = await call({ update: 1, 'p[478_offer_id]': id, 'p[276_name]': 'Не сохранится' }, { 'p[468_img]': fake });
    expect(onUpdate.status).toBe(400);
    expect(onUpdate.body.error.code).toBe('unsupported_file');
    const onCreate = await call({ set: 1, 'p[276_name]': 'Не сохранится', 'p[283_price]': '1', 'p[287_categoryId]': cat }, { 'p[466_img]': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.error.code).toBe('unsupported_file');
    // A PNG name on text bytes does not pass either: bytes decide.
    const textAsPng = await server.api('offers', { set: 1, 'p[276_name]': 'Не сохранится', 'p[283_price]': '1', 'p[287_categoryId]': cat }, { token: owner, files: { 'p[466_img]': { data: Buffer.from('hello'), filename: 'a.png', type: 'image/png' } } });
    expect(textAsPng.status).toBe(400);
    // A PNG cut short: its header reads fine, its pixels do not.
    const cut = (await pngImage(400, 400, { r: 5, g: 100, b: 5 })).subarray(0, 120);
    const truncated = await call({ update: 1, 'p[478_offer_id]': id, 'p[276_name]': 'Не сохранится' }, { 'p[468_img]': cut });
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.code).toBe('unsupported_file');
    // A good picture next to a bad file: the whole save is refused and the good one is not kept either.
    const mixed = await call({ update: 1, 'p[478_offer_id]': id, 'p[276_name]': 'Не сохранится' }, { 'p[468_img]': await pngImage(50, 50, { r: 9, g: 9, b: 9 }), 'p[469_img]': fake });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.code).toBe('unsupported_file');
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    expect(listUploads(server)).toEqual(files);
    expect((await item(id)).name).toBe('Куртка зимняя');
  });

  it('refuses a file outside the ten image slots', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const r = await call({ update: 1, 'p[478_offer_id]': id }, { 'p[476_img]': await pngImage() });
    expect(r.status).toBe(400);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('lists the missing required fields of a new product and stores nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const r = await call({ set: 1, 'p[279_vendor]': 'Без имени' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('required_fields_error');
    expect(r.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['categoryId', 'name', 'price']);
    // The required fields of the type: a tour needs days, included, transport.
    const tour = await call({ set: 1, 'p[275_type]': 'tour', 'p[276_name]': 'Тур', 'p[283_price]': '1', 'p[287_categoryId]': cat });
    expect(tour.status).toBe(400);
    expect(tour.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['days', 'included', 'transport']);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('refuses malformed values, unknown categories, unknown params and values, changing nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const cases: Record<string, string | number>[] = [
      { update: 1, 'p[478_offer_id]': id, 'p[283_price]': 'abc' },
      { update: 1, 'p[478_offer_id]': id, 'p[283_price]': '-1' },
      { update: 1, 'p[478_offer_id]': id, 'p[275_type]': 'spaceship' },
      { update: 1, 'p[478_offer_id]': id, 'p[287_categoryId]': '424242' },
      { update: 1, 'p[478_offer_id]': id, 'p[320_available]': 'maybe' },
      { update: 1, 'p[478_offer_id]': id, [`p[${memory.baseId}_param]`]: 'много' },
      { update: 1, 'p[478_offer_id]': id, [`p[${colour.baseId}_param]`]: '999' },
      { update: 1, 'p[478_offer_id]': id, 'p[386_param]': '1' },
      { set: 1, 'p[276_name]': 'X', 'p[283_price]': '1', 'p[287_categoryId]': '424242' },
    ];
    for (const c of cases) {
      const r = await call(c);
      expect(r.status, JSON.stringify(c)).toBe(400);
      expect(r.body.error.code, JSON.stringify(c)).toBe('invalid_input');
    }
    const unknown = await call({ update: 1, 'p[478_offer_id]': 'no-such', 'p[283_price]': '1' });
    expect(unknown.status).toBe(404);
    const noId = await call({ update: 1, 'p[283_price]': '1' });
    expect(noId.status).toBe(400);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('refuses writes without a token, with a forged one and from a customer, changing nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const files = listUploads(server);
    const png = await pngImage(20, 20, { r: 1, g: 2, b: 3 });
    for (const params of [
      { set: 1, 'p[276_name]': 'Взлом', 'p[283_price]': '1', 'p[287_categoryId]': cat },
      { update: 1, 'p[478_offer_id]': id, 'p[283_price]': '1' },
      { del: 1, 'p[478_offer_id]': id },
    ]) {
      const anonymous = await server.api('offers', params, { files: { 'p[467_img]': png } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ error: { code: 'token_error' }, token: 'error' });
      const forged = await server.api('offers', params, { token: { ...owner, token: 'forged' } });
      expect(forged.status).toBe(401);
      const byCustomer = await server.api('offers', params, { token: customer, files: { 'p[467_img]': png } });
      expect(byCustomer.status).toBe(403);
      expect(byCustomer.body.error.code).toBe('forbidden');
    }
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    expect(listUploads(server)).toEqual(files);
  });

  it('hides an inactive product from customers but not from its owner', async () => {
    const r = await call({ update: 1, 'p[478_offer_id]': id, 'p[562_active]': '0' });
    expect(r.status).toBe(200);
    expect((await server.api('offers', { 'p[478_offer_id]': id })).status).toBe(404);
    expect((await server.api('offers', { 'p[287_categoryId]': other })).body.offers).toEqual([]);
    const asOwner = await server.api('offers', { 'p[478_offer_id]': id }, { token: owner });
    expect(asOwner.status).toBe(200);
    // A cart line of a hidden product carries nothing (no name, no price): the cart flags it unavailable (issue 34).
    const cart = await server.api('offers', { ids: id });
    expect(cart.body.offers).toEqual([]);
    expect((await server.api('offers', { ids: id }, { token: owner })).body.offers[0].id).toBe(id);
    await call({ update: 1, 'p[478_offer_id]': id, 'p[562_active]': '1' });
  });

  it('deletes a product: gone from the item, lists, search and cart', async () => {
    const r = await call({ del: 1, 'p[478_offer_id]': id });
    expect(r.status).toBe(200);
    expect((await server.api('offers', { 'p[478_offer_id]': id })).status).toBe(404);
    expect((await server.api('offers', { 'p[287_categoryId]': other })).body.offers).toEqual([]);
    expect((await server.api('offers', { value: 'Куртка' })).body.offers).toEqual([]);
    expect((await server.api('offers', { ids: id })).body.offers).toEqual([]);
    const again = await call({ del: 1, 'p[478_offer_id]': id });
    expect(again.status).toBe(404);
  });
});
