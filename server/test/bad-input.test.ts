/**
 * Bad input never gives a 500 and never changes stored data (foundation issue, item 8): every case is a 4xx
 * with the error body, and the database and the uploads are the same afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, OWNER_PHONE, listUploads, pngImage, rawRequest, snapshot, startSignedIn, type Auth, type CallOptions, type Params, type TestServer } from './helpers';

let server: TestServer, owner: Auth, customer: Auth;
let before: string;
let uploadsBefore: string[];
const TABLES = [...CATALOGUE_TABLES, 'users', 'places', 'promo_codes', 'ingredients'];

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn({ demo: true }));
  before = await snapshot(server.db, TABLES);
  uploadsBefore = listUploads(server);
});
afterAll(() => server?.close());

type Case = [label: string, api: string, params: Params, opts: CallOptions | ((a: { owner: Auth; customer: Auth }) => CallOptions), status: number, code?: string];

const expectRefused = async ([label, api, params, opts, status, code]: Case) => {
  const o = typeof opts === 'function' ? opts({ owner, customer }) : opts;
  const r = await server.api(api, params, o);
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(status);
  expect(r.headers['content-type'], label).toMatch(/application\/json/);
  expect(r.body.error, label).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  if (code) expect(r.body.error.code, label).toBe(code);
  if (status === 401) expect(r.body.token, label).toBe('error');
};

const asOwner = ({ owner }: { owner: Auth }) => ({ token: owner });
const asCustomer = ({ customer }: { customer: Auth }) => ({ token: customer });
const forged = ({ owner }: { owner: Auth }) => ({ token: { ...owner, token: owner.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) } });
const otherSession = ({ owner, customer }: { owner: Auth; customer: Auth }) => ({ token: { ...owner, token: customer.token } });

describe('unknown api and malformed reads', () => {
  const cases: Case[] = [
    ['unknown api', 'orders_everything', {}, {}, 404, 'unknown_api'],
    ['unknown api with a token', 'drop_tables', { del: 1 }, asOwner, 404, 'unknown_api'],
    ['offset=abc', 'offers', { offset: 'abc' }, {}, 400, 'invalid_input'],
    ['offset=0', 'offers', { offset: '0' }, {}, 400, 'invalid_input'],
    ['offset=-1', 'offers', { offset: '-1' }, {}, 400, 'invalid_input'],
    ['offset=1.5', 'offers', { offset: '1.5' }, {}, 400, 'invalid_input'],
    ['offset huge', 'offers', { offset: '9'.repeat(40) }, {}, 400, 'invalid_input'],
    ['offset=abc in a search', 'offers', { value: 'Квант', offset: 'abc' }, {}, 400, 'invalid_input'],
    ['sort=bogus', 'offers', { sort: 'bogus' }, {}, 400, 'invalid_input'],
    ['sort as broken JSON', 'offers', { sort: '{"id":' }, {}, 400, 'invalid_input'],
    ['sort as a JSON number', 'offers', { sort: '42' }, {}, 400, 'invalid_input'],
    ['sort as JSON null', 'offers', { sort: 'null' }, {}, 400, 'invalid_input'],
    ['sort as a JSON object of junk', 'offers', { sort: '{"id":{"$ne":1}}' }, {}, 400, 'invalid_input'],
    ['sortId=bogus in a search', 'offers', { value: 'Квант', sortId: 'bogus' }, {}, 400, 'invalid_input'],
    ['filter[283]=x (price range)', 'offers', { 'filter[283]': 'x' }, {}, 400, 'invalid_input'],
    ['filter[283]=1_2_3', 'offers', { 'filter[283]': '1_2_3' }, {}, 400, 'invalid_input'],
    ['filter[324]=abc (number range)', 'offers', { 'filter[324]': 'abc' }, {}, 400, 'invalid_input'],
    ['filter[327]=2 (bool)', 'offers', { 'filter[327]': '2' }, {}, 400, 'invalid_input'],
    ['filter on an unknown base id', 'offers', { 'filter[999]': '1' }, {}, 400, 'invalid_input'],
    ['filter in a category, unknown base id', 'offers', { 'p[287_categoryId]': '1', 'filter[385]': '1' }, {}, 400, 'invalid_input'],
    ['unknown category of params', 'offers_params', { 'p[389_category_id]': 'nope' }, {}, 404, 'not_found'],
    ['unknown offer', 'offers', { 'p[478_offer_id]': 'x'.repeat(5000) }, {}, 404, 'not_found'],
    ['unknown banner', 'shop_banners', { 'p[593_banner_id]': '12345678' }, {}, 404, 'not_found'],
    ['banner id not a number', 'shop_banners', { 'p[593_banner_id]': 'abc' }, {}, 400],
    ['unknown category', 'offers_category', { 'p[486_category_id]': "1' or '1'='1" }, {}, 404, 'not_found'],
    ['login without a code', 'login', { phone: OWNER_PHONE }, {}, 400, 'required_fields_error'],
    ['sms_code with letters', 'sms_code', { phone: 'call me maybe' }, {}, 400, 'invalid_phone'],
  ];
  for (const c of cases) it(c[0], () => expectRefused(c));
});

describe('malformed and refused writes', () => {
  const cases: Case[] = [
    ['offer price=abc', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[283_price]': 'abc' }, asOwner, 400, 'invalid_input'],
    ['new offer price=abc', 'offers', { set: 1, 'p[276_name]': 'X', 'p[283_price]': 'abc', 'p[287_categoryId]': '11' }, asOwner, 400, 'invalid_input'],
    ['offer price=1e400', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[283_price]': '1e400' }, asOwner, 400, 'invalid_input'],
    ['offer price=NaN', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[283_price]': 'NaN' }, asOwner, 400, 'invalid_input'],
    ['offer oldprice=-5', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[282_oldprice]': '-5' }, asOwner, 400, 'invalid_input'],
    ['offer name too long', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[276_name]': 'я'.repeat(501) }, asOwner, 400, 'invalid_input'],
    ['offer year=abc', 'offers', { update: 1, 'p[478_offer_id]': '2101', 'p[321_year]': 'abc' }, asOwner, 400, 'invalid_input'],
    ['offer blank name', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[276_name]': '' }, asOwner, 400, 'required_fields_error'],
    ['offer type unknown', 'offers', { set: 1, 'p[275_type]': '../../etc', 'p[276_name]': 'X', 'p[283_price]': '1', 'p[287_categoryId]': '11' }, asOwner, 400, 'invalid_input'],
    ['offer param value of a number param not a number', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[324_param]': 'много' }, asOwner, 400, 'invalid_input'],
    ['offer of an unknown category', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[287_categoryId]': '999' }, asOwner, 400, 'invalid_input'],
    ['update of an unknown offer', 'offers', { update: 1, 'p[478_offer_id]': 'no-such', 'p[283_price]': '5' }, asOwner, 404, 'not_found'],
    ['delete of an unknown offer', 'offers', { del: 1, 'p[478_offer_id]': 'no-such' }, asOwner, 404, 'not_found'],
    ['delete without an id', 'offers', { del: 1 }, asOwner, 400, 'required_fields_error'],
    ['category sort=abc', 'offers_category', { update: 1, 'p[486_category_id]': '1', 'p[490_sort]': 'abc' }, asOwner, 400, 'invalid_input'],
    ['category under its own child', 'offers_category', { update: 1, 'p[486_category_id]': '1', 'p[488_sub_id]': '131' }, asOwner, 400, 'invalid_input'],
    ['param of an unknown kind', 'offers_params', { set: 1, 'p[388_name]': 'X', 'p[390_kind]': 'drop table' }, asOwner, 400, 'invalid_input'],
    ['param kind change', 'offers_params', { update: 1, 'p[396_param_id]': '1', 'p[390_kind]': 'bool' }, asOwner, 400, 'kind_fixed'],
    ['store email malformed', 'stores', { update: 1, 'p[405_email]': 'nope' }, asOwner, 400, 'invalid_input'],
    ['store colour malformed', 'stores', { update: 1, 'p[501_background_secondary]': '300,0,0' }, asOwner, 400, 'invalid_input'],
    ['store min_sum=abc', 'stores', { update: 1, 'p[406_min_sum]': 'abc' }, asOwner, 400, 'invalid_input'],
    ['banner width=7', 'shop_banners', { update: 1, 'p[593_banner_id]': '1', 'p[594_width]': '7' }, asOwner, 400, 'invalid_input'],
    ['value without a param', 'offers_params_values', { set: 1, 'p[479_value]': 'x' }, asOwner, 400],
    // Numbers beyond a 32-bit integer column: PostgreSQL refuses them where SQLite would not.
    ['category sort beyond 32 bits', 'offers_category', { set: 1, 'p[487_category]': 'X', 'p[490_sort]': '99999999999' }, asOwner, 400, 'invalid_input'],
    ['param sort beyond 32 bits', 'offers_params', { set: 1, 'p[388_name]': 'X', 'p[390_kind]': 'bool', 'p[393_sort]': '99999999999' }, asOwner, 400, 'invalid_input'],
    ['offer sort beyond 32 bits', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[567_sort]': '99999999999' }, asOwner, 400, 'invalid_input'],
    // A NUL character: PostgreSQL text cannot hold it; refused the same on both databases.
    ['NUL in a new offer name', 'offers', { set: 1, 'p[276_name]': 'a\u0000b', 'p[283_price]': '1', 'p[287_categoryId]': '11' }, asOwner, 400, 'invalid_input'],
    ['NUL in a store name', 'stores', { update: 1, 'p[399_name]': 'a\u0000b' }, asOwner, 400, 'invalid_input'],
    ['NUL in a category name', 'offers_category', { set: 1, 'p[487_category]': 'a\u0000b' }, asOwner, 400, 'invalid_input'],
    ['NUL in an offer id', 'offers', { 'p[478_offer_id]': '1001\u0000' }, {}, 400, 'invalid_input'],
    ['NUL in cart ids', 'offers', { ids: '1001,\u0000' }, {}, 400, 'invalid_input'],
    ['NUL in a search', 'offers', { value: 'Квант\u0000' }, {}, 400, 'invalid_input'],
    ['banner id beyond 32 bits', 'shop_banners', { 'p[593_banner_id]': '9999999999' }, {}, 404, 'not_found'],
    ['banner update, id beyond 32 bits', 'shop_banners', { update: 1, 'p[593_banner_id]': '9999999999', 'p[591_link]': '/x' }, asOwner, 404, 'not_found'],
    ['banner delete, id beyond 32 bits', 'shop_banners', { del: 1, 'p[593_banner_id]': '9999999999' }, asOwner, 404, 'not_found'],
    ['param update, id beyond 32 bits', 'offers_params', { update: 1, 'p[396_param_id]': '9999999999', 'p[388_name]': 'X' }, asOwner, 404, 'not_found'],
    ['param delete, id beyond 32 bits', 'offers_params', { del: 1, 'p[396_param_id]': '9999999999' }, asOwner, 404, 'not_found'],
    ['value of a param id beyond 32 bits', 'offers_params_values', { set: 1, 'p[395_param_id]': '9999999999', 'p[479_value]': 'x' }, asOwner, 404, 'not_found'],
    ['value delete, param id beyond 32 bits', 'offers_params_values', { del: 1, 'p[395_param_id]': '9999999999', 'p[480_value_id]': '1' }, asOwner, 404, 'not_found'],

    // Writes without a token, with a forged token, with another session's token, and by a customer.
    ['offer write without a token', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[283_price]': '1' }, {}, 401, 'token_error'],
    ['offer write with a forged token', 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[283_price]': '1' }, forged, 401, 'token_error'],
    ["offer write with the owner's ids and another session's token", 'offers', { update: 1, 'p[478_offer_id]': '1001', 'p[283_price]': '1' }, otherSession, 401, 'token_error'],
    ['offer write with a forged bearer token', 'offers', { del: 1, 'p[478_offer_id]': '1001' }, { token: 'Zm9yZ2Vk' }, 401, 'token_error'],
    ['offer delete by a customer', 'offers', { del: 1, 'p[478_offer_id]': '1001' }, asCustomer, 403, 'forbidden'],
    ['offer create by a customer', 'offers', { set: 1, 'p[276_name]': 'X', 'p[283_price]': '1', 'p[287_categoryId]': '11' }, asCustomer, 403, 'forbidden'],
    ['store save without a token', 'stores', { update: 1, 'p[399_name]': 'Взлом' }, {}, 401, 'token_error'],
    ['store save by a customer', 'stores', { update: 1, 'p[399_name]': 'Взлом' }, asCustomer, 403, 'forbidden'],
    ['store page by a customer', 'stores', { update: 1, text: 1, about: 1, 'p[429_about_company]': '<p>Взлом</p>' }, asCustomer, 403, 'forbidden'],
    ['category delete by a customer', 'offers_category', { del: 1, 'p[486_category_id]': '1' }, asCustomer, 403, 'forbidden'],
    ['category delete with a forged token', 'offers_category', { del: 1, 'p[486_category_id]': '1' }, forged, 401, 'token_error'],
    ['param delete by a customer', 'offers_params', { del: 1, 'p[396_param_id]': '1' }, asCustomer, 403, 'forbidden'],
    ['param value by a customer', 'offers_params_values', { set: 1, 'p[395_param_id]': '1', 'p[479_value]': 'Взлом' }, asCustomer, 403, 'forbidden'],
    ['banner delete without a token', 'shop_banners', { del: 1, 'p[593_banner_id]': '1' }, {}, 401, 'token_error'],
    ['banner delete by a customer', 'shop_banners', { del: 1, 'p[593_banner_id]': '1' }, asCustomer, 403, 'forbidden'],
    ['logout with a forged token', 'logout', {}, forged, 401, 'token_error'],
  ];
  for (const c of cases) it(c[0], () => expectRefused(c));

  it('a place id beyond 32 bits in the owner\'s order list is never a 500', async () => {
    const r = await server.api('orders', { 'p[674_place_id]': '9999999999', 'p[688_date]': '2026-01-01' }, { token: owner });
    expect(r.status).toBeLessThan(500);
  });

  it('an image upload by a customer is refused before anything is stored', async () => {
    const r = await server.api('shop_banners', { set: 1 }, { token: customer, files: { 'p[592_img]': await pngImage(30, 30, { r: 3, g: 3, b: 3 }) } });
    expect(r.status).toBe(403);
  });
});

describe('malformed requests', () => {
  /** A raw request, for bodies a well-behaved client never sends. */
  const raw = (path: string, headers: Record<string, string>, body: Buffer | string) => rawRequest(server.port, 'POST', path, headers, body);

  it('a multipart body that breaks off is a 4xx', async () => {
    const r = await raw('/api?api=offers', { 'content-type': 'multipart/form-data; boundary=XYZ' }, '--XYZ\r\nContent-Disposition: form-data; name="set"\r\n\r\n1\r\n--XYZ\r\nContent-Disposition: form-da');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.error.code).toEqual(expect.any(String));
  });

  it('a multipart content type without a boundary is a 4xx; garbage parts are never a 500', async () => {
    const noBoundary = await raw('/api?api=offers', { 'content-type': 'multipart/form-data' }, 'set=1');
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
    for (const body of ['no parts at all', '--XYZ\r\nbroken header line\r\n\r\nvalue\r\n--XYZ--\r\n', '--XYZ\r\nContent-Disposition: form-data; name="set"\r\n\r\n1\r\n--XYZ--\r\n']) {
      const r = await raw('/api?api=offers', { 'content-type': 'multipart/form-data; boundary=XYZ' }, body);
      // A part without a name is skipped (a plain read); a set=1 alone is refused; neither is a server fault.
      expect(r.status, body).toBeLessThan(500);
    }
  });

  it('a body of an unknown content type is a 4xx', async () => {
    const r = await raw('/api?api=offers', { 'content-type': 'application/xml' }, '<a/>');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('a JSON body is a 4xx (the protocol is form-encoded), not a 500', async () => {
    const r = await raw('/api?api=offers', { 'content-type': 'application/json' }, '{"set":');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('a body over the size limit is 413 too_large', async () => {
    const r = await raw('/api?api=stores', { 'content-type': 'application/x-www-form-urlencoded' }, `update=1&p[418_title]=${'a'.repeat(3 * 1024 * 1024)}`);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('too_large');
  });

  it('repeated keys and odd key shapes do not break the parser', async () => {
    const r = await raw('/api?api=offers', { 'content-type': 'application/x-www-form-urlencoded' }, 'offset=1&offset=2&p[]=1&p[abc]=2&filter[]=3&filter[x]=1&__proto__[x]=1&constructor=1');
    expect(r.status).toBeLessThan(500);
  });
});

describe('after all of it', () => {
  it('nothing was stored: the database and the uploads are unchanged', async () => {
    expect(await snapshot(server.db, TABLES)).toBe(before);
    expect(listUploads(server)).toEqual(uploadsBefore);
  });

  it('and the shop still answers as before', async () => {
    const item = (await server.api('offers', { 'p[478_offer_id]': '1001' })).body.offers[0];
    expect(item).toMatchObject({ price: 12990, name: 'Смартфон Квант A5 64 ГБ' });
    expect((await server.api('stores')).body.stores[0].name).toBe('Демо-магазин');
    expect((await server.api('offers_category')).body.offers_category).toHaveLength(25);
  });
});
