import type { Page } from '@playwright/test';
import { test, expect } from './adminFixtures';
import { shot } from './shots';
import { DELIVERY, placeApiOrder } from './apiOrders';

/**
 * What an order's customer hears of it (issue 35), at 390 and 1280 px: cancelling asks the owner for a
 * reason, which the customer reads on the order's page, and texts them; a pickup order's 'delivering' is
 * 'Готов к выдаче' for the owner and the customer, and texts the customer (the pickup popup promises it).
 */

/** Places an order of a new customer (device `e2e-<kind>-<project>-<time>`, a fresh phone after `phonePrefix`): its id, device and phone. */
async function placeOrder(url: string, kind: string, phonePrefix: string, pickup: boolean) {
  const device = `e2e-${kind}-${test.info().project.name}-${Date.now()}`;
  const phone = `${phonePrefix}${String(Date.now()).slice(-7)}`;
  const places = (await (await fetch(`${url}/rest/places?range=[0,499]`)).json()) as { id: number }[];
  const id = await placeApiOrder(url, {
    idempotency_key: `e2e-${device}`,
    device_id: device,
    client_name: 'Вера',
    client_phone: phone,
    ...(pickup ? { client_receiving: 'pickup', 'p[751_delivery]': '0', 'p[674_place_id]': String(places[0].id) } : DELIVERY),
  });
  return { id, device, phone };
}

const customerStatus = async (url: string, device: string, id: number) =>
  ((await (await fetch(`${url}/api?api=orders`, { method: 'POST', body: new URLSearchParams({ orderId: String(id), device_id: device }) })).json()) as { orders: { status: string }[] }).orders[0].status;

/** Opens the customer's order page on their device. */
async function asCustomer(page: Page, device: string, path: string) {
  await page.goto('/404');
  await page.evaluate((d) => localStorage.setItem('device_id', d), device);
  await page.goto(path);
}

test('cancelling asks for a reason; the customer reads it on the order’s page and is texted', async ({ adminPage: page, shop }) => {
  const { id, device, phone } = await placeOrder(shop.url, 'cancel', '+7921', false);

  await page.goto(`/admin/orders/${id}`);
  const status = page.getByRole('combobox', { name: 'Статус' });
  // Changing their mind keeps the order as it was.
  await status.click();
  await page.getByRole('option', { name: 'Отменён' }).click();
  const dialog = page.getByRole('dialog', { name: `Отменить заказ №${id}?` });
  await expect(dialog).toContainText('товары вернутся в остатки');
  await dialog.getByRole('button', { name: 'Не отменять' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText('Новый');
  expect(await customerStatus(shop.url, device, id)).toBe('new');

  // A reason is asked for; a common one is a tap away and can be edited.
  await status.click();
  await page.getByRole('option', { name: 'Отменён' }).click();
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(dialog.getByText('Укажите причину отмены')).toBeVisible();
  expect(await customerStatus(shop.url, device, id)).toBe('new');
  await dialog.getByRole('button', { name: 'Нет в наличии' }).click();
  const reason = dialog.getByRole('textbox', { name: 'Причина отмены' });
  await expect(reason).toHaveValue('Нет в наличии');
  await reason.fill('Нет в наличии, привезём через неделю');
  await shot(page, `order-cancel-dialog-${test.info().project.name}`);
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(page.getByText('Статус заказа: Отменён. Покупатель получит уведомление')).toBeVisible();
  await expect(page.getByText('Причина отмены: Нет в наличии, привезём через неделю')).toBeVisible();
  // The phone was never proven: the SMS is the platform's text alone, the reason is on the order's page.
  await expect.poll(() => shop.sms(phone)).toEqual([`«Демо-магазин»: заказ №${id} — Отменён.`]);
  // Its print sheet says so too, with the reason (walk 35: a printed cancelled order read like any other).
  await page.goto(`/admin/orders/${id}/print`);
  const sheet = page.getByRole('article', { name: 'Лист заказа' });
  await expect(sheet.getByRole('definition').filter({ hasText: /^Отменён$/ })).toBeVisible();
  await expect(sheet.getByText('Нет в наличии, привезём через неделю')).toBeVisible();

  await asCustomer(page, device, `/order/${id}`);
  await expect(page.getByText('Отменён', { exact: true })).toBeVisible();
  await expect(page.getByText('Причина отмены: Нет в наличии, привезём через неделю')).toBeVisible();
  await shot(page, `order-cancelled-customer-${test.info().project.name}`);
});

test('a pickup order is “Готов к выдаче” for the owner and the customer, and the customer gets an SMS', async ({ adminPage: page, shop }) => {
  const { id, device, phone } = await placeOrder(shop.url, 'ready', '+7922', true);

  await page.goto(`/admin/orders/${id}`);
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await expect(page.getByRole('option', { name: 'Передан курьеру' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Готов к выдаче' }).click();
  await expect(page.getByText('Статус заказа: Готов к выдаче. Покупатель получит уведомление')).toBeVisible();
  await expect.poll(() => shop.sms(phone)).toEqual([`«Демо-магазин»: заказ №${id} — Готов к выдаче.`]);

  await asCustomer(page, device, '/my_orders');
  await expect(page.getByRole('link', { name: new RegExp(`№\\s?${id}`) })).toContainText('Готов к выдаче');
});
