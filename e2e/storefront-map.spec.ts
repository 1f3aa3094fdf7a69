import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * /map: the address-picking map (Leaflet over the fake tile server, suggestions and addresses from the fake
 * Nominatim of e2e/fakes.ts, the demo delivery zones), and the shell's delivery timer.
 */

/** /map without a previous page goes to /, so it is opened from a page of the shop, as a link would. */
async function openMapFrom(page: Page, from: string) {
  await page.goto(from);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.evaluate(() => {
    history.pushState({ usr: null, key: 'map-e2e', idx: 1 }, '', '/map');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByRole('heading', { name: 'Адрес доставки' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Поиск адреса' });
const hereButton = (page: Page) => page.getByRole('button', { name: 'Я здесь' });
const storedPoint = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('deliveryPoint') ?? 'null'));

test.beforeEach(async ({ page }) => {
  await page.goto('/404');
  await page.evaluate(() => {
    localStorage.removeItem('deliveryPoint');
    localStorage.removeItem('deliveryTimer');
  });
});

test('/map opened directly (no previous page) goes to /', async ({ page }) => {
  await page.goto('/map');
  await expect(page).toHaveURL(/\/category\//);
});

test("search suggests addresses 1 s after typing, choosing one moves the map, 'Я здесь' stores the point and goes back", async ({ page, shop, consoleErrors }) => {
  const tilesBefore = shop.fakes.tiles.served;
  await openMapFrom(page, '/delivery');
  // The map starts at the first place (Каменноостровский пр., 10) and shows the address under the pin.
  await expect(searchBox(page)).toHaveValue('Каменноостровский проспект, 20, Санкт-Петербург');
  await expect(page.getByText('Каменноостровский проспект, 20, Санкт-Петербург', { exact: true })).toBeVisible();
  await expect(hereButton(page)).toBeEnabled();
  await expect.poll(() => shop.fakes.tiles.served).toBeGreaterThan(tilesBefore);
  // Leaflet's CSS came with the map's chunk: the tile pane is positioned.
  await expect(page.locator('.leaflet-tile-pane')).toHaveCSS('position', 'absolute');

  // Typing slowly (a key every 120 ms) asks once, for the whole text, after the last key.
  const searches = () => shop.fakes.geocoder.requests.filter((r) => r.path === '/search');
  const before = searches().length;
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially('Каменноостровский', { delay: 120 });
  const list = page.getByRole('listbox', { name: 'Подходящие адреса' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('option')).toHaveText(['Каменноостровский проспект, 20, Санкт-Петербург', 'Каменноостровский проспект, 26-28, Санкт-Петербург']);
  expect(searches().slice(before).map((r) => r.q)).toEqual(['Каменноостровский']);

  await list.getByRole('option', { name: 'Каменноостровский проспект, 26-28, Санкт-Петербург' }).click();
  await expect(list).toBeHidden();
  await expect(page.getByText('Каменноостровский проспект, 26-28, Санкт-Петербург', { exact: true })).toBeVisible();
  await expect(page.getByText('Извините, для вашего адреса пока нет доставки')).toBeHidden();
  await expect(hereButton(page)).toBeEnabled();
  await hereButton(page).click();

  await expect(page).toHaveURL(/\/delivery$/);
  const point = await storedPoint(page);
  expect(point.address).toBe('Каменноостровский проспект, 26-28, Санкт-Петербург');
  expect(point.house).toBe('26-28');
  expect(point.coords[0]).toBeCloseTo(59.9622, 3);
  expect(point.coords[1]).toBeCloseTo(30.3106, 3);
  expect(consoleErrors).toEqual([]);

  // Back on the map it starts at the stored point; leaving without 'Я здесь' clears it (the seed's rule).
  await openMapFrom(page, '/delivery');
  await expect(searchBox(page)).toHaveValue('Каменноостровский проспект, 26-28, Санкт-Петербург');
  await page.goBack();
  await expect(page).not.toHaveURL(/\/map$/);
  expect(await storedPoint(page)).toBeNull();
});

test('a point in Moscow is outside the delivery zone: the message shows and the point cannot be chosen', async ({ page }) => {
  await openMapFrom(page, '/delivery');
  await expect(hereButton(page)).toBeEnabled();
  await searchBox(page).fill('Тверская');
  const option = page.getByRole('option', { name: 'Тверская улица, 1, Москва' });
  await option.click();
  await expect(page.getByRole('alert')).toHaveText('Извините, для вашего адреса пока нет доставки');
  await expect(page.getByText('Тверская улица, 1, Москва', { exact: true })).toBeVisible();
  await expect(hereButton(page)).toBeDisabled();
  // Back inside the zone the message goes.
  await searchBox(page).fill('Пушкарская');
  await page.getByRole('option', { name: 'Большая Пушкарская улица, 10, Санкт-Петербург' }).click();
  await expect(page.getByText('Извините, для вашего адреса пока нет доставки')).toBeHidden();
  await expect(hereButton(page)).toBeEnabled();
});

test('the map search takes at most 400 characters, the keyboard picks a suggestion', async ({ page }) => {
  await openMapFrom(page, '/delivery');
  await searchBox(page).fill('д'.repeat(450));
  expect((await searchBox(page).inputValue()).length).toBe(400);
  await searchBox(page).fill('Пушкарская');
  await expect(page.getByRole('listbox', { name: 'Подходящие адреса' }).getByRole('option')).toHaveCount(1);
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('Enter');
  await expect(page.getByRole('listbox', { name: 'Подходящие адреса' })).toBeHidden();
  await expect(page.getByText('Большая Пушкарская улица, 10, Санкт-Петербург', { exact: true })).toBeVisible();
});

test('the delivery timer counts down to the stored date in the shell, survives a reload and resets at zero', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('deliveryTimer', JSON.stringify({ until: Date.now() + 10 * 60_000 })));
  await page.goto('/delivery');
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('Ваш заказ будет доставлен менее чем');
  await expect(timer.locator('time')).toHaveText(/^00:(10:00|09:[0-5]\d)$/);
  const first = await timer.locator('time').textContent();
  await expect(timer.locator('time')).not.toHaveText(first!, { timeout: 3000 });
  await page.reload();
  await expect(page.getByRole('timer').locator('time')).toHaveText(/^00:(10:00|09:[0-5]\d)$/);

  // A date 2 s ahead: shown, then gone and forgotten.
  await page.evaluate(() => localStorage.setItem('deliveryTimer', JSON.stringify({ until: Date.now() + 2500 })));
  await page.reload();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('timer')).toBeHidden({ timeout: 6000 });
  expect(await page.evaluate(() => localStorage.getItem('deliveryTimer'))).toBe('null');
});

test('the delivery timer hides when the shop turns it off (controls.timer = 0)', async ({ page }) => {
  // The shop's settings come inlined in the page (and from api=stores): both say timer '0' here.
  await page.route(
    (url) => url.pathname === '/delivery',
    async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: (await res.text()).replace(/"timer":"1"/g, '"timer":"0"') });
    },
  );
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'stores',
    async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.stores[0].controls.timer = '0';
      await route.fulfill({ response: res, json: body });
    },
  );
  await page.evaluate(() => localStorage.setItem('deliveryTimer', JSON.stringify({ until: Date.now() + 10 * 60_000 })));
  await page.goto('/delivery');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  // A stores call still on its way when the test ends must not fail it (its response is disposed with the page).
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a delivery order with the point chosen on the map: cart → order → map → back → order placed inside the zone', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('Cart', '[]'));
  await page.goto('/category/1-11/item/1002');
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Оформить заказ' }).or(page.getByRole('button', { name: 'Оформить заказ' })).click();
  await expect(page).toHaveURL(/\/order$/);

  const form = page.getByRole('main');
  await form.getByLabel('Имя').fill('Анна');
  await form.getByLabel('Телефон').fill('9991234567');
  await page.getByRole('radio', { name: 'Доставка' }).check();
  await page.getByRole('radio', { name: 'Наличные' }).check();
  await page.getByRole('link', { name: 'Выбрать на карте' }).click();

  await expect(page).toHaveURL(/\/map$/);
  await searchBox(page).fill('Пушкарская');
  await page.getByRole('option', { name: 'Большая Пушкарская улица, 10, Санкт-Петербург' }).click();
  await expect(page.getByText('Большая Пушкарская улица, 10, Санкт-Петербург', { exact: true })).toBeVisible();
  await hereButton(page).click();

  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByTestId('delivery-address')).toHaveText('Большая Пушкарская улица, 10, Санкт-Петербург');
  // The form kept what was typed before the map.
  await expect(page.getByRole('main').getByLabel('Имя')).toHaveValue('Анна');
  await page.getByRole('button', { name: 'Заказать' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText(/Заказ №\d+/);
  const orderId = Number(/Заказ №(\d+)/.exec((await popup.textContent()) ?? '')![1]);

  const deviceId = await page.evaluate(() => localStorage.getItem('device_id'));
  expect(deviceId).toBeTruthy();
  const res = await page.request.post(`/api?api=orders`, { form: { orderId: String(orderId), device_id: deviceId! } });
  expect(res.status()).toBe(200);
  const order = (await res.json()).orders[0];
  expect(order).toMatchObject({ id: orderId, receiving: 'delivery', address: 'Большая Пушкарская улица, 10, Санкт-Петербург' });
  expect(Number(order.latitude)).toBeCloseTo(59.9573, 3);
  expect(Number(order.longitude)).toBeCloseTo(30.3036, 3);
  const inside = await page.request.get(`/api?api=geo_check&ll=${order.latitude},${order.longitude}`);
  expect(await inside.json()).toEqual({ geo: '1' });
});

test('the map opened from a scrolled order form starts at its top: its heading and search in view (issue 36)', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('Cart', JSON.stringify([{ id: '1001', categoryId: '11', name: 'Смартфон Квант A5 64 ГБ', price: 12990, quantity: 1, currencyId: 'RUR', images: [] }])));
  await page.goto('/order');
  const toMap = page.getByRole('link', { name: 'Выбрать на карте' });
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(100);
  await expect(toMap).toBeInViewport();
  await toMap.click();
  await expect(page).toHaveURL(/\/map$/);
  // It kept the order form's position and opened with its heading and search box above the window (164 px down in the walk).
  await expect(page.getByRole('heading', { level: 1, name: 'Адрес доставки' })).toBeInViewport();
  await expect(searchBox(page)).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});
