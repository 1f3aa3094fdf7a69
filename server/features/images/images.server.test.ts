import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPicture, largePicture, middleOf } from '../../../schemas/rules/pictures';
import { startWithOwner, listUploads, pngImage, type Auth, type TestServer } from '../../test/helpers';

let server: TestServer, owner: Auth, cat: string;
beforeAll(async () => ({ server, owner, categoryId: cat } = await startWithOwner('Картины')));
afterAll(() => server?.close());

const widthOf = async (url: string) => {
  const r = await server.get(url);
  expect(r.status, url).toBe(200);
  const meta = await sharp(r.body).metadata();
  return { type: r.headers['content-type'], format: meta.format, width: meta.width!, height: meta.height! };
};

describe('picture sizes', () => {
  it('an uploaded picture is stored at 1600, 800 (WebP) and 400 px (WebP), each served, and the card srcset names the served files', async () => {
    const r = await server.api(
      'offers',
      { set: 1, 'p[275_type]': 'common', 'p[276_name]': 'Большая картина', 'p[283_price]': '100', 'p[287_categoryId]': cat },
      { token: owner, files: { 'p[466_img]': await pngImage(2400, 1600) } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const image = r.body.offers[0].images[0] as { img: string; thumb: string };
    const mid = middleOf(image.thumb)!;
    expect(mid).toMatch(/_m\.webp$/);
    expect(listUploads(server)).toEqual(expect.arrayContaining([image.img, image.thumb, mid]));

    expect(await widthOf(`/images/${image.img}`)).toMatchObject({ format: 'png', width: 1600, height: 1067 });
    expect(await widthOf(`/images/${mid}`)).toMatchObject({ type: 'image/webp', format: 'webp', width: 800, height: 533 });
    expect(await widthOf(`/images/${image.thumb}`)).toMatchObject({ format: 'webp', width: 400, height: 267 });

    // What the card and the gallery ask for: every candidate answers 200.
    const url = (p: string) => `/images/${p}`;
    const card = cardPicture(url, image.thumb, image.img)!;
    expect(card.srcSet).toBe(`/images/${image.thumb} 400w, /images/${mid} 800w`);
    const gallery = largePicture(url, image.img, image.thumb)!;
    for (const candidate of gallery.srcSet!.split(', ').map((c) => c.split(' ')[0])) expect((await server.get(candidate)).status, candidate).toBe(200);
  });

  it('the same picture uploaded again names the stored files and does not write them again', async () => {
    const upload = async (name: string) => {
      const r = await server.api(
        'offers',
        { set: 1, 'p[275_type]': 'common', 'p[276_name]': name, 'p[283_price]': '100', 'p[287_categoryId]': cat },
        { token: owner, files: { 'p[466_img]': await pngImage(900, 600, { r: 200, g: 40, b: 40 }) } },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.offers[0].images[0] as { img: string; thumb: string };
    };
    const first = await upload('Красная картина');
    const files = [first.img, first.thumb, middleOf(first.thumb)!].map((rel) => path.join(server.config.uploadsDir, rel));
    const written = files.map((f) => fs.statSync(f).mtimeMs);
    // Backdate the files, so a rewrite would show however fast the machine is.
    for (const f of files) fs.utimesSync(f, new Date(2020, 0, 1), new Date(2020, 0, 1));
    const second = await upload('Та же картина');
    expect(second).toMatchObject({ img: first.img, thumb: first.thumb });
    expect(files.map((f) => fs.statSync(f).mtime.getFullYear())).toEqual([2020, 2020, 2020]);
    expect(written.every((t) => t > new Date(2020, 0, 2).getTime())).toBe(true);
  });

  it('a picture stored before the 800 px size existed gets it made on its first request, then kept', async () => {
    const r = await server.api(
      'offers',
      { set: 1, 'p[275_type]': 'common', 'p[276_name]': 'Старая картина', 'p[283_price]': '100', 'p[287_categoryId]': cat },
      { token: owner, files: { 'p[466_img]': await pngImage(1200, 1200, { r: 10, g: 120, b: 200 }) } },
    );
    const image = r.body.offers[0].images[0] as { img: string; thumb: string };
    const mid = middleOf(image.thumb)!;
    const file = path.join(server.config.uploadsDir, mid);
    fs.rmSync(file);
    expect(await widthOf(`/images/${mid}`)).toMatchObject({ type: 'image/webp', width: 800, height: 800 });
    expect(fs.existsSync(file)).toBe(true);
  });

  it('a feed thumbnail without its original answers the 800 px name with the thumbnail, and nothing else is made', async () => {
    const dir = path.join(server.config.uploadsDir, String(server.storeId), 'feed');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'abc123_t.webp'), await sharp(await pngImage(400, 300)).webp().toBuffer());
    expect(await widthOf(`/images/${server.storeId}/feed/abc123_m.webp`)).toMatchObject({ width: 400, height: 300 });
    expect(fs.existsSync(path.join(dir, 'abc123_m.webp'))).toBe(false);

    for (const bad of [`/images/${server.storeId}/feed/missing_m.webp`, '/images/..%2F..%2Fetc%2Fpasswd_m.webp', `/images/${server.storeId}/feed/abc123_x.webp`]) {
      expect((await server.get(bad)).status, bad).toBe(404);
    }
  });
});
