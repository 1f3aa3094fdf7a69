import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openInApp, test, expect, type ShopServer } from './fixtures';

/**
 * The storefront's side of the seed's error catalogue (section 8): a session the server rejects, a 500,
 * the banner load failure, the 401/404 pages, the texts and the empty states, and the upload progress of
 * the question form.
 */
const isApi = (name: string) => (url: URL) => url.pathname === '/api' && url.searchParams.get('api') === name;

/** The first screen without the answers the server inlines into index.html, so the app asks for them. */
async function withoutInlinedShop(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api') && !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      // The rendered page's state goes too: the app draws the page itself and asks for all it needs.
      const html = (await res.text()).replace(/<script id="shop-data"[^>]*>[\s\S]*?<\/script>/, '').replace(/<script type="application\/json" id="ssr-data">[\s\S]*?<\/script>/, '');
      await route.fulfill({ response: res, body: html, headers: { ...res.headers(), 'content-length': String(Buffer.byteLength(html)) } });
    },
  );
}

test('a stored session the server rejects is cleared: signed out, the menu offers the sign-in', async ({ page }) => {
  // The session is there before the app starts (once: not again on later page loads).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('user_id', '7');
    localStorage.setItem('token_seq', '1');
    localStorage.setItem('token', 'forged-token');
  });
  // Whichever call answers first (the owner check, the notification poll) carries token 'error'.
  const rejectedBy: string[] = [];
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (url.pathname !== '/api') return;
    const body = await r.json().catch(() => null);
    if (body?.token === 'error') rejectedBy.push(url.searchParams.get('api') ?? '');
  });
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { name: 'Избранное' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => ['user_id', 'token_seq', 'token'].map((k) => localStorage.getItem(k)))).toEqual([null, null, null]);
  await expect.poll(() => rejectedBy.length).toBeGreaterThan(0);
  await page.getByRole('banner').getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  // Later calls go without the dead session: no token error again.
  const later = page.waitForResponse((r) => isApi('offers')(new URL(r.url())));
  await openInApp(page, '/category/1-11/1');
  expect(await (await later).json()).not.toHaveProperty('token');
});

test('a 500 answer shows the server-error panel (not the no-connection one); its retry loads the list', async ({ page }) => {
  let fail = true;
  await page.route(isApi('offers'), (route) => (fail ? route.fulfill({ status: 500, json: { error: { code: 'server_error', message: 'Internal Server Error' } } }) : route.fallback()));
  // The list as the app opens it (a server-rendered list comes with its products and asks for none).
  await page.goto('/cart');
  await openInApp(page, '/category/1-11/1');
  const panel = page.getByRole('alert').filter({ hasText: 'Проблемы с подключением к серверу, попробуйте перезагрузить страницу' });
  await expect(panel).toBeVisible();
  await expect(page.getByText('Отсутствует интернет-соединение')).toHaveCount(0);
  // The server answered: the network is there, no 'Оффлайн' banner.
  await expect(page.getByText('Оффлайн')).toHaveCount(0);
  fail = false;
  await panel.getByRole('button', { name: 'Повторить попытку' }).click();
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test("a banner load failure is only logged ('no banner'): the category page shows without banners or a loader", async ({ page }) => {
  await withoutInlinedShop(page);
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  let asked = 0;
  await page.route(isApi('shop_banners'), (route) => {
    asked++;
    return route.abort('internetdisconnected');
  });
  // The category page as the app opens it (a server-rendered one comes with its banners).
  await page.goto('/cart');
  await openInApp(page, '/category/0');
  await expect(page.getByRole('link', { name: 'Аудиокниги' }).first()).toBeVisible();
  await expect.poll(() => logged.some((l) => l.startsWith('no banner'))).toBe(true);
  expect(asked).toBe(1);
  await expect(page.getByRole('region', { name: 'Акции' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Загрузка…' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('unknown paths go to /404, /401 has its page; each has a button to the main page', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.getByRole('button', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/category\/0/);

  await page.goto('/401');
  await expect(page.getByRole('heading', { name: 'Вход не выполнен' })).toBeVisible();
  await page.getByRole('button', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/category\/0/);
});

test('the texts in English: page not found, unauthorized entry, no information, the server error', async ({ page }) => {
  await page.goto('/404');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/401');
  await expect(page.getByRole('heading', { name: 'Unauthorized entry' })).toBeVisible();

  await page.route(isApi('stores'), async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.stores[0].delivery = '';
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/delivery');
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('No information found for your request');

  await page.route(isApi('offers'), (route) => route.fulfill({ status: 500, json: { error: { code: 'server_error' } } }));
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('alert')).toContainText('Problems connecting to the server, try reloading the page');
});

test("the empty states: 'Список пуст', 'Корзина пуста', 'Список заказов пуст', no filters, 'Информация не найдена'", async ({ page }) => {
  await page.route(isApi('offers'), (route) => route.fulfill({ json: { offers: [] } }));
  await page.goto('/cart');
  await openInApp(page, '/category/1-11/1');
  await expect(page.getByText('Список пуст')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText('Корзина пуста')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('device_id', `e2e-empty-${Math.random().toString(36).slice(2)}`));
  await page.goto('/my_orders');
  await expect(page.getByText('Список заказов пуст')).toBeVisible();

  await page.route(isApi('offers_params'), (route) => route.fulfill({ json: { offers_params: [] } }));
  await page.goto('/category/1-11/1');
  // The filters page opens from a list (without a previous page it goes to /).
  await page.getByRole('banner').getByRole('link', { name: 'Фильтры' }).click();
  await expect(page).toHaveURL(/\/filters\/1-11$/);
  await expect(page.getByText('Фильтры не найдены')).toBeVisible();

  await page.route(isApi('stores'), async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.stores[0].contacts = '<p><br></p>';
    await route.fulfill({ response: res, json: body });
  });
  // Opened in the app, which asks for the texts (a server-rendered /contacts carries the shop's own).
  await openInApp(page, '/contacts');
  await expect(page.getByRole('region', { name: 'Контакты' })).toContainText('Информация не найдена');
});

/** An order of a new device, placed through the api (as the my-orders spec does). */
async function orderOfNewDevice(shop: ShopServer): Promise<{ id: number; device: string }> {
  const device = `e2e-err-${Math.random().toString(36).slice(2, 12)}`;
  const form = new URLSearchParams({
    idempotency_key: `e2e-${Math.random().toString(36).slice(2)}`,
    device_id: device,
    client_name: 'Анна',
    client_phone: '+79991234567',
    client_payment: 'card',
    client_receiving: 'pickup',
    'p[674_place_id]': '1',
    'item[1001]': '1',
  });
  const res = await fetch(`${shop.url}/api?api=orders`, { method: 'POST', body: form });
  const body = (await res.json()) as { orders: number[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.orders[0], device };
}

test("the question form shows 'Загрузка N%' while a large picture goes up, then the question is sent", async ({ page, shop }) => {
  const { id, device } = await orderOfNewDevice(shop);
  await page.goto('/404');
  await page.evaluate((d) => localStorage.setItem('device_id', d), device);
  await page.goto(`/order/${id}/review`);
  await page.getByRole('textbox', { name: 'Почта или номер телефона для связи' }).fill('anna@example.com');
  await page.getByRole('textbox', { name: 'Сообщение' }).fill('Что на фото?');
  // A real JPEG with 3 MB after its end (decoders stop at the end marker): a large upload.
  const jpeg = fs.readFileSync(path.resolve(import.meta.dirname, '../server/demo/images/blanket.jpg'));
  await page.locator('input[type=file]').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([jpeg, Buffer.alloc(3 * 1024 * 1024)]) });
  await expect(page.getByRole('img', { name: 'photo.jpg' })).toBeVisible();

  // A slow uplink (Chromium's network emulation): 3 MB at 512 KB/s take about 6 s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  const bar = page.getByRole('progressbar', { name: /^Загрузка \d+%$/ });
  await expect(bar).toHaveCount(0);
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^Загрузка \d+%$/)).toBeVisible();
  // It moves on: a share between the start and the end is shown.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('upload-progress.png') });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(page.getByRole('status').filter({ hasText: 'Вопрос отправлен' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
  await expect(bar).toHaveCount(0);
});
