import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Responsive pictures (issue 13, item 3): cards, the item gallery and the banners name their WebP sizes in
 * srcset with width and height; the page's LCP picture is preloaded from the head with the same candidates,
 * eager and high priority; the rest of a list's first screen is eager, the other pictures are lazy. Checked at
 * 390 and 1280 px.
 */

interface Img {
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  currentSrc: string;
}
const imgs = (page: Page, selector: string): Promise<Img[]> =>
  page.locator(selector).evaluateAll((els) =>
    (els as HTMLImageElement[]).map((el) => ({
      srcset: el.getAttribute('srcset'),
      sizes: el.getAttribute('sizes'),
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      loading: el.getAttribute('loading'),
      fetchpriority: el.getAttribute('fetchpriority'),
      currentSrc: el.currentSrc,
    })),
  );
const preload = (page: Page) => page.locator('head link[rel="preload"][as="image"]').evaluateAll((els) => els.map((el) => ({ srcset: el.getAttribute('imagesrcset'), sizes: el.getAttribute('imagesizes'), priority: el.getAttribute('fetchpriority') })));
/** The picture requests of the page (path under /images/). */
const watchPictures = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const m = /\/images\/(.+)$/.exec(r.url());
    if (m && r.resourceType() === 'image') seen.push(m[1]);
  });
  return seen;
};

test('list cards: 400 and 800 px WebP in srcset with width and height, the first card preloaded and high priority, the first screen eager, the rest lazy', async ({ page }) => {
  const requests = watchPictures(page);
  await page.goto('/category/1/1');
  await expect(page.locator('.product-grid .card img').first()).toBeVisible();
  const cards = await imgs(page, '.product-grid .card img');
  expect(cards.length).toBeGreaterThan(8);
  for (const c of cards) {
    expect(c.srcset).toMatch(/_t\.webp 400w, \S+_m\.webp 800w$/);
    expect(c.sizes).toBe('(min-width: 1100px) 300px, (min-width: 600px) 33vw, 50vw');
    expect([c.width, c.height]).toEqual(['400', '400']);
  }
  expect(cards[0]).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
  // The first screen's pictures load with the page (a lazy one painted last became the LCP), the rest wait.
  for (const c of cards.slice(1, 8)) expect(c).toMatchObject({ loading: 'eager', fetchpriority: null });
  for (const c of cards.slice(8)) expect(c).toMatchObject({ loading: 'lazy', fetchpriority: null });
  const inView = await page.locator('.product-grid .card img').evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().top < window.innerHeight).map((el) => el.getAttribute('loading')));
  expect(inView.length).toBeGreaterThan(0);
  expect(inView).toEqual(inView.map(() => 'eager'));
  // The head names the same candidates, so the preloaded picture is the one the card shows (fetched once).
  expect(await preload(page)).toEqual([{ srcset: cards[0].srcset, sizes: cards[0].sizes, priority: 'high' }]);
  await expect.poll(() => page.locator('.product-grid .card img').first().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const first = (await imgs(page, '.product-grid .card img'))[0].currentSrc;
  expect(first).toMatch(/_t\.webp$/);
  const name = /\/images\/(.+)$/.exec(first)![1];
  expect(requests.filter((r) => r === name)).toHaveLength(1);
  // No card asks for an original (a .jpg/.png of up to 1600 px).
  expect(requests.filter((r) => !/\.webp$/.test(r))).toEqual([]);
});

test('a phone of pixel ratio 3 takes the 800 px card picture, never the 1600 px original', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone');
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'ru-RU' });
  const page = await context.newPage();
  const requests = watchPictures(page);
  await page.goto('/category/1-11/1');
  await expect.poll(() => page.locator('.product-grid .card img').first().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect((await imgs(page, '.product-grid .card img'))[0].currentSrc).toMatch(/_m\.webp$/);
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((r) => !/\.webp$/.test(r))).toEqual([]);
  await context.close();
});

test('item gallery: the first picture preloaded, eager and high priority at the size the screen needs, with 400/800/original candidates', async ({ page }, info) => {
  const requests = watchPictures(page);
  await page.goto('/category/1-11/item/1003');
  const main = page.locator('.gallery__main img');
  await expect(main.first()).toBeVisible();
  await expect.poll(() => main.first().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const pics = await imgs(page, '.gallery__main img');
  const first = pics[0];
  expect(first.srcset).toMatch(/^\S+_t\.webp 400w, \S+_m\.webp 800w, \S+\.(jpg|png|webp) 1600w$/);
  expect(first.sizes).toBe('(min-width: 1100px) 560px, 100vw');
  expect([first.width, first.height]).toEqual(['800', '800']);
  expect(first.fetchpriority).toBe('high');
  expect(first.loading === null || first.loading === 'eager').toBe(true);
  expect(await preload(page)).toEqual([{ srcset: first.srcset, sizes: first.sizes, priority: 'high' }]);
  if (info.project.name === 'mobile') {
    // 390 px at pixel ratio 1: the 400 px WebP; the other slides are lazy.
    expect(first.currentSrc).toMatch(/_t\.webp$/);
    // The slider mounts on the first tap (PhoneGallery): until then the first picture stands alone.
    await expect(main).toHaveCount(1);
    await page.getByRole('button', { name: 'Следующее фото' }).click();
    await expect(main).toHaveCount(4);
    const slides = await imgs(page, '.gallery__main img');
    for (const p of slides.slice(1)) expect(p.loading).toBe('lazy');
  } else {
    // A 560 px column: the 800 px WebP, not the original; the miniatures are lazy thumbnails.
    expect(first.currentSrc).toMatch(/_m\.webp$/);
    const minis = await imgs(page, '.gallery__thumbs img');
    expect(minis.length).toBe(4);
    for (const m of minis) expect(m).toMatchObject({ loading: 'lazy', width: '110', height: '110' });
  }
  const shown = /\/images\/(.+)$/.exec(first.currentSrc)![1];
  expect(requests.filter((r) => r === shown)).toHaveLength(1);
});

test('home: the first banner is preloaded, eager and high priority, the other banners lazy, all with width and height', async ({ page }) => {
  await page.goto('/');
  const banners = page.locator('.banners img.banner__media');
  await expect(banners.first()).toBeVisible();
  const all = await imgs(page, '.banners img.banner__media');
  expect(all.length).toBe(3);
  for (const b of all) {
    expect(b.srcset).toMatch(/^\S+_t\.webp 400w, \S+_m\.webp 800w, \S+ 1600w$/);
    expect([b.width, b.height]).toEqual(['1200', '400']);
  }
  expect(all[0]).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
  for (const b of all.slice(1)) expect(b.loading).toBe('lazy');
  expect(await preload(page)).toEqual([{ srcset: all[0].srcset, sizes: all[0].sizes, priority: 'high' }]);
});
