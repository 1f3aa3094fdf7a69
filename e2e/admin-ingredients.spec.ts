import { test, expect, openNewEditor, savedAndBack, type OwnerAuth } from './adminFixtures';

/**
 * Ingredients at the seed's paths: the shop's list /admin/ingredient_settings and its editor, and an item's
 * ingredients /admin/ingredients/{categoryPath}/{itemId} with the pick list and the quantity page.
 */

async function restCall<T>(shopUrl: string, auth: OwnerAuth, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${auth.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${shopUrl}/rest${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test.describe('admin ingredients', () => {
  test('the shop’s ingredients: common settings link, create with the registry’s checks, edit, delete', async ({ adminPage: page }) => {
    const name = `Сыр моцарелла ${test.info().project.name}`;
    await page.goto('/admin/settings/common_settings');
    await page.getByRole('link', { name: 'Ингредиенты' }).click();
    await expect(page).toHaveURL(/\/admin\/ingredient_settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ингредиенты' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/admin/settings/common_settings');
    const list = page.getByRole('list', { name: 'Ингредиенты' });
    // Each row: the name, then the quantity followed by 'кг.'.
    await expect(list.getByRole('link').first()).toContainText(/\d кг\.$/);

    const save = await openNewEditor(page, 'Новый ингредиент', /\/admin\/ingredient_settings\/ingredient\/new$/);
    await page.getByLabel('Количество, кг').fill('1.5');
    await page.getByLabel('Цена').fill('-3');
    await save.click();
    await expect(page.getByText('Заполните обязательные поля: Название')).toBeVisible();
    await page.getByLabel('Название').fill(name);
    await save.click();
    await expect(page.getByText('Неверное значение: Цена')).toBeVisible();
    await page.getByLabel('Цена').fill('420');
    await save.click();
    // Saved: a toast; the new ingredient's editor becomes its own.
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/ingredient_settings\/ingredient\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Редактор ингредиента' })).toBeVisible();
    await expect(page.getByLabel('Название')).toHaveValue(name);
    await expect(save).toBeDisabled();
    await page.getByLabel('Количество, кг').fill('2');
    await save.click();
    const row = await savedAndBack(page, save, /\/admin\/ingredient_settings$/, list, name);
    await expect(row).toContainText('2 кг.');

    await row.click();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить ингредиент?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Удалено')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/ingredient_settings$/);
    await expect(list.getByRole('link').first()).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('an item’s ingredients: the item editor link, pick, quantity, the list and the REST rows, edit, remove', async ({ adminPage: page, shop, ownerAuth }) => {
    const name = `Тесто ${test.info().project.name}`;
    const ingredient = await restCall<{ id: number }>(shop.url, ownerAuth, 'POST', '/ingredients', { name, quantity: 10, price: 90 });
    const card = ((await (await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ offset: test.info().project.name === 'mobile' ? '1' : '2' }) })).json()) as { offers: { id: string }[] }).offers[3];
    const rowsOfItem = () => restCall<{ ingredientId: number; quantity: number; name: string }[]>(shop.url, ownerAuth, 'GET', `/item_ingredients?filter=${encodeURIComponent(JSON.stringify({ offerId: card.id }))}`);

    await page.goto(`/admin/item_editor/0/${card.id}`);
    await page.getByRole('link', { name: 'Ингредиенты' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/ingredients/0/${card.id}$`));
    await expect(page.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', `/admin/item_editor/0/${card.id}`);
    await page.getByRole('link', { name: 'Добавить ингредиент' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/ingredients/all/0/${card.id}$`));
    await page.getByRole('list', { name: 'Выберите ингредиент' }).getByRole('link').filter({ hasText: name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/ingredients/ingredient/0/${card.id}/${ingredient.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${name}: количество` })).toBeVisible();
    const save = page.getByRole('button', { name: 'Сохранить' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Количество, кг').fill('0.3');
    await save.click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    // Back to the item's ingredients (not the shop's list, as the seed did): the new row is there.
    await expect(page).toHaveURL(new RegExp(`/admin/ingredients/0/${card.id}$`));
    const items = page.getByRole('list', { name: 'Ингредиенты товара' });
    await expect(items.getByRole('listitem').filter({ hasText: name })).toContainText('0.3 кг.');
    expect(await rowsOfItem()).toEqual([expect.objectContaining({ ingredientId: ingredient.id, quantity: 0.3, name })]);

    await page.getByRole('button', { name: `Действия: ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Изменить количество' }).click();
    await expect(page.getByLabel('Количество, кг')).toHaveValue('0.3');
    await page.getByLabel('Количество, кг').fill('0.5');
    await page.getByLabel('Количество, кг').press('Enter');
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(items.getByRole('listitem').filter({ hasText: name })).toContainText('0.5 кг.');
    expect((await rowsOfItem()).map((r) => r.quantity)).toEqual([0.5]);

    await page.getByRole('button', { name: `Действия: ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Убрать из товара' }).click();
    await page.getByRole('dialog', { name: 'Убрать ингредиент из товара?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('У товара пока нет ингредиентов')).toBeVisible();
    expect(await rowsOfItem()).toEqual([]);
    await restCall(shop.url, ownerAuth, 'DELETE', `/ingredients/${ingredient.id}`);
  });
});
