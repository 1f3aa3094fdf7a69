import fs from 'node:fs';
import { test, expect } from './adminFixtures';
import { DELIVERY, placeApiOrder } from './apiOrders';

/**
 * The owner reads a delivery address as the courier needs it (issue 35): house, entrance, floor and flat
 * each named (the floor is no longer shown as the flat), with a link to the point on the map, on the order
 * page, its print view and the export.
 */

const placeOrder = (url: string, key: string) =>
  placeApiOrder(url, {
    idempotency_key: key,
    device_id: `e2e-address-${key.slice(-12)}`,
    client_name: 'Вера Адресова',
    client_phone: '+7 (921) 333-44-55',
    ...DELIVERY,
    client_house: '20',
    client_entrance: '2',
    client_appart: '7',
    client_flat: '45',
  });

const ADDRESS = 'Каменноостровский пр., 20; дом 20, подъезд 2, этаж 7, кв. 45';

test('the order page, its print view and the export name the floor and the flat apart, with a map link', async ({ adminPage: page, shop }) => {
  const id = await placeOrder(shop.url, `e2e-address-${test.info().project.name}-${Date.now()}`);
  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Заказ №${id}` })).toBeVisible();
  const client = page.getByRole('region', { name: 'Клиент' });
  await expect(client).toContainText(ADDRESS);
  const map = client.getByRole('link', { name: 'На карте' });
  await expect(map).toHaveAttribute('href', 'https://yandex.ru/maps/?pt=30.311,59.962&z=17&l=map');
  await expect(map).toHaveAttribute('target', '_blank');
  await page.screenshot({ path: test.info().outputPath(`admin-order-address-${test.info().project.name}.png`), fullPage: true });

  await page.goto(`/admin/orders/${id}/print`);
  const sheet = page.getByRole('article', { name: 'Лист заказа' });
  await expect(sheet).toContainText(ADDRESS);
  await page.screenshot({ path: test.info().outputPath(`admin-order-print-${test.info().project.name}.png`), fullPage: true });

  // The export, as the list's CSV button downloads it.
  await page.goto('/admin/orders');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  const row = csv.split('\r\n').find((l) => l.startsWith(`${id};`));
  expect(row).toContain(';Каменноостровский пр., 20, д. 20, под. 2, эт. 7, кв. 45;');
});
