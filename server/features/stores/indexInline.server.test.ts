/** The storefront's index.html carries the Host's store and categories (server/features/stores/indexInline.ts). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStore } from './stores';
import { scriptSafeJson } from './indexInline';
import { THEME_COLOURS } from '../../../schemas/colours';
import { OWNER_PHONE, closeAll, startTestServer, type TestServer } from '../../test/helpers';
import { startPagesApp } from '../../test/shopPages';

const B = 'shop-b.example';
const EVIL = 'Лавка </script><script>alert(1)</script> & <!-- "кавычки"';
let server: TestServer;
let app: FastifyInstance;
let storeB: number;
let ownerSession: Promise<{ token: string }> | undefined;
/** One sign-in for the file: a second code within 20 s is refused. */
const signInOwner = () => (ownerSession ??= server.signIn(OWNER_PHONE));

/** The inlined JSON of a page, parsed back the way the browser reads it (the script element's text). */
function inlined(html: string) {
  const m = /<script id="shop-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the shop-data script').not.toBeNull();
  return JSON.parse(m![1]) as { stores: Record<string, unknown>[]; offers_category: Record<string, unknown>[] };
}

beforeAll(async () => {
  server = await startTestServer();
  storeB = await server.addStore({ name: 'Магазин Б', domain: B });
  await server.createCategory({ category: 'Категория А' });
  await server.db.insertInto('banners').values([
    { store_id: server.storeId, sort: 2, data: JSON.stringify({ img: '1/banners/b.png', width: '50', link: '/category/1' }) },
    { store_id: server.storeId, sort: 1, data: JSON.stringify({ img: '1/banners/a.png', width: '50', link: '' }) },
  ]).execute();
  await server.createCategory({ category: 'Категория Б </script>' }, storeB);
  const row = await server.db.selectFrom('stores').selectAll().where('id', '=', storeB).executeTakeFirstOrThrow();
  await saveStore(server.db, row, { name: EVIL, title: EVIL, about_company: '<p>Мы продаём <b>всё</b> &amp; везём быстро.</p>' });
  ({ app } = await startPagesApp(server));
});
afterAll(() => closeAll(app, server));

describe('index.html with the shop inlined', () => {
  it('GET / carries the api=stores and api=offers_category answers of the Host’s store', async () => {
    const a = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/text\/html/);
    const dataA = inlined(a.body);
    expect(dataA.stores).toHaveLength(1);
    expect(dataA.stores[0]).toMatchObject({ id: server.storeId, name: 'Тестовый магазин', userId: server.ownerId });
    expect(dataA.offers_category.map((c) => c.category)).toEqual(['Категория А']);
    // The same shapes as the api= answers (the storefront uses them instead of its first two calls).
    const storesAnswer = (await server.api('stores', {}, { host: 'localhost' })).body;
    const catsAnswer = (await server.api('offers_category', {}, { host: 'localhost' })).body;
    expect(dataA.stores).toEqual(storesAnswer.stores);
    expect(dataA.offers_category).toEqual(catsAnswer.offers_category);
    const banners = (dataA as { shop_banners?: { img: string }[] }).shop_banners;
    expect(banners?.map((b) => b.img)).toEqual(['1/banners/a.png', '1/banners/b.png']);
    expect(banners).toEqual((await server.api('shop_banners', {}, { host: 'localhost' })).body.shop_banners);
    expect(a.body).toContain('<title>Тестовый магазин</title>');

    // A deep link of another shop's domain gets that shop.
    const b = await app.inject({ url: '/category/1/1', headers: { host: `${B}:8080` } });
    const dataB = inlined(b.body);
    expect(dataB.stores[0]).toMatchObject({ id: storeB, name: EVIL });
    expect(dataB.offers_category.map((c) => c.category)).toEqual(['Категория Б </script>']);
  });

  it("is safe against '</script>' and '<!--' in a store's name: one script element, the text escaped", async () => {
    const { body } = await app.inject({ url: '/', headers: { host: B } });
    expect(body).not.toContain('<script>alert(1)');
    // The shop's data and the app's start (a rendered page also has the server's tap queue, a fixed text).
    expect(body.match(/<script(?! type="application\/ld\+json"| id="tap-queue")/g)).toHaveLength(2);
    const data = body.slice(body.indexOf('<script id="shop-data"'), body.indexOf('</script>', body.indexOf('<script id="shop-data"')));
    expect(data).not.toMatch(/<\/|<!--/);
    expect(inlined(body).stores[0].name).toBe(EVIL);
    expect(body).toContain('<title>Лавка &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!-- &quot;кавычки&quot;</title>');
    expect(body).toContain('<meta name="description" content="Мы продаём всё &amp; везём быстро." />');
    expect(scriptSafeJson({ s: '</script>\u2028' })).toBe('{"s":"\\u003c/script\\u003e\\u2028"}');
  });

  it('a settings save shows in the next page at once, not after the cache time', async () => {
    expect(inlined((await app.inject({ url: '/', headers: { host: 'localhost' } })).body).stores[0].name).toBe('Тестовый магазин');
    const owner = await signInOwner();
    const save = await app.inject({
      method: 'POST',
      url: '/api?api=stores',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${owner.token}` },
      payload: new URLSearchParams({ update: '1', 'p[399_name]': 'Новое имя' }).toString(),
    });
    expect(save.statusCode, save.body).toBe(200);
    try {
      expect(inlined((await app.inject({ url: '/', headers: { host: 'localhost' } })).body).stores[0].name).toBe('Новое имя');
    } finally {
      await app.inject({
        method: 'POST',
        url: '/api?api=stores',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${owner.token}` },
        payload: new URLSearchParams({ update: '1', 'p[399_name]': 'Тестовый магазин' }).toString(),
      });
    }
  });

  it("paints in the shop's colours from the first byte: its 46 colours and its own CSS, after the app's styles", async () => {
    const owner = await signInOwner();
    const save = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api?api=stores',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${owner.token}` },
        payload: new URLSearchParams({ update: '1', ...fields }).toString(),
      });
    const headerNo = 500 + THEME_COLOURS.findIndex(([name]) => name === 'header_background');
    expect((await save({ [`p[${headerNo}_header_background]`]: '10,20,30,0.5', 'p[403_custom_css]': '.card{outline:1px solid red}</style><b>x</b><</style/style><i>y</i>' })).statusCode).toBe(200);
    try {
      const { body } = await app.inject({ url: '/', headers: { host: 'localhost' } });
      const theme = /<style id="shop-theme"[^>]*>([^<]*)<\/style>/.exec(body)?.[1] ?? '';
      expect(theme.match(/--color-/g)).toHaveLength(46);
      expect(theme).toContain('--color-header_background:rgba(10,20,30,0.5)');
      expect(theme).toContain('--color-search_input:rgba(255,255,255,1)');
      // The owner's CSS comes last and cannot close its element: the rest stays text inside it.
      const custom = body.slice(body.indexOf('<style id="shop-custom-css"')).replace(/ nonce="[^"]*"/, '');
      expect(custom.startsWith('<style id="shop-custom-css">.card{outline:1px solid red}\\3c /style>\\3c b>x\\3c /b>\\3c \\3c /style/style>\\3c i>y\\3c /i></style></head>'), custom.slice(0, 200)).toBe(true);
      expect(body.indexOf('shop-theme')).toBeLessThan(body.indexOf('shop-custom-css'));
    } finally {
      await save({ [`p[${headerNo}_header_background]`]: '255,255,255,1', 'p[403_custom_css]': '' });
    }
    const { body } = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(body).toContain('--color-header_background:rgba(255,255,255,1)');
    expect(body).not.toContain('shop-custom-css');
  });

  it('the admin and the api are not touched', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing', headers: { host: 'localhost' } });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('shop-data');
  });
});

describe('robots.txt', () => {
  it('lets search engines read the shop, not the admin or the api', async () => {
    const res = await app.inject({ url: '/robots.txt', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('Disallow: /admin/');
    expect(res.body).toContain('Allow: /');
  });
});

describe('/favicon.ico', () => {
  it('leads to the shop’s favicon, and answers an empty 204 (never a 404) for a shop without one', async () => {
    const none = await app.inject({ url: '/favicon.ico', headers: { host: 'localhost' } });
    expect(none.statusCode).toBe(204);
    const row = await server.db.selectFrom('stores').selectAll().where('id', '=', storeB).executeTakeFirstOrThrow();
    await saveStore(server.db, row, { favicon: `${storeB}/store/icon.png` });
    app.services.stores.forget();
    const b = await app.inject({ url: '/favicon.ico', headers: { host: B } });
    expect(b.statusCode).toBe(302);
    expect(b.headers.location).toBe(`/images/${storeB}/store/icon.png`);
  });
});
