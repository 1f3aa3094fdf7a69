import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { A5, cartLine, seedCheckout } from './cartSeed';

/**
 * The order form: a pickup and a delivery order end to end (success popup, empty cart, the order on the
 * server for this device), the seed's checks with their toasts, the failure popup and a retry that keeps
 * the attempt's idempotency key.
 */

async function fillContacts(page: Page, name = 'Анна') {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Имя' }).fill(name);
  const phone = main.getByRole('textbox', { name: 'Телефон' });
  await phone.pressSequentially('9991234567');
  await expect(phone).toHaveValue('+7 (999) 123-45-67');
}

/** The contacts filled, pick-up at the Petrogradskaya place, the payment named, and 'Заказать' pressed. */
async function orderPickup(page: Page, payment: string) {
  await fillContacts(page);
  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await page.getByRole('radio', { name: /Петроградская/ }).check();
  await page.getByRole('radio', { name: payment }).check();
  await page.getByRole('button', { name: 'Заказать' }).click();
}

/** The customer's orders on the server, asked with this browser's device id. */
async function serverOrders(page: Page, shopUrl: string) {
  const device = await page.evaluate(() => localStorage.getItem('device_id'));
  expect(device).toBeTruthy();
  const res = await page.request.post(`${shopUrl}/api?api=orders`, { form: { list: '1', device_id: device! } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { orders: { id: number; receiving: string; total: number; status: string }[] }).orders;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('without cart items /order goes to /', async ({ page }) => {
  await seedCheckout(page, []);
  await page.goto('/order');
  await expect(page).not.toHaveURL(/\/order$/);
});

test('a pickup order end to end: the success popup with the pickup text, an empty cart, the order on the server', async ({ page, shop }) => {
  await seedCheckout(page, [A5, cartLine('1002', 'Смартфон Квант A5 128 ГБ', 14990, 2)], null, '/404?utm_source=e2e&utm_campaign=cart');
  // Kept when the app starts (after its config and texts load).
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('urlData') ?? '{}'))).toEqual({ utm_source: 'e2e', utm_campaign: 'cart' });
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();

  await fillContacts(page);
  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await expect(page.getByText('Адрес доставки')).toHaveCount(0);
  await page.getByRole('radio', { name: /Васильевский остров/ }).check();
  await page.getByRole('radio', { name: 'Наличные' }).check();
  await expect(page.getByRole('textbox', { name: 'Сдача с суммы' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Комментарий к заказу' }).fill('Позвоните заранее');
  await expect(page.getByTestId('order-total')).toHaveText('42 970 ₽');

  const sent = page.waitForRequest((r) => r.url().includes('api=orders') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Заказать' }).click();
  const body = (await sent).postData() ?? '';
  for (const part of ['item[1001]', 'item[1002]', 'client_receiving', 'p[674_place_id]', 'idempotency_key', 'device_id', 'utm_source']) expect(body).toContain(`name="${part}"`);
  expect(body).not.toContain('name="client_coords"');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Мы пришлём SMS, когда он будет готов к выдаче');
  const number = Number((await dialog.getByRole('heading').textContent())?.replace(/\D/g, ''));
  expect(number).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).not.toHaveURL(/\/order$/);
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');

  const orders = await serverOrders(page, shop.url);
  expect(orders.find((o) => o.id === number)).toMatchObject({ receiving: 'pickup', total: 42970, status: 'new' });
});

test('a delivery order to the point chosen on the map, with the promo code', async ({ page, shop }) => {
  await seedCheckout(page, [A5], { address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] });
  await page.goto('/cart');
  await page.getByRole('textbox', { name: 'Промокод' }).fill('SALE20');
  await expect(page.getByText('Промокод применён: скидка 20%')).toBeVisible();
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await fillContacts(page, 'Борис');
  await expect(page.getByRole('radio', { name: 'Доставка' })).toBeChecked();
  await expect(page.getByTestId('delivery-address')).toHaveText('Каменноостровский пр., 20');
  await expect(page.getByRole('link', { name: 'Изменить', exact: true })).toHaveAttribute('href', '/map');
  await page.getByRole('textbox', { name: 'Дом', exact: true }).fill('20');
  await page.getByRole('radio', { name: 'Картой курьеру' }).check();
  await expect(page.getByRole('textbox', { name: 'Сдача с суммы' })).toHaveCount(0);
  // 10 392 after the promo; delivery is free from 3000 р. of goods.
  await expect(page.getByTestId('order-total')).toHaveText('10 392 ₽');

  const sent = page.waitForRequest((r) => r.url().includes('api=orders') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Заказать' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toMatch(/name="client_coords"\r\n\r\n59\.962,30\.311/);
  expect(body).toMatch(/name="client_promocode"\r\n\r\nSALE20/);
  expect(body).toMatch(/name="p\[751_delivery\]"\r\n\r\n1/);
  await expect(page.getByRole('dialog')).toContainText('Курьер позвонит за час до доставки');
  const orders = await serverOrders(page, shop.url);
  expect(orders[0]).toMatchObject({ receiving: 'delivery', total: 10392 });
});

test('the checks stop the order with their toasts: required fields, the zone, the minimum sum', async ({ page }) => {
  await seedCheckout(page, [A5], { address: 'Москва, Тверская, 1', coords: [55.757, 37.615] });
  await page.goto('/order');
  await page.getByRole('button', { name: 'Заказать' }).click();
  // The zone comes before the required fields.
  await expect(toast(page, 'Извините, указанный адрес вне зоны доставки')).toBeVisible();

  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await page.getByRole('button', { name: 'Заказать' }).click();
  await expect(toast(page, 'Заполните обязательные поля: Имя, Телефон, Способ оплаты, Пункт самовывоза')).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Имя' })).toHaveAttribute('aria-invalid', 'true');

  // Below the shop's minimum (500 р.): a 290 р. book.
  await seedCheckout(page, [cartLine('3001', 'Повести Белкина', 290, 1, '3')]);
  await page.goto('/order');
  await orderPickup(page, 'Наличные');
  await expect(toast(page, 'Минимальная сумма заказа 500 р.')).toBeVisible();

  // An unavailable item stops the order first.
  await seedCheckout(page, [A5, cartLine('7123', 'Чайник эмалированный для плиты 2 л', 1590, 1, '712')]);
  await page.goto('/order');
  await expect(page.getByRole('dialog')).toContainText('Некоторые товары в корзине сейчас недоступны');
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();
  await page.getByRole('button', { name: 'Заказать' }).click();
  await expect(toast(page, 'В корзине есть товары недоступные к заказу')).toBeVisible();
});

test('a server refusal is shown as its toast: out of hours', async ({ page }) => {
  await seedCheckout(page, [A5]);
  await page.route(/api=orders/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'out_of_hours', params: { from: '10:00', to: '22:00' }, message: 'Извините, доставка работает с 10:00 до 22:00', fields: [] } }) })
      : route.continue(),
  );
  await page.goto('/order');
  await orderPickup(page, 'Картой курьеру');
  await expect(toast(page, 'Извините, доставка работает с 10:00 до 22:00')).toBeVisible();
});

test('a server error gives the failure popup; sending again keeps the attempt’s key and places one order', async ({ page, shop }) => {
  await seedCheckout(page, [A5]);
  const keys: string[] = [];
  let fail = true;
  await page.route(/api=orders/, async (route) => {
    const body = route.request().postData() ?? '';
    const key = /name="idempotency_key"\r\n\r\n([^\r]+)/.exec(body)?.[1];
    if (key) keys.push(key);
    if (fail) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'server_error', message: 'boom' } }) });
    else await route.continue();
  });
  await page.goto('/order');
  await orderPickup(page, 'Наличные');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Возникла ошибка, попробуйте позже или оставьте заказ по номеру телефона');
  await expect(dialog.getByRole('link', { name: '+7 (812) 555-01-23' })).toHaveAttribute('href', 'tel:+78125550123');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  // The cart is kept.
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();

  fail = false;
  await page.getByRole('button', { name: 'Заказать' }).click();
  await expect(page.getByRole('dialog')).toContainText('Заказ принят');
  expect(keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  const number = Number((await page.getByRole('dialog').getByRole('heading').textContent())?.replace(/\D/g, ''));
  const orders = await serverOrders(page, shop.url);
  expect(orders.filter((o) => o.id === number)).toHaveLength(1);
});
