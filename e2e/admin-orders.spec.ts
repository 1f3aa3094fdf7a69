import { test, expect } from './adminFixtures';
import { DELIVERY, placeApiOrder } from './apiOrders';

/**
 * Orders: /admin/orders (filters, one order with its status select and questions), a place's orders of a
 * day /admin/place_settings/place/{id}/place_orders with its order and 'Отменить платеж', /admin/questions.
 * A customer places the order through the api on their device and sees each status change there.
 */

interface Order {
  id: number;
  date: string;
  status: string;
  placeId: number | null;
  total: number;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const placeOrder = (url: string, deviceId: string, phone: string) =>
  placeApiOrder(url, { idempotency_key: `e2e-${deviceId}`, device_id: deviceId, 'item[7101]': '2', client_name: 'Анна Заказова', client_phone: phone, ...DELIVERY });

/** The order as its customer sees it: api=orders orderId with the device id. */
async function customerOrder(url: string, deviceId: string, id: number): Promise<Order> {
  const res = await fetch(`${url}/api?api=orders`, { method: 'POST', body: new URLSearchParams({ orderId: String(id), device_id: deviceId }) });
  return ((await res.json()) as { orders: Order[] }).orders[0];
}

test.describe('admin orders', () => {
  test('a customer order in /admin/orders: filters, a status change the customer sees, a question with a picture', async ({ adminPage: page, shop }) => {
    const mobile = test.info().project.name === 'mobile';
    const device = `e2e-orders-${test.info().project.name}-${Date.now()}`;
    const digits = `999${String(Date.now()).slice(-7)}`;
    const id = await placeOrder(shop.url, device, `+7${digits}`);
    const row = mobile ? page.getByRole('link', { name: new RegExp(`Заказ №${id} · Анна Заказова`) }) : page.getByRole('row', { name: new RegExp(`№ ${id}\\b`) });

    await page.goto('/admin/orders');
    await expect(row).toBeVisible();
    // A number or phone: this order only.
    const q = page.getByPlaceholder('Номер заказа или телефон');
    await q.fill(digits);
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(new RegExp(encodeURIComponent(digits)));
    await q.fill('70000000000');
    await expect(row).toHaveCount(0);
    await q.fill('');
    await expect(row).toBeVisible();
    // Another day: not there.
    await page.getByRole('textbox', { name: 'Дата', exact: true }).fill('2020-01-01');
    await expect(row).toHaveCount(0);
    // Its own day: there.
    await page.getByRole('textbox', { name: 'Дата', exact: true }).fill((await customerOrder(shop.url, device, id)).date);
    await expect(row).toBeVisible();
    // By status (several) and place, through the list's URL.
    const statusAsked = page.waitForResponse((r) => r.url().includes('/rest/orders?') && decodeURIComponent(r.url()).includes('"status":["done","cancelled"]'));
    await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ status: ['done', 'cancelled'] }))}`);
    expect((await statusAsked).ok()).toBe(true);
    await expect(row).toHaveCount(0);
    await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ status: ['new', 'accepted'], q: digits }))}`);
    await expect(row).toBeVisible();

    // Add a question from the customer, with a picture.
    const form = new FormData();
    form.set('orderId', String(id));
    form.set('device_id', device);
    form.set('contact', `+7${digits}`);
    form.set('message', 'Можно привезти после 18:00?');
    form.set('images', new Blob([PNG], { type: 'image/png' }), 'door.png');
    expect((await fetch(`${shop.url}/rest/questions`, { method: 'POST', body: form })).status).toBe(201);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Заказ №${id}` })).toBeVisible();
    const client = page.getByRole('region', { name: 'Клиент' });
    await expect(client).toContainText('Анна Заказова');
    await expect(client).toContainText(digits);
    await expect(client).toContainText('Наличные');
    const lines = page.getByRole('table', { name: 'Товары' });
    await expect(lines.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('group', { name: 'Итоги' })).toContainText('Итого к оплате');
    const questions = page.getByRole('region', { name: 'Вопросы по заказу' });
    await expect(questions).toContainText('Можно привезти после 18:00?');
    const thumb = questions.getByRole('img', { name: 'Вложение 1' });
    await expect(thumb).toBeVisible();
    // Visible comes before loaded: wait for the picture's pixels, as the owner sees them.
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The status select saves at once; the customer sees the new status on their device.
    await page.getByRole('combobox', { name: 'Статус' }).click();
    await page.getByRole('option', { name: 'Принят' }).click();
    await expect(page.getByText('Статус заказа: Принят. Покупатель получит уведомление')).toBeVisible();
    await expect.poll(async () => (await customerOrder(shop.url, device, id)).status).toBe('accepted');

    // The questions list: the question, its order link, delete.
    await page.goto('/admin/questions');
    const question = page.getByText('Можно привезти после 18:00?');
    await expect(question).toBeVisible();
    if (!mobile) await expect(page.getByRole('link', { name: `Заказ №${id}` })).toHaveAttribute('href', `/admin/orders/${id}`);
    await page.getByRole('button', { name: /Удалить/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect(question).toHaveCount(0);
  });

  test("a place's orders of a day: today's order is there, another day's list is empty; 'Отменить платеж' cancels it with a reason", async ({ adminPage: page, shop }) => {
    const device = `e2e-place-orders-${test.info().project.name}-${Date.now()}`;
    const id = await placeOrder(shop.url, device, `+7999${String(Date.now()).slice(-7)}`);
    const order = await customerOrder(shop.url, device, id);
    expect(order.placeId).toBeTruthy();

    await page.goto(`/admin/place_settings/place/${order.placeId}`);
    await page.getByRole('link', { name: 'Заказы' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/place_settings/place/${order.placeId}/place_orders$`));
    const date = page.getByLabel('Дата');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(date).toHaveValue(today);
    // The shop's day may differ from the browser's near midnight: look at the order's own day.
    if (order.date !== today) await date.fill(order.date);
    const row = page.getByRole('link', { name: new RegExp(`Заказ №${id}\\b`) });
    await expect(row).toBeVisible();
    await date.fill('2020-01-01');
    await expect(page.getByText('Заказов за этот день нет')).toBeVisible();
    await expect(row).toHaveCount(0);
    await date.fill(order.date);
    await expect(row).toBeVisible();

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/place_settings/place/${order.placeId}/place_orders/${id}$`));
    await expect(page.getByRole('region', { name: 'Клиент' })).toContainText('Анна Заказова');
    await expect(page.getByRole('table', { name: 'Товары' })).toContainText('Смартфон');
    await page.getByRole('button', { name: 'Меню заказа' }).click();
    await page.getByRole('menuitem', { name: 'Отменить платеж' }).click();
    const dialog = page.getByRole('dialog', { name: `Отменить заказ №${id}?` });
    await dialog.getByRole('button', { name: 'Не дозвонились до покупателя' }).click();
    await dialog.getByRole('button', { name: 'Отменить заказ' }).click();
    await expect(page.getByText('Статус заказа: Отменён. Покупатель получит уведомление')).toBeVisible();
    await expect.poll(async () => (await customerOrder(shop.url, device, id)).status).toBe('cancelled');

    // Back keeps the day; the list shows the new status.
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page.getByLabel('Дата')).toHaveValue(order.date);
    await expect(page.getByRole('link', { name: new RegExp(`Заказ №${id}\\b.*Отменён`) })).toBeVisible();
  });
});
