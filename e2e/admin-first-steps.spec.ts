import { test, expect } from './adminFixtures';
import { shot } from './shots';
import { DELIVERY, placeApiOrder } from './apiOrders';

/**
 * 'Первые шаги' on the admin's home (issue 35), at 390 and 1280 px: the five steps of a shop's first day as
 * they stand (products, delivery zones, card payment, the address, where new orders go), each step not done
 * linking to where it is done; new orders reach the one required address when no alert address was set;
 * hidden on request.
 */
test.use({ ownShop: 'admin-first-steps' });


test('the first steps say what is set up and link to the rest; new orders go to the shop’s address', async ({ adminPage: page, shop, ownerAuth }) => {
  await page.route('**/rest/orders/live', (r) => r.abort());
  await page.goto('/admin/');
  const card = page.getByRole('region', { name: 'Первые шаги' });
  // The demo shop: its 60 products, two zones, localhost and its e-mail; the acquirer is not connected.
  await expect(card).toContainText('Готово 4 из 5');
  await expect(card).toContainText('Товаров в каталоге: 60');
  await expect(card).toContainText('Зон доставки: 2');
  await expect(card).toContainText('Магазин открыт по адресу localhost');
  await expect(card).toContainText('Новые заказы приходят на shop@example.com');
  await expect(card.getByRole('link')).toHaveCount(1);
  await shot(page, `first-steps-${test.info().project.name}`);
  await card.getByRole('link', { name: 'Подключить' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/common_settings$/);

  // No alert address was set: a new order still reaches the shop's required one.
  const placed = await placeApiOrder(shop.url, { idempotency_key: `e2e-first-${test.info().project.name}`, client_name: 'Вера', client_phone: '+79215550909', ...DELIVERY });
  const outbox = async () =>
    ((await (await fetch(`${shop.url}/rest/notifications?range=[0,49]`, { headers: { authorization: `Bearer ${ownerAuth.token}` } })).json()) as { event: string; recipient: string; orderId: number }[]).filter(
      (n) => n.orderId === placed,
    );
  await expect.poll(async () => (await outbox()).map((n) => [n.event, n.recipient])).toEqual([['new_order', 'shop@example.com']]);

  // Hidden, it stays hidden.
  await page.goto('/admin/');
  await card.getByRole('button', { name: 'Скрыть' }).click();
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByText('Заказов сегодня')).toBeVisible();
  await expect(card).toBeHidden();
});
