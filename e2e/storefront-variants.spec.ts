import { test, expect, ownerApi, type OwnerAuth } from './adminFixtures';
import { shot } from './shots';

/**
 * Variants (a feed's group_id, here set by the owner): the two Kvant A5 are one card in their category; the
 * item page offers the group's colours and memory sizes, each choice opening its own product with its own
 * price and cart line.
 */
test.use({ ownShop: 'storefront-variants' });

const group = (shopUrl: string, auth: OwnerAuth, value: string) =>
  Promise.all(['1001', '1002'].map((id) => ownerApi(shopUrl, auth, 'offers', { update: '1', 'p[478_offer_id]': id, 'p[560_groupId]': value })));

test('a group is one card in its list, and its item page picks a colour and a memory size', async ({ page, shop, ownerAuth }, info) => {
  await group(shop.url, ownerAuth, 'kvant-a5');
  try {
    await page.goto('/category/1-11');
    await expect(page.getByRole('link', { name: /Смартфон Квант A5 64 ГБ/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Смартфон Квант A5 128 ГБ/ })).toHaveCount(0);

    await page.goto('/category/1-11/item/1001');
    const colour = page.getByRole('group', { name: 'Цвет' });
    await expect(colour).toContainText('Цвет: чёрный');
    await expect(colour.locator('[aria-current="true"]')).toHaveText('чёрный');
    const memory = page.getByRole('group', { name: 'Объём памяти' });
    await expect(memory.getByRole('link', { name: '128 ГБ' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`variants-${info.project.name}.png`), fullPage: true });

    const buy = () => page.locator('.item__summary, .item-footer').getByRole('button', { name: 'В корзину' }).locator('visible=true').first();
    await buy().click();
    await colour.getByRole('link', { name: 'синий' }).click();
    await expect(page).toHaveURL(/\/category\/1-11\/item\/1002$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант A5 128 ГБ' })).toBeVisible();
    await expect(page.locator('.item__summary .price').first()).toContainText('14 990');
    await expect(memory.locator('[aria-current="true"]')).toHaveText('128 ГБ');
    await buy().click();
    // Each variant is a cart line of its own.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('Cart') ?? '[]').map((l: { id: string }) => l.id).sort())).toEqual(['1001', '1002']);
  } finally {
    await group(shop.url, ownerAuth, '');
  }
});

test("the owner's editor lists the product's group and opens a variant", async ({ adminPage: page, shop, ownerAuth }) => {
  await page.route('**/rest/orders/live', (r) => r.abort());
  await group(shop.url, ownerAuth, 'kvant-a5');
  try {
    await page.goto('/admin/item_editor/1-11/1001');
    const section = page.getByRole('region', { name: 'Варианты товара (группа «kvant-a5»)' });
    await expect(section).toContainText('В магазине это один товар с выбором: Цвет, Объём памяти.');
    await expect(section.locator('[aria-current="true"]')).toHaveText('чёрный · 64 ГБ');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'admin-variants');
    await section.getByRole('link', { name: 'синий · 128 ГБ' }).click();
    await expect(page).toHaveURL(/\/admin\/item_editor\/1-11\/1002$/);
    await expect(page.getByLabel('Название')).toHaveValue('Смартфон Квант A5 128 ГБ');
  } finally {
    await group(shop.url, ownerAuth, '');
  }
});
