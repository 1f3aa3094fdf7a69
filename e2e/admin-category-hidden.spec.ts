import { test, expect } from './adminFixtures';
import { ymlFeed } from './fakes';
import { shot } from './shots';

/**
 * After a replace import the shop's old categories are hidden, not gone: the owner's tree lists them marked
 * "Скрыта", their editor opens, their products keep their category, and "Показывать в магазине" brings one back.
 */
test.use({ ownShop: 'admin-category-hidden' });

const shopCategories = async (shopUrl: string) =>
  ((await (await fetch(`${shopUrl}/api?api=offers_category`, { method: 'POST', body: new URLSearchParams({}) })).json()) as { offers_category: { category: string }[] }).offers_category.map((c) => c.category);

test('a replace import hides the old categories; the owner sees them marked and shows one again', async ({ adminPage: page, shop }, info) => {
  test.setTimeout(120_000);
  expect(await shopCategories(shop.url)).toContain('Электроника');
  await page.goto('/admin/yml_import');
  await page.getByTestId('yml-file').setInputFiles({ name: 'other.xml', mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(4, `h${info.project.name[0]}x`)) });
  const preview = page.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await preview.getByRole('button', { name: /^Скрыть товары, которых нет в файле/ }).click();
  await expect(page.getByRole('region', { name: 'Последний импорт' }).getByRole('table', { name: 'Отчёт' })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => shopCategories(shop.url)).not.toContain('Электроника');

  // The tree still has them, each marked; the feed's own are not.
  await page.goto('/admin/offers_category');
  // (A row's text: the name, its mark, then the order on a desktop.)
  const row = (name: string) => page.locator(info.project.name === 'mobile' ? '.MuiListItemButton-root' : 'tbody tr').filter({ hasText: new RegExp(`^${name}(Скрыта)?(\\d|$)`) });
  await expect(row('Электроника')).toContainText('Скрыта');
  await expect(row('Смартфоны')).toContainText('Скрыта');
  await expect(row('Одежда из фида')).not.toContainText('Скрыта');
  await shot(page, `category-hidden-list-${info.project.name}`);

  // The products list names a hidden product's category, and marks it in the category filter.
  await page.goto(`/admin/offers?filter=${encodeURIComponent(JSON.stringify({ categoryId: '11' }))}`);
  await expect(page.getByRole('combobox').filter({ hasText: 'Смартфоны (Скрыта)' })).toBeVisible();
  if (info.project.name !== 'mobile') await expect(page.locator('tbody tr').first()).toContainText('Смартфоны');

  // Its editor opens (it was a 404), says why shoppers do not see it, and shows it again.
  await page.goto('/admin/category_editor/0/1');
  await expect(page.getByLabel('Название')).toHaveValue('Электроника');
  const shown = page.getByRole('switch', { name: 'Показывать в магазине' }).or(page.getByRole('checkbox', { name: 'Показывать в магазине' }));
  await expect(shown).not.toBeChecked();
  await expect(page.getByText(/^Покупатели не видят эту категорию/)).toBeVisible();
  // The parent tree marks the hidden ones too (a category saved visible under one shows it).
  await expect(page.getByRole('radiogroup', { name: 'Родительская категория' }).getByRole('radio', { name: 'Книги (Скрыта)', exact: true })).toBeAttached();
  await shot(page, `category-hidden-editor-${info.project.name}`);
  await shown.check();
  await page.getByRole('button', { name: 'Принять' }).last().click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await expect.poll(() => shopCategories(shop.url)).toEqual(expect.arrayContaining(['Электроника', 'Смартфоны', 'Наушники']));
  await page.goto('/admin/offers_category');
  await expect(row('Электроника')).not.toContainText('Скрыта');
  await expect(row('Книги')).toContainText('Скрыта');
});
