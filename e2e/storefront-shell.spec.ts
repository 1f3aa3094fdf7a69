import type { Route } from '@playwright/test';
import { test, expect } from './fixtures';

/** The shell: side menu and info pages, the offline banner, toasts, the broken-url page. */
test('the side menu opens the info pages; each shows the shop text', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/category\/0/);
  await page.getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Доставка' }).click();
  await expect(page).toHaveURL(/\/delivery$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('region', { name: 'Доставка' })).toContainText('Курьером по Санкт-Петербургу');
  // The footer links the same four pages.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }).click();
  await expect(page.getByRole('region', { name: 'Контакты' })).toContainText('shop@example.com');
});

test("an empty info page says 'not_found_info'; a failing one gives the no-connection panel and its retry", async ({ page }) => {
  const storesApi = (url: URL) => url.pathname === '/api' && url.searchParams.get('api') === 'stores';
  const emptyPayment = async (route: Route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.stores[0].payment = '<p> </p>';
    await route.fulfill({ response: res, json: body });
  };
  // The app draws these states itself: the page is opened from another one (a server-rendered /payment carries the shop's text).
  await page.goto('/category/0');
  await page.route(storesApi, emptyPayment);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Оплата' }).click();
  await expect(page.getByText('Информация не найдена')).toBeVisible();
  await page.unroute(storesApi, emptyPayment);

  await page.clock.install();
  let fail = true;
  let failed = 0;
  await page.route(storesApi, (route) => (fail ? (failed++, route.abort('internetdisconnected')) : route.fallback()));
  await page.getByRole('contentinfo').getByRole('link', { name: 'О компании' }).click();
  // Each retry 5 s after the failure before it (the clock moves only once that failure is in: a loaded machine is slow to get there).
  for (let i = 1; i <= 6; i++) {
    await expect.poll(() => failed).toBe(i);
    if (i < 6) await page.clock.runFor(5000);
  }
  await expect(page.getByText('Отсутствует интернет-соединение. Проверьте подключение и повторите попытку')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Повторить попытку' }).click();
  await expect(page.getByRole('region', { name: 'О компании' })).toContainText('Демо-магазин показывает');
});

test("the 'Оффлайн' banner follows the browser's connection", async ({ page, context }) => {
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(page.getByText('Оффлайн')).toBeHidden();
  await context.setOffline(true);
  await expect(page.getByText('Оффлайн')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Оффлайн')).toBeHidden();
});

test('adding to the cart shows a toast for 3 s', async ({ page }) => {
  await page.goto('/category/1-11/item/1002');
  await page.getByRole('button', { name: 'В корзину' }).click();
  const shown = Date.now();
  const toast = page.getByRole('status').filter({ hasText: 'Товар добавлен в корзину' });
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 8000 });
  const elapsed = Date.now() - shown;
  expect(elapsed).toBeGreaterThanOrEqual(2800);
  expect(elapsed).toBeLessThan(5000);
  // Pressed again: 'В корзине 1 шт.' with the quantity control (count_controls is on in the demo shop).
  await expect(page.getByRole('group', { name: 'Количество' })).toContainText('В корзине 1 шт.');
  await page.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 2' })).toBeVisible();
});

test("the toast about the page stays on it: 'Товар добавлен в корзину' does not follow into the cart", async ({ page }) => {
  await page.goto('/category/1-11/item/1001');
  await page.getByRole('main').getByRole('button', { name: 'В корзину' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Товар добавлен в корзину' });
  await expect(toast).toBeVisible();
  await page.getByRole('link', { name: 'Корзина, товаров: 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  await expect(toast).toHaveCount(0);
});

test("a broken /config.json shows the broken-url page with a reload button", async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, json: { API_HOST: '' } }));
  // A page the app draws itself (the legacy product address) asks for /config.json; a server-rendered page (the
  // device pages' shells too) brings the server's own config in its HTML and never asks.
  await page.goto('/product/1001');
  await expect(page.getByRole('heading', { name: 'Проблемы с подключением к серверу, попробуйте перезагрузить страницу' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Перезагрузить' })).toBeVisible();
});

test('the loader shows only when loading takes longer than 2 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/category/0');
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'offers',
    async (route) => {
      await new Promise((r) => setTimeout(r, 3500));
      await route.fallback();
    },
  );
  // The page's time stands still from here and moves only as the test says (the answer itself takes 3.5 s).
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('link', { name: 'Аудиокниги' }).first().click();
  const loader = page.getByRole('status', { name: 'Загрузка…' });
  await page.clock.runFor(1200);
  await expect(loader).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(loader).toBeVisible();
  await page.clock.resume();
  await expect(page.getByRole('list', { name: 'Аудиокниги' }).getByRole('listitem').first()).toBeVisible({ timeout: 5000 });
  await expect(loader).toHaveCount(0);
});

const INFO = [
  { name: 'О компании', path: '/about_company', text: 'Демо-магазин показывает' },
  { name: 'Доставка', path: '/delivery', text: 'Курьером по Санкт-Петербургу' },
  { name: 'Оплата', path: '/payment', text: 'Наличными курьеру' },
  { name: 'Контакты', path: '/contacts', text: 'shop@example.com' },
];

test('every side menu entry and every footer link opens its page', async ({ page }) => {
  await page.goto('/favourites');
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Меню' });
  const menu = page.getByRole('dialog', { name: 'Меню' });
  for (const info of INFO) {
    await menuButton.click();
    await menu.getByRole('link', { name: info.name }).click();
    await expect(page).toHaveURL(new RegExp(`${info.path}$`));
    await expect(menu).toBeHidden();
    await expect(page.getByRole('region', { name: info.name })).toContainText(info.text);
  }
  await menuButton.click();
  await menu.getByRole('link', { name: 'Мои заказы' }).click();
  await expect(page).toHaveURL(/\/my_orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои заказы' })).toBeVisible();

  const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Покупателям' });
  await expect(footer.getByRole('link')).toHaveText(INFO.map((i) => i.name));
  for (const info of [...INFO].reverse()) {
    await footer.getByRole('link', { name: info.name }).click();
    await expect(page).toHaveURL(new RegExp(`${info.path}$`));
    await expect(page.getByRole('region', { name: info.name })).toContainText(info.text);
  }
});

test('an info page shows its loader after 400 ms, not before; the first page of a visit is the remembered back target', async ({ page }) => {
  // Opened first: remembered, and kept while the visit goes on.
  await page.goto('/delivery');
  await expect(page.getByRole('region', { name: 'Доставка' })).toContainText('Курьером по Санкт-Петербургу');
  expect(await page.evaluate(() => localStorage.getItem('back'))).toBe('/delivery');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }).click();
  await expect(page.getByRole('region', { name: 'Контакты' })).toContainText('shop@example.com');
  expect(await page.evaluate(() => localStorage.getItem('back'))).toBe('/delivery');

  // A new visit from the catalogue: hold the texts' answer and step the page's clock.
  await page.evaluate(() => localStorage.removeItem('back'));
  await page.goto('/category/0');
  await expect(page.getByRole('link', { name: 'Аудиокниги' }).first()).toBeVisible();
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked = 0;
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'stores',
    async (route) => {
      asked++;
      await held;
      await route.fallback();
    },
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Оплата' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect.poll(() => asked).toBe(1);
  const loader = page.getByRole('status', { name: 'Загрузка…' });
  await page.clock.runFor(350);
  await expect(loader).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(loader).toBeVisible();
  release();
  await expect(page.getByRole('region', { name: 'Оплата' })).toContainText('Наличными курьеру');
  await expect(loader).toHaveCount(0);
  // Not the first page of this visit: not remembered.
  expect(await page.evaluate(() => localStorage.getItem('back'))).toBeNull();
});

test('the header: the logo leads to the root; on phones a back arrow replaces it away from the root', async ({ page }) => {
  const wide = page.viewportSize()!.width > 1100;
  const header = page.getByRole('banner');
  const logo = header.getByRole('link', { name: 'Демо-магазин' });
  const back = header.getByRole('button', { name: 'Назад' });
  await page.goto('/category/1-11/item/1002');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (wide) {
    await expect(back).toHaveCount(0);
    await logo.click();
    await expect(page).toHaveURL(/\/category\/0\/1$/);
    return;
  }
  await expect(logo).toHaveCount(0);
  // A deep link has no history here: the arrow goes one level up, to the item's list and on to the root.
  await back.click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  // Within the visit it goes back in the history: list → item → back to the list.
  await page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }).click();
  await expect(page).toHaveURL(/\/item\/1001$/);
  await back.click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  // 1-11 is a leaf (its own page is this list): up to its parent category.
  await back.click();
  await expect(page).toHaveURL(/\/category\/1$/);
  await back.click();
  await expect(page).toHaveURL(/\/category\/0$/);
  await expect(back).toHaveCount(0);
  await expect(logo).toBeVisible();
  await page.goto('/delivery');
  await expect(back).toBeVisible();
  await expect(logo).toHaveCount(0);
});

test("the header's phone link calls the shop", async ({ page }) => {
  await page.goto('/category/0');
  const call = page.getByRole('banner').getByRole('link', { name: 'Позвонить +7 (812) 555-01-23' });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:+78125550123');
});

test('the menu button opens the side menu; Escape, the overlay and the close button close it', async ({ page }) => {
  await page.goto('/favourites');
  const button = page.getByRole('banner').getByRole('button', { name: 'Меню' });
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await button.click();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await expect(menu).toBeVisible();
  // The overlay: the panel is at the inline end, so the start edge of the window is the overlay.
  await page.mouse.click(8, 400);
  await expect(menu).toBeHidden();

  await button.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Закрыть меню' }).click();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('the language selector stores the choice and reloads the page in that language', async ({ page }) => {
  const wide = page.viewportSize()!.width > 1100;
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { name: 'Избранное' })).toBeVisible();
  // Wide screens have it in the header; phones in the side menu.
  let scope = page.getByRole('banner');
  if (!wide) {
    await page.getByRole('banner').getByRole('button', { name: 'Меню' }).click();
    scope = page.getByRole('dialog', { name: 'Меню' });
  }
  const select = scope.getByRole('combobox', { name: 'Язык' });
  await expect(select).toHaveValue('ru');
  const reloaded = page.waitForEvent('load');
  await select.selectOption('en');
  await reloaded;
  await expect(page).toHaveURL(/\/favourites$/);
  await expect(page.getByRole('heading', { name: 'Favourites' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
  // Kept for the next visit.
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
