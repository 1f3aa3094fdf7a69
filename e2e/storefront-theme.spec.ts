import { THEME_COLOURS } from '../schemas/colours';
import { expect, ownerApi, test } from './adminFixtures';

/**
 * White-label: the owner's colours (46 CSS variables), own CSS and title dress the storefront, from the
 * first paint (the server puts them into index.html) and after the app starts.
 */
const no = (name: string) => 500 + THEME_COLOURS.findIndex(([n]) => n === name);

test("the owner's colours, CSS and title dress the storefront from the first paint", async ({ page, shop, ownerAuth }) => {
  const save = (fields: Record<string, string>) => ownerApi(shop.url, ownerAuth, 'stores', { update: '1', ...fields });
  const saved = await save({
    [`p[${no('header_background')}_header_background]`]: '10,20,30,1',
    [`p[${no('price')}_price]`]: '200,0,100,1',
    'p[403_custom_css]': '.card__name{text-transform:uppercase}',
    'p[418_title]': 'Лавка у дома',
  });
  expect(saved).not.toHaveProperty('error');
  try {
    // Before any script runs, the page the server sent is already in the shop's colours.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/category/1-11/1');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', 'rgba(10,20,30,1)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-header_background'))).toBe('rgba(10,20,30,1)');
    await page.unroute('**/assets/*.js');

    await page.goto('/category/1-11/1');
    const card = page.locator('.card').first();
    await expect(card).toBeVisible();
    await expect(page.locator('header.header')).toHaveCSS('background-color', 'rgb(10, 20, 30)');
    await expect(card.locator('.price__now')).toHaveCSS('color', 'rgb(200, 0, 100)');
    await expect(card.locator('.card__name')).toHaveCSS('text-transform', 'uppercase');
    await expect(page).toHaveTitle('Смартфоны — Лавка у дома');
  } finally {
    await save({
      [`p[${no('header_background')}_header_background]`]: THEME_COLOURS.find(([n]) => n === 'header_background')![1],
      [`p[${no('price')}_price]`]: THEME_COLOURS.find(([n]) => n === 'price')![1],
      'p[403_custom_css]': '',
      'p[418_title]': '',
    });
  }
  await page.goto('/category/1-11/1');
  await expect(page.locator('header.header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.locator('.card__name').first()).toHaveCSS('text-transform', 'none');
});
