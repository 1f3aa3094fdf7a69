import { BRAND_COLOURS, THEME_COLOURS, fieldByName, storeSchema } from '../schemas';
import { test, expect, ownerApi } from './adminFixtures';
import { shot } from './shots';

/**
 * The look of the shop on the settings' own tab: a ready palette and a brand colour recolour the live preview
 * at once (the text on a colour follows its contrast), and once saved the storefront's "В корзину" wears them.
 */
test.use({ ownShop: 'admin-brand-colours' });

const background = (el: import('@playwright/test').Locator) => el.evaluate((e) => getComputedStyle(e).backgroundColor);
const colour = (el: import('@playwright/test').Locator) => el.evaluate((e) => getComputedStyle(e).color);

test('a palette and a brand colour recolour the preview, and the saved look reaches the storefront', async ({ adminPage: page, shop, ownerAuth, browser }) => {
  await page.route('**/rest/orders/live', (r) => r.abort());
  await page.goto('/admin/settings/common_settings?tab=look');
  await expect(page.getByRole('tab', { name: 'Оформление' })).toHaveAttribute('aria-selected', 'true');
  const buy = page.getByTestId('preview-buy');
  await expect.poll(() => background(buy)).toBe('rgb(255, 212, 59)');

  await page.getByRole('button', { name: 'Океан' }).click();
  await expect.poll(() => background(buy)).toBe('rgb(28, 126, 214)');
  await expect.poll(() => colour(buy)).toBe('rgb(255, 255, 255)');
  await expect(page.getByLabel('Фон шапки HEX')).toHaveValue('#1062A4');

  // The colour of "В корзину" is found by that name (walk 35: an owner set 'Фон кнопок' and "В корзину" stayed
  // as it was; the client buttons' colour was called 'Фон клиентских кнопок'). The other buttons' leaves it alone.
  await page.getByLabel('Фон остальных кнопок и ссылок HEX').fill('#AA0000');
  await expect.poll(() => background(page.getByText('Кнопка', { exact: true }))).toBe('rgb(170, 0, 0)');
  await expect.poll(() => background(buy)).toBe('rgb(28, 126, 214)');
  // One brand colour by hand: the text on it turns dark on a light colour.
  await page.getByLabel('Фон кнопок «В корзину» и «Оформить заказ» HEX').fill('#FFC9C9');
  await expect.poll(() => background(buy)).toBe('rgb(255, 201, 201)');
  await expect.poll(() => colour(buy)).toBe('rgb(33, 37, 41)');
  await shot(page, `admin-brand-colours-${test.info().project.name}`);

  await page.getByRole('button', { name: 'Принять' }).last().click();
  await page.getByRole('dialog', { name: 'Сохранить изменения?' }).getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();

  const shopper = await browser.newPage({ baseURL: shop.url });
  try {
    await shopper.goto('/category/1-11/item/1001');
    const cart = shopper.locator('.item__summary, .item-footer').getByRole('button', { name: 'В корзину' }).locator('visible=true').first();
    await expect.poll(() => background(cart)).toBe('rgb(255, 201, 201)');
    await expect.poll(() => colour(cart)).toBe('rgb(33, 37, 41)');
    await expect.poll(() => shopper.locator('.header, header').first().evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(16, 98, 164)');
    // The selected line (the current category in the tree) is a light tint of the buttons' #AA0000, not the
    // default palette's light blue (walk 35: a berry shop's current category stood out in blue).
    await shopper.goto('/category/1-11');
    const selected = () => shopper.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-dropdown_active_background').replace(/\s/g, ''));
    await expect.poll(selected).toBe('rgba(247,230,230,1)');
    const current = shopper.locator('.category-tree__link[aria-current="page"]').locator('visible=true');
    if (await current.count()) await expect.poll(() => background(current.first())).toBe('rgb(247, 230, 230)');
  } finally {
    await shopper.close();
    // The demo's look back: the colours the palette set, to their defaults.
    const names = new Set<string>(BRAND_COLOURS.flatMap((b) => [b.name, ...b.follow, ...b.on, ...b.tint]));
    const defaults = Object.fromEntries(THEME_COLOURS);
    await ownerApi(shop.url, ownerAuth, 'stores', Object.fromEntries(['update', ...names].map((n) => (n === 'update' ? ['update', '1'] : [`p[${fieldByName(storeSchema, n).no}_${n}]`, defaults[n]]))));
  }
});
