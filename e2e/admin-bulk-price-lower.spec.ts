import { test, expect, ownerApi } from './adminFixtures';
import { shot } from './shots';

/**
 * Issue 35's walk on a phone: 'Изменить цену…' lowered prices only by a typed '−5', and a phone's number pad
 * (iOS's decimal pad, which the field asks for) has no minus. 'Снизить' beside 'Поднять' now gives the sign.
 */

interface Offer {
  id: string;
  name: string;
  price: number;
}

test('prices are lowered in bulk by choosing "Снизить" and typing the digits only', async ({ adminPage: page, shop, ownerAuth }, info) => {
  const word = `Скидка${info.project.name === 'mobile' ? 'М' : 'Д'}${Date.now() % 100000}`;
  const made: Offer[] = [];
  for (const [name, price] of [[`${word} Альфа`, '1990'], [`${word} Бета`, '1000']]) {
    const r = await ownerApi<{ offers: Offer[] }>(shop.url, ownerAuth, 'offers', { set: '1', 'p[276_name]': name, 'p[283_price]': price, 'p[287_categoryId]': '11' });
    made.push(r.offers[0]);
  }
  await page.goto('/admin/offers');
  await page.getByPlaceholder('Поиск товаров').fill(word);
  await expect(page.getByText('1-2 из 2')).toBeVisible();
  await page.getByRole('row').filter({ hasText: made[0].name }).getByRole('checkbox').check();
  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Действия', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Изменить цену…', exact: true }).click();
  } else await page.getByRole('button', { name: 'Изменить цену…', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Изменить цену на процент' });
  await expect(dialog.getByRole('button', { name: 'Поднять' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Снизить' }).click();
  await expect(dialog.getByRole('button', { name: 'Снизить' })).toHaveAttribute('aria-pressed', 'true');
  const field = dialog.getByLabel('Изменение');
  await expect(field).toHaveAttribute('inputmode', 'decimal');
  await field.pressSequentially('10');
  await expect(dialog.getByRole('region', { name: 'Как изменятся цены' })).toContainText(/1\s990\s₽ → 1\s791\s₽/);
  await shot(page, `products-price-lower-${info.project.name}`);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Готово, изменено товаров: 1')).toBeVisible();
  const item = async (id: string) => (await ownerApi<{ offers: Offer[] }>(shop.url, ownerAuth, 'offers', { 'p[478_offer_id]': id })).offers[0];
  expect((await item(made[0].id)).price).toBe(1791);
  expect((await item(made[1].id)).price).toBe(1000);
});
