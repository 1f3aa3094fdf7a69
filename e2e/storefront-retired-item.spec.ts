import { test, expect, ownerApi } from './adminFixtures';

/**
 * A product the shop no longer sells (hidden: its feed dropped it, or the owner hid it) keeps its page, for
 * customers' order links: the product, 'Товар больше не продаётся', no buy button, its category's products
 * below, noindex; on a first load (the server's page) and after the app's own navigation alike.
 */
test.use({ ownShop: 'storefront-retired-item' });

test('a hidden product\'s page says it is no longer sold, sells nothing and shows its category\'s products', async ({ page, shop, ownerAuth }, info) => {
  const id = '1003';
  const url = '/category/1-11/item/1003';
  await ownerApi(shop.url, ownerAuth, 'offers', { update: '1', 'p[478_offer_id]': id, 'p[562_active]': '0' });
  try {
    // The server's page: a 200 with the product, noindex.
    const served = await fetch(`${shop.url}${url}`);
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('Смартфон Квант X Pro 256 ГБ');

    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Товар больше не продаётся' })).toBeVisible();
    // The product itself sells nothing (the cards of its category below have their own buttons).
    await expect(page.locator('.item__summary, .item-footer').getByRole('button', { name: 'В корзину' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const related = page.getByRole('region', { name: /^Другие товары из категории «.+»$/ });
    await expect(related.getByRole('link').first()).toBeVisible();
    await expect(related.getByRole('link', { name: /Смартфон Квант X Pro 256 ГБ/ })).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`retired-item-${info.project.name}.png`), fullPage: true });

    // A product still on sale, reached by the app's own navigation from the related list: sold as usual, indexable.
    await related.getByRole('link').first().click();
    await expect(page.locator('.item__summary').or(page.locator('.item-footer')).getByRole('button', { name: 'В корзину' }).first()).toBeVisible();
    await expect(page.getByText('Товар больше не продаётся')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'offers', { update: '1', 'p[478_offer_id]': id, 'p[562_active]': '1' });
  }
});
