import { test, expect } from './adminFixtures';
import { shot } from './shots';

/**
 * Issue 35's walk: a zone's empty delivery terms said only 'Пустое поле — как в настройках магазина', and the
 * owner had to open the settings to learn what the zone would charge. Each empty field now says the shop's
 * value it keeps; a value of the zone's own takes its place.
 */
test.use({ ownShop: 'admin-place-shop-terms' });

test("a zone's empty delivery terms name the shop's values they keep", async ({ adminPage: page }, info) => {
  await page.goto('/admin/place_settings/place/1');
  const terms = page.getByRole('region', { name: 'Условия доставки в зону' });
  const cost = terms.getByRole('textbox', { name: 'Стоимость доставки в зону' });
  await expect(cost).toHaveValue('');
  // The demo shop's settings: delivery 200 ₽, free from 3 000 ₽, orders from 500 ₽.
  await expect(terms.getByText('Как в магазине: 200 ₽')).toBeVisible();
  await expect(terms.getByText('Как в магазине: 3 000 ₽')).toBeVisible();
  await expect(terms.getByText('Как в магазине: 500 ₽')).toBeVisible();
  await expect(cost).toHaveAccessibleDescription('Как в магазине: 200 ₽');
  await shot(page, `place-shop-terms-${info.project.name}`);

  await cost.fill('150');
  await expect(terms.getByText('Как в магазине: 200 ₽')).toHaveCount(0);
  await expect(terms.getByText('Как в магазине: 3 000 ₽')).toBeVisible();
});
