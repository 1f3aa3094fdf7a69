import { test, expect, ownerApi } from './adminFixtures';

/** The filters editor: /admin/filter_editor/category/{path} and .../filter/{id} ('new' creates). */

interface Param {
  id: string;
  name: string;
  kind: string;
  categoryId: string;
  isRequired: string;
  values: { id: string; name: string }[];
}

test.describe('admin filters', () => {
  test('a list filter: kinds, values with a trailing empty row, kind fixed once created, delete', async ({ adminPage: page, shop, ownerAuth }) => {
    const name = `Покрытие ${test.info().project.name}`;
    await page.goto('/admin/filter_editor/category/1-11');
    await expect(page.getByRole('heading', { level: 1, name: 'Фильтры: Смартфоны' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Цена/ })).toBeVisible();
    await page.getByRole('link', { name: 'Новый фильтр' }).click();
    await expect(page).toHaveURL(/\/admin\/filter_editor\/category\/1-11\/filter\/new$/);

    // A new filter starts as a string, not required, without value rows shown.
    const kind = page.getByRole('combobox', { name: 'Тип' });
    await expect(kind).toHaveText('Строка');
    await expect(page.getByRole('switch', { name: 'Обязательный' })).not.toBeChecked();
    await kind.click();
    await page.getByRole('option', { name: 'Список значений' }).click();
    const values = page.getByRole('region', { name: 'Значения' });
    await expect(values.getByRole('textbox')).toHaveCount(1);
    await expect(values.getByRole('textbox', { name: 'Значение 1', exact: true })).toHaveAttribute('data-value-id', '1$');
    // Typing in the last row adds an empty one with a new id ending in '$'.
    await values.getByRole('textbox', { name: 'Значение 1', exact: true }).fill('матовый');
    await expect(values.getByRole('textbox', { name: 'Значение 2', exact: true })).toHaveAttribute('data-value-id', '2$');
    await values.getByRole('textbox', { name: 'Значение 2', exact: true }).fill('глянцевый');
    await expect(values.getByRole('textbox')).toHaveCount(3);
    await values.getByRole('button', { name: 'Удалить значение 1' }).click();
    await expect(values.getByRole('textbox', { name: 'Значение 1', exact: true })).toHaveValue('глянцевый');

    // The name is required.
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await expect(page.getByText('Заполните обязательные поля: Название')).toBeVisible();
    await page.getByLabel('Название').fill(name);
    await page.getByRole('switch', { name: 'Обязательный' }).check();
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await expect(page).toHaveURL(/\/admin\/filter_editor\/category\/1-11$/);
    await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('Список значений · Смартфоны');

    const list = await ownerApi<{ offers_params: Param[] }>(shop.url, ownerAuth, 'offers_params', { 'p[389_category_id]': '11' });
    const made = list.offers_params.find((p) => p.name === name)!;
    expect(made).toMatchObject({ kind: 'select', categoryId: '11', isRequired: '1' });
    expect(made.values.map((v) => v.name)).toEqual(['глянцевый']);

    // Existing: the kind is fixed; a stored value removed and a new one added.
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await expect(page.getByRole('combobox', { name: 'Тип' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Тип существующего фильтра изменить нельзя')).toBeVisible();
    await expect(values.getByRole('textbox', { name: 'Значение 1', exact: true })).toHaveValue('глянцевый');
    await expect(values.getByRole('textbox', { name: 'Значение 2', exact: true })).toHaveValue('');
    await values.getByRole('textbox', { name: 'Значение 2', exact: true }).fill('сатин');
    await values.getByRole('button', { name: 'Удалить значение 1' }).click();
    await page.getByRole('button', { name: 'Принять' }).first().click();
    await expect(page).toHaveURL(/\/admin\/filter_editor\/category\/1-11$/);
    const edited = (await ownerApi<{ offers_params: Param[] }>(shop.url, ownerAuth, 'offers_params', { 'p[396_param_id]': made.id })).offers_params[0];
    expect(edited.values.map((v) => v.name)).toEqual(['сатин']);

    // Delete with confirmation.
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await page.getByRole('button', { name: 'Удалить', exact: true }).click();
    await page.getByRole('dialog', { name: 'Удалить фильтр?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page).toHaveURL(/\/admin\/filter_editor\/category\/1-11$/);
    await expect(page.getByRole('link', { name: /^Цвет/ })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('a common filter is shown read-only', async ({ adminPage: page }) => {
    await page.goto('/admin/filter_editor/category/0');
    await page.getByRole('link', { name: /^Цена/ }).click();
    await expect(page.getByText('Это общий фильтр магазина')).toBeVisible();
    await expect(page.getByLabel('Название')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Принять' })).toHaveCount(0);
  });
});
