import { test, expect } from './fixtures';

/** Sorting and filtering a category list through the filter pages. */
test('filters: sort, a select filter on its checkbox page, a price range, the count on the header button, reset', async ({ page }) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);

  await page.getByRole('link', { name: 'Фильтры' }).click();
  await expect(page).toHaveURL(/\/filters\/1-11$/);
  await expect(page.getByRole('radio', { name: 'По умолчанию' })).toBeChecked();
  await page.getByRole('radio', { name: 'Сначала дороже' }).check();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await expect(page).toHaveURL(/\/filters\/1-11\/323$/);
  await page.getByRole('checkbox', { name: 'чёрный' }).check();
  await page.getByRole('button', { name: 'Применить' }).click();

  // Two steps back: the list, reloaded from page 1 with the sort and the filter.
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 1' })).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Пульсар Ультра 512 ГБ', 'Смартфон Квант A5 64 ГБ']);

  await page.getByRole('link', { name: 'Фильтры, выбрано: 1' }).click();
  await expect(page.getByRole('radio', { name: 'Сначала дороже' })).toBeChecked();
  await expect(page.getByRole('link', { name: /Цвет/ })).toContainText('чёрный');
  await page.getByRole('textbox', { name: 'Цена, ₽: от' }).fill('20 000abc');
  await expect(page.getByRole('textbox', { name: 'Цена, ₽: от' })).toHaveValue('20000');
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 2' })).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Пульсар Ультра 512 ГБ']);

  await page.getByRole('link', { name: 'Фильтры, выбрано: 2' }).click();
  await page.getByRole('button', { name: 'Сбросить' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.getByRole('link', { name: 'Фильтры', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(5);
});

test('the filter page without a previous page goes to the main page', async ({ page }) => {
  await page.goto('/filters/1-11');
  await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
});
