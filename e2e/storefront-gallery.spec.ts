import type { Page } from '@playwright/test';
import { test, expect, afterTwoFrames } from './fixtures';

/** A one-finger swipe to the left over the middle of the picture, as touch events with a drawn frame between moves. */
async function swipeLeft(page: Page) {
  const box = (await page.locator('.gallery--mobile').boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width * 0.7, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width * (0.7 - i * 0.06), y }] });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The item page's pictures: Swiper with bullets on phones (loaded only there), a zoom lens and miniatures on wide screens. */
test('phones: the picture slider with bullets and prev/next zones; Swiper loads only with the item page', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone layout');
  const chunks: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && chunks.push(r.url()));
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('link', { name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
  expect(chunks.filter((u) => /MobileGallery|ItemPage/.test(u))).toEqual([]);

  await page.getByRole('link', { name: 'Смартфон Квант X Pro 256 ГБ' }).click();
  const bullets = page.getByRole('button', { name: /^Фото \d$/ });
  await expect(bullets).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Фото 1' })).toHaveAttribute('aria-current', 'true');
  // The slider itself mounts on the first tap or touch (PhoneGallery): not while the page loads, nor in the frames after.
  await afterTwoFrames(page);
  await expect(page.locator('.swiper-initialized')).toHaveCount(0);

  await page.getByRole('button', { name: 'Следующее фото' }).click();
  await expect(page.getByRole('button', { name: 'Фото 2' })).toHaveAttribute('aria-current', 'true');
  expect(chunks.some((u) => /MobileGallery/.test(u))).toBe(true);
  await page.getByRole('button', { name: 'Фото 4' }).click();
  await expect(page.getByRole('button', { name: 'Фото 4' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Предыдущее фото' }).click();
  await expect(page.getByRole('button', { name: 'Фото 3' })).toHaveAttribute('aria-current', 'true');

  // A swipe to the left shows the next picture (once the last slide animation is over: the slide stands fully in view).
  const slider = page.getByRole('group', { name: 'Фото 3 из 4' });
  await expect(slider).toBeInViewport({ ratio: 1 });
  await swipeLeft(page);
  await expect(page.getByRole('button', { name: 'Фото 4' })).toHaveAttribute('aria-current', 'true');
});

test('phones: the first swipe on a loaded item page moves the pictures; the bullets stay where they were', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone layout');
  await page.goto('/category/1-11/item/1003');
  const where = () => page.getByRole('button', { name: /^Фото \d$/ }).evaluateAll((els) => els.map((e) => JSON.stringify(e.getBoundingClientRect())));
  const before = await where();
  expect(before).toHaveLength(4);
  await expect(page.locator('.swiper-initialized')).toHaveCount(0);

  // This touch wakes the slider and is handed to it: the same gesture turns the picture.
  await swipeLeft(page);
  await expect(page.getByRole('button', { name: 'Фото 2' })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.swiper-initialized')).toHaveCount(1);
  expect(await where()).toEqual(before);
  await expect(page.getByRole('group', { name: 'Фото 2 из 4' })).toBeInViewport({ ratio: 1 });
  await swipeLeft(page);
  await expect(page.getByRole('button', { name: 'Фото 3' })).toHaveAttribute('aria-current', 'true');
});

test('phones: a bullet pressed before the slider is up shows its picture', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone layout');
  await page.goto('/category/1-11/item/1003');
  await page.getByRole('button', { name: 'Фото 3' }).click();
  await expect(page.getByRole('button', { name: 'Фото 3' })).toHaveAttribute('aria-current', 'true');
  // A picture's alt names the product (search engines read it), then its place in the gallery.
  await expect(page.getByRole('img', { name: 'Смартфон Квант X Pro 256 ГБ, фото 3 из 4', exact: true })).toBeInViewport({ ratio: 0.9 });
});

test('wide screens: hover zoom with a lens, a strip of miniatures, no Swiper', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'wide layout');
  const chunks: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && chunks.push(r.url()));
  await page.goto('/category/1-11/item/1003');
  const picture = page.getByRole('img', { name: 'Смартфон Квант X Pro 256 ГБ, фото 1 из 4', exact: true });
  await expect(picture).toBeVisible();
  const strip = page.getByRole('list', { name: 'Фотографии товара' });
  // floor((560 − 60) / 122) = 4 miniatures fit: all four show, no arrows.
  await expect(strip.getByRole('button')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Следующее фото' })).toHaveCount(0);

  await expect(page.getByRole('img', { name: 'Увеличенное фото' })).toHaveCount(0);
  await picture.hover({ position: { x: 200, y: 200 } });
  const zoom = page.getByRole('img', { name: 'Увеличенное фото' });
  await expect(zoom).toBeVisible();
  expect(await zoom.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/images/');
  await page.mouse.move(5, 5);
  await expect(zoom).toHaveCount(0);

  await strip.getByRole('button', { name: 'Фото 3 из 4' }).click();
  await expect(strip.getByRole('button', { name: 'Фото 3 из 4' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: 'Смартфон Квант X Pro 256 ГБ, фото 3 из 4', exact: true })).toBeVisible();
  expect(chunks.filter((u) => /MobileGallery/.test(u))).toEqual([]);
});

test('a picture that does not load shows the placeholder in the item gallery, not a broken image with its alt text', async ({ page }, info) => {
  // Every picture of the shop answers 404, as a feed's dead picture links do.
  await page.route('**/images/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/category/1-11/item/1001');
  const frame = page.locator('.gallery__main').locator('visible=true');
  // The first picture failed before the app started (a server-rendered page): seen when the gallery mounts.
  await expect(frame.getByRole('img', { name: 'Смартфон Квант A5 64 ГБ, фото 1 из 3' })).toBeVisible();
  await expect(frame.locator('img')).toHaveCount(0);
  await expect(frame.locator('.product-image__stub')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath(`gallery-broken-${info.project.name}.png`) });
  // Another picture (a bullet on phones, a miniature on wide screens) that fails too shows the placeholder as well.
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Фото 2' }).click();
  else await page.getByRole('button', { name: 'Фото 2 из 3' }).click();
  const second = page.getByRole('img', { name: 'Смартфон Квант A5 64 ГБ, фото 2 из 3' }).locator('visible=true');
  await expect(second).toBeVisible();
  await expect(second).toHaveClass(/product-image__stub/);
});
