import { test, expect } from './adminFixtures';
import { DELIVERY, placeApiOrder } from './apiOrders';
import { shot } from './shots';

/**
 * Issue 35's walk on a new shop's dashboard: its 'Популярные товары' and 'Доставка и самовывоз' were bare
 * headers without a word, and once orders came 'Промокоды' still said 'Пока нет заказов' beside them. Each
 * empty table now says why it is empty.
 */
test.use({ ownShop: 'admin-dashboard-empty' });

test('the dashboard says why each of its tables is empty: no orders yet, then no promo codes used', async ({ adminPage: page, shop }, info) => {
  await page.goto('/admin/');
  const top = page.getByRole('region', { name: 'Популярные товары' });
  const receiving = page.getByRole('region', { name: 'Доставка и самовывоз' });
  const promo = page.getByRole('region', { name: 'Промокоды' });
  await expect(top.getByRole('cell', { name: 'Пока нет заказов' })).toBeVisible();
  await expect(receiving.getByRole('cell', { name: 'Пока нет заказов' })).toBeVisible();
  await expect(promo.getByRole('cell', { name: 'Пока нет заказов' })).toBeVisible();
  await shot(page, `dashboard-empty-${info.project.name}`);

  const key = `e2e-dash-empty-${info.project.name}-${Date.now()}`;
  await placeApiOrder(shop.url, { idempotency_key: key, device_id: key.slice(-24), client_name: 'Ольга Первая', client_phone: '+79211112233', ...DELIVERY });
  await page.reload();
  await expect(top.getByRole('cell', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(receiving.getByRole('cell', { name: 'Доставка' })).toBeVisible();
  await expect(promo.getByRole('cell', { name: 'Промокоды за период не применялись' })).toBeVisible();
  await expect(page.getByText('Пока нет заказов')).toHaveCount(0);
  await shot(page, `dashboard-first-order-${info.project.name}`);
});
