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
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'stores',
    async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.stores[0].payment = '<p> </p>';
      await route.fulfill({ response: res, json: body });
    },
  );
  await page.goto('/payment');
  await expect(page.getByText('Информация не найдена')).toBeVisible();

  await page.unroute('**/api?api=stores*');
  await page.clock.install();
  let fail = true;
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'stores',
    (route) => (fail ? route.abort('internetdisconnected') : route.fallback()),
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'О компании' }).click();
  for (let i = 0; i < 6; i++) await page.clock.runFor(5000);
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

test("a broken /config.json shows the broken-url page with a reload button", async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, json: { API_HOST: '' } }));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Проблемы с подключением к серверу, попробуйте перезагрузить страницу' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Перезагрузить' })).toBeVisible();
});

test('the loader shows only when loading takes longer than 2 s', async ({ page }) => {
  await page.goto('/category/0');
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'offers',
    async (route) => {
      await new Promise((r) => setTimeout(r, 3500));
      await route.fallback();
    },
  );
  await page.getByRole('link', { name: 'Аудиокниги' }).first().click();
  const loader = page.getByRole('status', { name: 'Загрузка…' });
  await page.waitForTimeout(1200);
  await expect(loader).toHaveCount(0);
  await expect(loader).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('list', { name: 'Аудиокниги' }).getByRole('listitem').first()).toBeVisible({ timeout: 5000 });
  await expect(loader).toHaveCount(0);
});
