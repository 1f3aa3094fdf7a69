import { test, expect, holdCategoryList, kvantProCard } from './fixtures';
import { A5, seedCheckout } from './cartSeed';

/**
 * What a reader without JavaScript and a crawler get (server/features/seo): the catalogue and the item page
 * readable with names and prices; with JavaScript the app starts over it without a console error; the
 * seed apps' `#/category/...` links open the real page.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue list and the item page are readable: headings, product links, prices, the picture', async ({ page }, info) => {
    // The heading in the first screen (the server-rendered category page; its products in the noscript copy below).
    const card = await kvantProCard(page, { path: '/category/1', heading: 'Электроника', cards: '.seo-cards li', price: '39\u00a0990 ₽' });
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

test('the title follows the page: the server’s on a hydrated page, the same form on the pages the app opens after', async ({ page, consoleErrors }, info) => {
  const shop = 'Демо-магазин — конструктор интернет-магазинов';
  await page.goto('/category/1-11/item/1003');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  await expect(page).toHaveTitle(`Смартфон Квант X Pro 256 ГБ — ${shop}`);
  await page.locator('#root .breadcrumbs').getByRole('link', { name: 'Смартфоны' }).click();
  await expect(page).toHaveTitle(`Смартфоны — ${shop}`);
  await page.goto('/delivery');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  await expect(page).toHaveTitle(`Доставка — ${shop}`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }).click();
  await expect(page).toHaveTitle(`Контакты — ${shop}`);
  await page.goto(`/search/word/${encodeURIComponent('Квант')}`);
  await expect(page).toHaveTitle(`Результаты поиска «Квант» — ${shop}`);
  await page.goto('/cart');
  await expect(page).toHaveTitle(`Корзина — ${shop}`);
  // The header's link on a wide window, the side menu's on a phone.
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Меню' }).click();
  await page.locator('a[href="/favourites"]:visible').first().click();
  await expect(page).toHaveTitle(`Избранное — ${shop}`);
  expect(consoleErrors).toEqual([]);
});

test('checkout and the filters are titled by their own names, in the app as on a direct open; back in the cart, the cart’s', async ({ page, consoleErrors }) => {
  const shop = 'Демо-магазин — конструктор интернет-магазинов';
  await seedCheckout(page, [A5], null, '/cart');
  await page.reload();
  await expect(page).toHaveTitle(`Корзина — ${shop}`);
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page).toHaveTitle(`Оформление заказа — ${shop}`);
  await page.goBack();
  await expect(page).toHaveTitle(`Корзина — ${shop}`);
  await page.goForward();
  await expect(page).toHaveTitle(`Оформление заказа — ${shop}`);
  // A direct open: the server's title, which the app keeps.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  await expect(page).toHaveTitle(`Оформление заказа — ${shop}`);
  // The filters open from a list (a direct open of /filters goes to the list).
  await page.goto('/category/1-11/1');
  await expect(page).toHaveTitle(`Смартфоны — ${shop}`);
  await page.getByRole('link', { name: 'Фильтры' }).click();
  await expect(page).toHaveURL(/\/filters\/1-11$/);
  await expect(page).toHaveTitle(`Фильтры — ${shop}`);
  await page.goBack();
  await expect(page).toHaveTitle(`Смартфоны — ${shop}`);
  expect(consoleErrors).toEqual([]);
});

/** The categories #shop-data carries on a page (server/features/stores/indexInline.ts) and whether they are only the first screen's. */
async function inlinedCategories(page: import('@playwright/test').Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const data = JSON.parse(/<script id="shop-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as { offers_category: { categoryId: string }[]; offers_category_partial?: unknown };
  return { ids: data.offers_category.map((c) => c.categoryId), partial: !!data.offers_category_partial };
}

test('a legacy #/category link of the native apps opens the real item page, a third-level category the first screen of / does not inline', async ({ page, consoleErrors }) => {
  // The premise: / inlines only its first screen's categories (the top level), not Аудио (13) nor Наушники (131).
  const home = await inlinedCategories(page, '/');
  expect(home.partial).toBe(true);
  expect(home.ids).toContain('1');
  expect(home.ids).not.toContain('13');
  expect(home.ids).not.toContain('131');
  // The whole list comes late: the item page waits for it (the loader, not /404), then shows.
  const list = await holdCategoryList(page);
  await page.goto('/#/category/1-13-131/item/1303');
  await expect(page).toHaveURL(/\/category\/1-13-131\/item\/1303$/);
  await expect.poll(() => list.asked.length).toBe(1);
  await expect(page.getByRole('status', { name: 'Загрузка' })).toBeVisible();
  await expect(page).toHaveURL(/\/category\/1-13-131\/item\/1303$/);
  list.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Наушники спортивные Ладога Спорт' })).toBeVisible();
  await expect(page).toHaveURL(/\/category\/1-13-131\/item\/1303$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Аудио' })).toBeVisible();
  expect(list.asked).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('a legacy link whose category list cannot be loaded shows the no-connection panel, not a loader forever nor /404; its retry opens the item', async ({ page, consoleErrors }) => {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'offers_category',
    (route) => (asked.push(route.request().url()), route.abort('internetdisconnected')),
  );
  await page.clock.install();
  await page.goto('/#/category/1-13-131/item/1303');
  // Retried like a list (the seed's 5 retries, 5 s apart), then given up.
  for (let i = 0; i < 6; i++) {
    await expect.poll(() => asked.length).toBe(1 + i);
    if (i < 5) await page.clock.runFor(5000);
  }
  await expect(page.getByRole('button', { name: 'Повторить попытку' })).toBeVisible();
  await expect(page).toHaveURL(/\/category\/1-13-131\/item\/1303$/);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Повторить попытку' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Наушники спортивные Ладога Спорт' })).toBeVisible();
  expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
});
