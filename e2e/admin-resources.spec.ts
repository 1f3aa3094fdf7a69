import { test, expect } from './adminFixtures';

/** Resources generated from the registry by buildResource over the REST routes (/rest/...). */
test.describe('admin generic resources', () => {
  test('ingredients: the common settings link, the registry form with its validation, the list', async ({ adminPage: page }) => {
    const name = `Сыр моцарелла ${test.info().project.name}`;
    await page.goto('/admin/settings/common_settings');
    await page.getByRole('link', { name: 'Ингредиенты' }).click();
    await expect(page).toHaveURL(/\/admin\/ingredients/);
    await page.getByRole('link', { name: 'Создать' }).click();
    await expect(page).toHaveURL(/\/admin\/ingredients\/create$/);
    // Nothing typed: save stays off. A missing name and a negative price are refused by the registry's rules.
    await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await page.getByLabel('Количество, кг').fill('1.5');
    await page.getByLabel('Цена').fill('-3');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Обязательно для заполнения')).toBeVisible();
    await expect(page.getByText('Минимальное значение 0')).toBeVisible();
    await page.getByLabel('Название').fill(name);
    await page.getByLabel('Цена').fill('420');
    // Enter submits the form (on phones the error toast sits over the bottom save bar for a while).
    await page.getByLabel('Цена').press('Enter');
    await expect(page).toHaveURL(/\/admin\/ingredients$/);
    await expect(page.getByText(name)).toBeVisible();
  });

  test('promo codes list the demo codes', async ({ adminPage: page }) => {
    await page.goto('/admin/promo_codes');
    await expect(page.getByText('SALE20')).toBeVisible();
  });
});
