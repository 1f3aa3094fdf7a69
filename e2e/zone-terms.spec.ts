import type { Page } from '@playwright/test';
import { test, expect } from './adminFixtures';
import { A5, cartLine, seedCheckout, type DeliveryPoint } from './cartSeed';

/**
 * A zone's own delivery terms (issue 35), at 390 and 1280 px: the owner sets the Петроградская zone's
 * price, free-from sum and time in the place editor; a shopper whose address is in that zone sees the
 * zone's price, "Бесплатно от …" and the time at checkout, and the server charges that total.
 */
test.use({ ownShop: 'zone-terms' });

const POINT: DeliveryPoint = { address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] };
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });

test('the owner prices a zone in the place editor; the shopper in it sees that price and the server charges it', async ({ adminPage: page, shop, ownerAuth }) => {
  const list = (await (await fetch(`${shop.url}/rest/places?range=[0,499]`)).json()) as { id: number; name: string; delivery_cost?: number | null }[];
  const petrograd = list.find((p) => p.name === 'Петроградская')!;

  // The owner: the place editor's zone terms.
  await page.goto(`/admin/place_settings/place/${petrograd.id}`);
  const terms = page.getByRole('region', { name: 'Условия доставки в зону' });
  await expect(terms).toContainText('Пустое поле — как в настройках магазина');
  await terms.getByLabel('Стоимость доставки в зону').fill('350');
  await terms.getByLabel('Бесплатная доставка от суммы').fill('50000');
  await terms.getByLabel('Время доставки').fill('60–90 мин');
  await terms.scrollIntoViewIfNeeded();
  await shot(page, 'zone-terms-editor');
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await expect
    .poll(async () => ((await (await fetch(`${shop.url}/rest/places/${petrograd.id}`)).json()) as Record<string, unknown>).delivery_cost)
    .toBe(350);
  await page.reload();
  await expect(page.getByLabel('Стоимость доставки в зону')).toHaveValue('350');
  await expect(page.getByLabel('Время доставки')).toHaveValue('60–90 мин');

  // The shopper, with an address in that zone.
  await seedCheckout(page, [A5], POINT);
  await page.goto('/order');
  const summary = page.getByRole('complementary', { name: 'Итог заказа' });
  await expect(summary).toContainText('Смартфон Квант A5 64 ГБ');
  await expect(page.getByTestId('order-delivery')).toHaveText('350 ₽');
  await expect(page.getByTestId('order-free-from')).toHaveText('Бесплатно от 50 000 ₽');
  await expect(page.getByTestId('order-delivery-time')).toHaveText('Время доставки: 60–90 мин');
  await expect(page.getByTestId('order-total')).toHaveText('13 340 ₽');
  await summary.scrollIntoViewIfNeeded();
  await shot(page, 'checkout-zone-price');

  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Имя' }).fill('Вера');
  await main.getByRole('textbox', { name: 'Телефон' }).pressSequentially('+79213334455');
  await page.getByRole('radio', { name: 'Наличные' }).check();
  await page.getByRole('button', { name: 'Заказать' }).click();
  const dialog = page.getByRole('dialog');
  const number = Number((await dialog.getByRole('heading').textContent())?.replace(/\D/g, ''));
  expect(number).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${number}$`));
  // What the server stored: the zone's 350 on top of the goods.
  const detail = (await (await fetch(`${shop.url}/rest/orders/${number}`, { headers: { authorization: `Bearer ${ownerAuth.token}` } })).json()) as Record<string, unknown>;
  expect(detail).toMatchObject({ deliveryCost: 350, total: 13340 });
});

test('a fixed-sum code and a free-delivery code at checkout: the page shows what the server then charges', async ({ page, shop, ownerAuth }) => {
  const auth = { authorization: `Bearer ${ownerAuth.token}`, 'content-type': 'application/json' };
  const suffix = test.info().project.name.toUpperCase();
  const list = (await (await fetch(`${shop.url}/rest/places?range=[0,499]`)).json()) as { id: number; name: string }[];
  const petrograd = list.find((p) => p.name === 'Петроградская')!;
  // The zone's terms this test counts on (the first test sets the same through the editor).
  expect((await fetch(`${shop.url}/rest/places/${petrograd.id}`, { method: 'PUT', headers: auth, body: JSON.stringify({ delivery_cost: 350, free_delivery_from: 50000 }) })).status).toBe(200);
  for (const code of [
    { name: 'Минус 300', code: `MINUS${suffix}`, kind: 'fixed', amount: 300 },
    { name: 'Доставка даром', code: `FREE${suffix}`, kind: 'free_delivery' },
  ])
    expect((await fetch(`${shop.url}/rest/promo_codes`, { method: 'POST', headers: auth, body: JSON.stringify(code) })).status).toBe(201);

  const orderWith = async (code: string, hint: string, shown: { delivery: string; discount: string | null; total: string }, charged: Record<string, number>) => {
    await seedCheckout(page, [cartLine('2201', 'TypeScript с нуля', 1290, 1, '22')], POINT);
    await page.goto('/cart');
    const promo = page.getByRole('textbox', { name: 'Промокод' });
    await promo.fill(code.toLowerCase());
    await promo.press('Enter');
    await expect(promo).toHaveAttribute('data-status', 'proved');
    await expect(page.getByText(hint)).toBeVisible();
    // The cart's total is the goods less the code's sum, as the order will charge them (delivery comes at checkout).
    await expect(page.getByTestId('cart-total')).toHaveText(charged.discount ? '990 ₽' : '1 290 ₽');
    await page.goto('/order');
    await expect(page.getByTestId('order-delivery')).toHaveText(shown.delivery);
    const discount = page.getByRole('complementary', { name: 'Итог заказа' }).getByText(`Скидка по промокоду ${code}`);
    if (shown.discount) await expect(discount.locator('xpath=..')).toContainText(shown.discount);
    else await expect(discount).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText(shown.total);
    await page.getByRole('complementary', { name: 'Итог заказа' }).scrollIntoViewIfNeeded();
    await shot(page, `checkout-${code.startsWith('FREE') ? 'free-delivery' : 'fixed'}-code`);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Имя' }).fill('Вера');
    await main.getByRole('textbox', { name: 'Телефон' }).pressSequentially('+79213334455');
    await page.getByRole('radio', { name: 'Наличные' }).check();
    await page.getByRole('button', { name: 'Заказать' }).click();
    const heading = page.getByRole('dialog').getByRole('heading');
    await expect(heading).toContainText('№');
    const number = Number((await heading.textContent())?.replace(/\D/g, ''));
    const detail = (await (await fetch(`${shop.url}/rest/orders/${number}`, { headers: auth })).json()) as Record<string, unknown>;
    expect(detail).toMatchObject(charged);
    // The order's own page names a fixed-sum code without a percent (it has none).
    if (shown.discount) {
      await page.getByRole('dialog').getByRole('button', { name: 'Продолжить' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${number}$`));
      await expect(page.locator('dt', { hasText: 'Скидка по промокоду' })).toHaveText(`Скидка по промокоду ${code}`);
    }
  };

  await orderWith(`MINUS${suffix}`, 'Промокод применён: скидка 300 ₽', { delivery: '350 ₽', discount: '−300 ₽', total: '1 340 ₽' }, { deliveryCost: 350, discount: 300, total: 1340 });
  await orderWith(`FREE${suffix}`, 'Промокод применён: бесплатная доставка', { delivery: 'Бесплатно', discount: null, total: '1 290 ₽' }, { deliveryCost: 0, discount: 0, total: 1290 });
});
