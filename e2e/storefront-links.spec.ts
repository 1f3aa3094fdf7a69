import type { Page } from '@playwright/test';
import { test, expect, type ShopServer } from './fixtures';

/**
 * Links in and out of the shop in a browser: back never leaves the shop (a deep link's back arrow goes up a
 * level; an item entered from its list goes back to it), the product link and the order number copied with
 * the clipboard toasts (and the failure), addresses opening a maps search, the shop's tel:/mailto:, sign-out
 * returning to the stored 'back' address through the redirect-back (loader, logo probe ?t=, 1.5 s retry).
 * Nothing reaches the internet: the maps site is answered locally.
 */

const ITEM = '/category/1-11/item/1001';
const MAPS = /^https:\/\/yandex\.ru\/maps\//;

const api = async <T = any>(shop: ShopServer, name: string, form: Record<string, string>): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${shop.url}/api?api=${name}`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as T };
};

/** A customer's session by phone (api=sms_code is refused for 20 s after the last code to a phone). */
async function signIn(shop: ShopServer, phone: string) {
  for (let i = 0; ; i++) {
    const since = Date.now();
    const r = await api(shop, 'sms_code', { phone });
    if (r.status === 200) {
      const login = await api<{ user_id: string; token_seq: string; token: string }>(shop, 'login', { phone, code: await shop.smsCode(phone, { since }) });
      expect(login.status).toBe(200);
      return login.body;
    }
    if (r.status !== 429 || i > 25) throw new Error(`sms_code ${r.status}`);
    await new Promise((ok) => setTimeout(ok, 1000));
  }
}

const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) > 1099;

/** The maps site answered here (no internet); the popup it opens is returned. */
async function expectMapsPopup(page: Page, click: () => Promise<void>, address: string) {
  await page.context().route(MAPS, (r) => r.fulfill({ contentType: 'text/html', body: '<title>maps</title>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()]);
  await expect.poll(() => popup.url()).toMatch(MAPS);
  expect(new URL(popup.url()).searchParams.get('text')).toBe(address);
  await popup.close();
}

test('a deep link to an item: the first page remembers its referrer, and the back arrow goes to the item’s list, not out of the shop', async ({ page }) => {
  test.skip(isWide(page), 'the back arrow is the phones’ header control');
  await page.goto('/404');
  await page.goto(ITEM, { referer: 'https://vk.com/feed' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Квант A5');
  const entry = await page.evaluate(() => JSON.parse(sessionStorage.getItem('entry') ?? 'null'));
  // The 404 page before it was the visit's first page; a fresh tab starts its visit with the deep link.
  expect(entry).toMatchObject({ deep: true });
  const fresh = await page.context().newPage();
  await fresh.goto(ITEM, { referer: 'https://vk.com/feed' });
  await expect(fresh.getByRole('heading', { level: 1 })).toContainText('Квант A5');
  expect(await fresh.evaluate(() => JSON.parse(sessionStorage.getItem('entry') ?? 'null'))).toEqual({ path: ITEM, referrer: 'https://vk.com/feed', deep: true });
  await fresh.getByRole('button', { name: 'Назад' }).click();
  await expect(fresh).toHaveURL(/\/category\/1-11\/1$/);
  await expect(fresh.locator(`a[href$="${ITEM}"]`).first()).toBeVisible();
  // Back replaced the item page: one more step back would be the page before the shop, as the browser has it.
  await fresh.close();
});

test('an item entered from its list records that list, and back returns to it with the product in view', async ({ page }) => {
  test.skip(isWide(page), 'the back arrow is the phones’ header control');
  await page.goto('/category/1-11/1');
  const card = page.locator('a[href*="/item/"]').nth(3);
  await card.scrollIntoViewIfNeeded();
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The router changes the address first and records the entry when the new page renders: wait for it.
  const recorded = () => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('itemFrom:')).map((k) => sessionStorage.getItem(k)));
  await expect.poll(recorded).toContain('/category/1-11/1');
  await page.getByRole('button', { name: 'Назад' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.locator(`a[href="${href}"]`).first()).toBeInViewport();
});

test('the item page copies its link: the clipboard holds the item’s address and a toast says so', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(ITEM);
  await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
  await expect(page.getByText('Скопировано в буфер обмена')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${ITEM}`);
});

test('a copy that fails says so: the clipboard_error toast', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    document.execCommand = () => false;
  });
  await page.goto(ITEM);
  await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
  const toast = page.getByText('Не удалось скопировать');
  await expect(toast).toBeVisible();
});

test('the order page: the number copies, the address opens a maps search, the shop’s phone and e-mail are tel: and mailto:', async ({ page, context, shop }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const device = `e2e-links-${Math.random().toString(36).slice(2, 12)}`;
  const placed = await api<{ orders: number[] }>(shop, 'orders', {
    idempotency_key: `e2e-${Math.random().toString(36).slice(2)}`,
    device_id: device,
    client_name: 'Анна',
    client_phone: '+79991234567',
    client_payment: 'cash',
    client_receiving: 'delivery',
    client_address: 'Каменноостровский пр., 20',
    client_coords: '59.962,30.311',
    client_house: '20',
    'item[1001]': '1',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const id = placed.body.orders[0];
  await page.goto('/404');
  await page.evaluate((d) => localStorage.setItem('device_id', d), device);
  await page.goto(`/order/${id}`);
  await expect(page.getByRole('heading', { name: `Заказ №${id}` })).toBeVisible();

  await page.getByRole('button', { name: 'Скопировать номер заказа' }).click();
  await expect(page.getByText('Скопировано в буфер обмена')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(id));

  const address = page.getByRole('main').getByRole('link', { name: /Каменноостровский пр., 20/ });
  await expect(address).toHaveAttribute('href', `https://yandex.ru/maps/?text=${encodeURIComponent('Каменноостровский пр., 20')}`);
  await expectMapsPopup(page, () => address.click(), 'Каменноостровский пр., 20');
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));

  const contacts = page.locator('.shop-contacts');
  await expect(contacts.getByRole('link', { name: '+7 (812) 555-01-23' })).toHaveAttribute('href', 'tel:+78125550123');
  // The e-mail link is built from the e-mail (the seed built it from the phone).
  await expect(contacts.getByRole('link', { name: 'shop@example.com' })).toHaveAttribute('href', 'mailto:shop@example.com');
});

test('the order form: a pickup place’s address opens a maps search', async ({ page }) => {
  await page.goto('/404');
  await page.evaluate(() => {
    localStorage.setItem('Cart', JSON.stringify([{ id: '1001', categoryId: '11', name: 'Смартфон Квант A5 64 ГБ', price: 12990, quantity: 1, currencyId: 'RUR', images: [] }]));
    localStorage.removeItem('orderForm');
  });
  await page.goto('/order');
  await page.getByRole('main').getByText('Самовывоз', { exact: true }).click();
  const address = page.getByRole('main').getByRole('link', { name: /Каменноостровский пр., 10/ });
  await expect(address).toBeVisible();
  await expectMapsPopup(page, () => address.click(), 'Санкт-Петербург, Каменноостровский пр., 10');
  // The link is inside the place's label but only opens the map.
  await expect(page).toHaveURL(/\/order$/);
});

test('sign-out on the web returns to the stored back address: a loader, the probe with ?t=, a retry 1.5 s after a failure', async ({ page, shop, baseURL }) => {
  const auth = await signIn(shop, '+79990001122');
  const back = `${baseURL}/contacts?from=logout`;
  await page.goto('/404');
  await page.evaluate((a) => {
    localStorage.setItem('user_id', String(a.user_id));
    localStorage.setItem('token_seq', String(a.token_seq));
    localStorage.setItem('token', a.token);
  }, auth);
  await page.goto(`/?back=${encodeURIComponent(back)}`);
  await expect(page).toHaveURL(/\/category\/0/);
  expect(await page.evaluate(() => localStorage.getItem('back'))).toBe(back);

  const probes: { url: string; at: number }[] = [];
  await page.route(/\/config\.json\?t=\d+$/, async (route) => {
    probes.push({ url: route.request().url(), at: Date.now() });
    if (probes.length === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('status', { name: 'Возвращаемся…' })).toBeVisible();
  await expect(page).toHaveURL(back, { timeout: 15_000 });
  expect(probes).toHaveLength(2);
  expect(probes[1].at - probes[0].at).toBeGreaterThanOrEqual(1400);
  const stamp = Number(new URL(probes[0].url).searchParams.get('t'));
  expect(Math.abs(stamp - probes[0].at)).toBeLessThan(5_000);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
