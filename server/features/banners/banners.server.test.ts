import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, listUploads, pngImage, snapshot, startSignedIn, tinyMp4, type Auth, type TestServer } from '../../test/helpers';
import type { BannerApi } from '../../../schemas/banner';
import { expectServed } from '../../test/served';

let server: TestServer, owner: Auth, customer: Auth;
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
});
afterAll(() => server?.close());

/** The answer's shape, declared once beside the registry (schemas/banner.ts). */
type Banner = BannerApi;
const list = async () => {
  const r = await server.api('shop_banners');
  expect(r.status).toBe(200);
  return r.body.shop_banners as Banner[];
};
const write = (params: Record<string, string | number>, files?: Record<string, Buffer>) => server.api('shop_banners', params, { token: owner, files });

describe('api=shop_banners', () => {
  let picture: Banner;
  let movie: Banner;

  it('creates a banner with an image: picture and thumbnail stored and served', async () => {
    const r = await write({ set: 1, 'p[591_link]': '/category/1', 'p[594_width]': '50', 'p[595_sort]': 2 }, { 'p[592_img]': await pngImage(1200, 400) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    picture = r.body.shop_banners[0];
    expect(picture).toMatchObject({ link: '/category/1', width: '50', sort: '2', video: null, shopId: String(server.storeId), userId: String(server.ownerId) });
    expect(picture.img).toMatch(/^\d+\/banners\/\w+\.png$/);
    await expectServed(server, picture.img, 'image/png');
    await expectServed(server, picture.thumb, 'image/webp');
  });

  it('creates a banner with an mp4 video', async () => {
    const r = await write({ set: 1, 'p[591_link]': 'https://example.com/promo', 'p[595_sort]': 1 }, { 'p[666_video]': tinyMp4() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    movie = r.body.shop_banners[0];
    expect(movie.video).toMatch(/^\d+\/banners\/\w+\.mp4$/);
    expect(movie.width).toBe('100');
    const file = await server.get(`/images/${movie.video}`);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body, tinyMp4())).toBe(0);
  });

  it('lists banners in sort order and gives one by id', async () => {
    const third = await write({ set: 1 }, { 'p[592_img]': await pngImage(300, 100, { r: 0, g: 0, b: 250 }) });
    expect(third.status).toBe(200);
    expect(third.body.shop_banners[0].sort).toBe('3'); // after the two there are
    expect((await list()).map((b) => b.id)).toEqual([movie.id, picture.id, third.body.shop_banners[0].id]);
    const one = await server.api('shop_banners', { 'p[593_banner_id]': picture.id });
    expect(one.body.shop_banners).toEqual([picture]);
    expect((await server.api('shop_banners', { 'p[593_banner_id]': '999999' })).status).toBe(404);
    await write({ del: 1, 'p[593_banner_id]': third.body.shop_banners[0].id });
  });

  it('updates link, width and sort, which reorders the list; fields not sent stay', async () => {
    const r = await write({ update: 1, 'p[593_banner_id]': picture.id, 'p[594_width]': '33.33', 'p[595_sort]': 0 });
    expect(r.status).toBe(200);
    expect(r.body.shop_banners[0]).toMatchObject({ id: picture.id, width: '33.33', sort: '0', link: '/category/1', img: picture.img });
    expect((await list()).map((b) => b.id)).toEqual([picture.id, movie.id]);
  });

  it('adds a picture to the video banner, then deletes the video: the picture stays', async () => {
    const added = await write({ update: 1, 'p[593_banner_id]': movie.id }, { 'p[592_img]': await pngImage(600, 200, { r: 250, g: 250, b: 0 }) });
    expect(added.status).toBe(200);
    expect(added.body.shop_banners[0].video).toBe(movie.video);
    const r = await write({ update: 1, 'p[593_banner_id]': movie.id, 'p[667_is_delete_video]': 1 });
    expect(r.status).toBe(200);
    const b = (await list()).find((x) => x.id === movie.id)!;
    expect(b.video).toBeNull();
    expect(b.img).toBe(added.body.shop_banners[0].img);
    expect(b.link).toBe('https://example.com/promo');
  });

  it('refuses a file that is not an image or a video (by its bytes), storing nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const files = listUploads(server);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF');
    for (const [params, upload] of [
      [{ set: 1 }, { 'p[592_img]': pdf }],
      [{ set: 1 }, { 'p[666_video]': pdf }],
      [{ set: 1 }, { 'p[666_video]': pngImage }],
      [{ update: 1, 'p[593_banner_id]': picture.id, 'p[591_link]': '/x' }, { 'p[592_img]': (async () => (await pngImage(300, 300)).subarray(0, 100))() }],
      // A good picture with a bad video: refused as a whole, the picture not kept either.
      [{ set: 1, 'p[591_link]': '/x' }, { 'p[592_img]': pngImage(90, 30, { r: 1, g: 1, b: 1 }), 'p[666_video]': pdf }],
    ] as [Record<string, string | number>, Record<string, Buffer | Promise<Buffer> | typeof pngImage>][]) {
      const resolved: Record<string, Buffer> = {};
      for (const [k, v] of Object.entries(upload)) resolved[k] = typeof v === 'function' ? await v() : await v;
      const r = await write(params, resolved);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.code).toBe('unsupported_file');
    }
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    expect(listUploads(server)).toEqual(files);
  });

  it('refuses a banner without a picture or video, a bad width or sort, and unknown ids', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const empty = await write({ set: 1, 'p[591_link]': '/x' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('required_fields_error');
    const width = await write({ update: 1, 'p[593_banner_id]': picture.id, 'p[594_width]': '42' });
    expect(width.status).toBe(400);
    expect(width.body.error.code).toBe('invalid_input');
    const sort = await write({ update: 1, 'p[593_banner_id]': picture.id, 'p[595_sort]': 'abc' });
    expect(sort.status).toBe(400);
    const unknown = await write({ update: 1, 'p[593_banner_id]': '999999', 'p[591_link]': '/y' });
    expect(unknown.status).toBe(404);
    const badId = await write({ update: 1, 'p[593_banner_id]': 'abc' });
    expect(badId.status).toBe(400);
    expect((await write({ del: 1, 'p[593_banner_id]': '999999' })).status).toBe(404);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
  });

  it('refuses writes without a token, with a forged one, or from a customer', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const files = listUploads(server);
    const png = await pngImage(40, 40, { r: 7, g: 7, b: 7 });
    for (const params of [{ set: 1 }, { update: 1, 'p[593_banner_id]': picture.id, 'p[591_link]': '/hack' }, { del: 1, 'p[593_banner_id]': picture.id }]) {
      expect((await server.api('shop_banners', params, { files: { 'p[592_img]': png } })).status).toBe(401);
      expect((await server.api('shop_banners', params, { token: 'forged', files: { 'p[592_img]': png } })).status).toBe(401);
      expect((await server.api('shop_banners', params, { token: customer, files: { 'p[592_img]': png } })).status).toBe(403);
    }
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    expect(listUploads(server)).toEqual(files);
  });

  it('deletes a banner', async () => {
    const r = await write({ del: 1, 'p[593_banner_id]': picture.id });
    expect(r.status).toBe(200);
    expect((await list()).map((b) => b.id)).toEqual([movie.id]);
    expect((await server.api('shop_banners', { 'p[593_banner_id]': picture.id })).status).toBe(404);
  });
});
