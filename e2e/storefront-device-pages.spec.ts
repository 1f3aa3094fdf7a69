import { test, expect, hydrated } from './fixtures';

/**
 * The shopper's own pages opened directly (cart, favourites, sign-in, my orders, an order; issue 36): the server
 * sends the shop's shell with the page's own heading, which paints before the app starts; the app then draws the
 * page in its place, from this device's data.
 */
test('a device page opened directly (issue 36): the server sends the shop’s shell, which paints before the app starts; the browser draws the page itself, the header counts this device’s cart', async ({ page, consoleErrors }, info) => {
  await page.goto('/delivery');
  await page.evaluate(() => localStorage.setItem('Cart', JSON.stringify([{ id: '1001', categoryId: '11', name: 'Смартфон Квант A5 64 ГБ', price: 12990, quantity: 2, currencyId: 'RUR', images: [] }])));
  const pages = [
    { path: '/cart', shows: (p: typeof page) => p.getByRole('heading', { level: 1, name: 'Корзина' }) },
    { path: '/favourites', shows: (p: typeof page) => p.getByRole('heading', { level: 1, name: 'Избранное' }) },
    { path: '/login', shows: (p: typeof page) => p.getByRole('textbox', { name: 'Телефон' }) },
  ];
  for (const p of pages) {
    // Before any script: the header, menu and footer are in the HTML; the page's own part is left to the browser.
    const html = await (await page.request.get(p.path)).text();
    expect(html, p.path).toMatch(/<div id="root">.*<header class="header">/s);
    expect(html, p.path).toContain('<footer class="footer">');
    expect(html, p.path).toContain('data-dgst="client-only"');
    expect(html, p.path).toContain('id="ssr-data"');
    await page.goto(p.path);
    await expect(p.shows(page), p.path).toBeVisible();
    const t = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      app: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime,
    }));
    // The first paint is the server's shell: it comes before the app is even asked for (it used to wait for it).
    expect(t.paint, p.path).toBeGreaterThan(0);
    expect(t.app, p.path).toBeGreaterThanOrEqual(t.paint!);
    await page.waitForFunction(hydrated);
    // This device's cart, not the server's empty one, once hydrated.
    await expect(page.getByRole('link', { name: 'Корзина, товаров: 2' }).first(), p.path).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Корзина' })).toHaveCount(0);
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'Корзина' }).getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('ssr-device-cart.png') });
  expect(consoleErrors).toEqual([]);
});

test('a device page opened directly shows its own heading at the first paint, before any script (issue 36: it was blank until the app started, 4.4-7.7 s on slow 4G)', async ({ page }, info) => {
  // The app's scripts never arrive: what shows is the server's HTML alone, as on a slow network before the app.
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, (route) => route.abort());
  const pages = { '/cart': 'Корзина', '/my_orders': 'Мои заказы', '/login': 'Вход', '/order/7': 'Заказ №7' };
  const boxes = new Map<string, unknown>();
  for (const [path, heading] of Object.entries(pages)) {
    // The frame's own goto: the page's waits up to 10 s for a hydration that never comes here (fixtures.ts).
    await page.mainFrame().goto(path);
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1, path).toBeVisible();
    boxes.set(path, await h1.boundingBox());
    // First content is the page's own: its heading is drawn at the first contentful paint, with the header.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), path).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated), path).toBeUndefined();
  }
  await page.screenshot({ path: info.outputPath('device-shell-order.png') });
  // With the app: each page draws itself where its heading was (the heading does not move).
  await page.unrouteAll();
  for (const [path, heading, content] of [['/my_orders', 'Мои заказы', 'Список заказов пуст'], ['/cart', 'Корзина', 'Корзина пуста'], ['/login', 'Вход', 'Получить код']]) {
    await page.goto(path);
    await page.waitForFunction(hydrated);
    await expect(page.getByText(content, { exact: true }), path).toBeVisible();
    expect(await page.getByRole('heading', { level: 1, name: heading }).boundingBox(), path).toEqual(boxes.get(path));
  }
});
