import { test, expect } from './fixtures';

/**
 * What a reader without JavaScript and a crawler get (server/features/seo): the catalogue and the item page
 * readable with names and prices; with JavaScript the app starts over it without a console error; the
 * seed apps' `#/category/...` links open the real page.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue list and the item page are readable: headings, product links, prices, the picture', async ({ page }, info) => {
    await page.goto('/category/1');
    // In the first screen (the server-rendered category page; its products in the noscript copy below).
    await expect(page.getByRole('heading', { level: 1, name: 'Электроника' })).toBeInViewport();
    const card = page.locator('.seo-cards li').filter({ hasText: 'Смартфон Квант X Pro 256 ГБ' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('39\u00a0990 ₽');
    await page.screenshot({ path: info.outputPath('seo-list.png'), fullPage: false });

    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/category\/1-11\/item\/1003$/);
    // The item page is server-rendered (features/seo/ssr.ts): the app's own HTML, no noscript copy.
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
    await expect(page.locator('.seo-page')).toHaveCount(0);
    await expect(page.locator('#root .item__summary')).toContainText('39\u00a0990 ₽');
    await expect(page.locator('#root .item__gallery img:visible').first()).toBeVisible();
    await expect(page.locator('#root .breadcrumbs').getByRole('link', { name: 'Электроника' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('seo-item.png'), fullPage: false });
  });
});

test('with JavaScript the app replaces nothing the server sent with an error: no console error, the noscript content hidden', async ({ page, consoleErrors }) => {
  await page.goto('/category/1-11/item/1003');
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
  await expect(page.locator('.seo-page')).toHaveCount(0);
  expect(await page.title()).toBe(await page.evaluate(() => document.title));
  expect(consoleErrors).toEqual([]);
});

test('a legacy #/category link of the native apps opens the real item page', async ({ page }) => {
  await page.goto('/#/category/1-11/item/1003');
  await expect(page).toHaveURL(/\/category\/1-11\/item\/1003$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
});
