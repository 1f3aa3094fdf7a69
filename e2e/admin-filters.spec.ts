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

  test("a new filter's kind change: a list gets one empty value, other kinds clear them; the only value row clears when removed", async ({ adminPage: page }) => {
    await page.goto('/admin/filter_editor/category/1-11/filter/new');
    const kind = page.getByRole('combobox', { name: 'Тип' });
    const values = page.getByRole('region', { name: 'Значения' });
    await kind.click();
    await page.getByRole('option', { name: 'Список значений' }).click();
    await values.getByRole('textbox', { name: 'Значение 1', exact: true }).fill('красный');
    await values.getByRole('textbox', { name: 'Значение 2', exact: true }).fill('синий');
    await expect(values.getByRole('textbox')).toHaveCount(3);
    // Another kind clears the values; back to a list: one empty value '1$'.
    await kind.click();
    await page.getByRole('option', { name: 'Целое число' }).click();
    await expect(values).toHaveCount(0);
    await kind.click();
    await page.getByRole('option', { name: 'Список значений' }).click();
    await expect(values.getByRole('textbox')).toHaveCount(1);
    await expect(values.getByRole('textbox', { name: 'Значение 1', exact: true })).toHaveValue('');
    await expect(values.getByRole('textbox', { name: 'Значение 1', exact: true })).toHaveAttribute('data-value-id', '1$');
    // The only row, empty: nothing to remove.
    await expect(values.getByRole('button', { name: 'Удалить значение 1' })).toBeDisabled();
    await values.getByRole('textbox', { name: 'Значение 1', exact: true }).fill('белый');
    await values.getByRole('button', { name: 'Удалить значение 2' }).click();
    await expect(values.getByRole('textbox')).toHaveCount(1);
    // Removing the only row clears it.
    await values.getByRole('button', { name: 'Удалить значение 1' }).click();
    await expect(values.getByRole('textbox')).toHaveCount(1);
    await expect(values.getByRole('textbox', { name: 'Значение 1', exact: true })).toHaveValue('');
  });

  test('saving turns the buttons off and goes back to the list; a signed-out save goes to the sign-in page, saving nothing', async ({ adminPage: page, shop, ownerAuth }) => {
    const name = `Материал ${test.info().project.name}`;
    await page.goto('/admin/filter_editor/category/1-11/filter/new');
    await page.getByLabel('Название').fill(name);
    await page.route('**/api?api=offers_params', async (route) => {
      if ((route.request().postDataBuffer()?.toString('latin1') ?? '').includes('name="set"')) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await expect(page.getByRole('button', { name: 'Принять' }).last()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Принять' }).first()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Удалить', exact: true })).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/filter_editor\/category\/1-11$/);
    await page.unroute('**/api?api=offers_params');
    const made = (await ownerApi<{ offers_params: Param[] }>(shop.url, ownerAuth, 'offers_params', { 'p[389_category_id]': '11' })).offers_params.find((p) => p.name === name)!;
    expect(made).toBeTruthy();

    // The session died meanwhile (the server answers 'token error'): no popup, the sign-in page.
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await page.getByLabel('Название').fill(`${name} 2`);
    await page.route('**/api?api=offers_params', (route) =>
      (route.request().postDataBuffer()?.toString('latin1') ?? '').includes('name="update"')
        ? route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: { code: 'token_error' }, token: 'error' }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole('dialog', { name: 'Произошла ошибка' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Изменения применены' })).toHaveCount(0);
    const after = (await ownerApi<{ offers_params: Param[] }>(shop.url, ownerAuth, 'offers_params', { 'p[396_param_id]': made.id })).offers_params[0];
    expect(after.name).toBe(name);
    await ownerApi(shop.url, ownerAuth, 'offers_params', { del: '1', 'p[396_param_id]': made.id, 'p[389_category_id]': '11' });
  });

  test('a common filter is shown read-only', async ({ adminPage: page }) => {
    await page.goto('/admin/filter_editor/category/0');
    await page.getByRole('link', { name: /^Цена/ }).click();
    await expect(page.getByText('Это общий фильтр магазина')).toBeVisible();
    await expect(page.getByLabel('Название')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Принять' })).toHaveCount(0);
  });
});
