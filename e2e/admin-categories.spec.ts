import sharp from 'sharp';
import { test, expect, ownerApi } from './adminFixtures';
import { shot } from './shots';

/** The categories tree and its editor at /admin/category_editor/{categoryPath}/{id} ('new' creates). */
test.describe('admin categories', () => {
  test('create with the parent tree, rename, leave without saving, delete with the warning', async ({ adminPage: page, shop, ownerAuth }) => {
    const name = `Планшеты ${test.info().project.name}`;
    await page.goto('/admin/offers_category');
    await expect(page.getByText('Художественная литература')).toBeVisible();
    await page.getByRole('link', { name: 'Создать' }).click();
    await expect(page).toHaveURL(/\/admin\/category_editor\/0\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Новая категория' })).toBeVisible();

    // Nothing typed: the confirm buttons stay off; an empty name after a change is refused with the seed's toast.
    await expect(page.getByRole('button', { name: 'Принять' }).last()).toBeDisabled();
    await page.getByLabel('Название').fill('   ');
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await expect(page.getByText('Заполните обязательные поля: Название')).toBeVisible();

    await page.getByLabel('Название').fill(name);
    const parents = page.getByRole('radiogroup', { name: 'Родительская категория' });
    await expect(parents.getByRole('radio', { name: 'Категории', exact: true })).toBeChecked();
    await parents.getByRole('radio', { name: 'Электроника', exact: true }).check();
    await page.getByRole('button', { name: 'Принять' }).last().click();
    // Saved: a toast, no popup; the new category's editor becomes the category's own.
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const { offers_category: all } = await ownerApi<{ offers_category: { categoryId: string; category: string; subId: string }[] }>(shop.url, ownerAuth, 'offers_category');
    const made = all.find((c) => c.category === name)!;
    expect(made.subId).toBe('1');
    await expect(page).toHaveURL(new RegExp(`/admin/category_editor/0/${made.categoryId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Редактор категории' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Принять' }).last()).toBeDisabled();
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/admin\/offers_category$/);
    await expect(page.getByText(name)).toBeVisible();

    // Its editor: a category cannot move under itself; rename and save.
    await page.getByText(name).click();
    await expect(page).toHaveURL(new RegExp(`/admin/category_editor/1/${made.categoryId}$`));
    await expect(page.getByLabel('Название')).toHaveValue(name);
    await expect(page.getByRole('radiogroup', { name: 'Родительская категория' }).getByRole('radio', { name })).toBeDisabled();
    await page.getByLabel('Название').fill(`${name} и ридеры`);
    await page.getByRole('button', { name: 'Принять' }).first().click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/category_editor/1/${made.categoryId}$`));
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page.getByText(`${name} и ридеры`)).toBeVisible();

    // Leaving with unsaved changes asks; 'do not save' leaves the name as it was.
    await page.getByText(`${name} и ридеры`).click();
    await page.getByLabel('Название').fill('Что-то другое');
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page.getByRole('dialog', { name: 'Сохранить изменения?' })).toBeVisible();
    await page.getByRole('button', { name: 'Не сохранять' }).click();
    await expect(page).toHaveURL(/\/admin\/offers_category$/);
    await expect(page.getByText(`${name} и ридеры`)).toBeVisible();

    // Delete: the warning says its products go too; cancel keeps it, confirm deletes it.
    await page.getByText(`${name} и ридеры`).click();
    await page.getByRole('button', { name: 'Удалить' }).click();
    const quest = page.getByRole('dialog', { name: 'Удалить категорию?' });
    await expect(quest).toContainText('со всеми подкатегориями и всеми их товарами');
    await quest.getByRole('button', { name: 'Отмена' }).click();
    await expect(quest).toBeHidden();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await quest.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Удалено')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/offers_category$/);
    await expect(page.getByText('Художественная литература')).toBeVisible();
    await expect(page.getByText(`${name} и ридеры`)).toHaveCount(0);
  });

  test("delete on a new category only clears the form, sending nothing", async ({ adminPage: page }) => {
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('api=offers_category') && (r.postDataBuffer()?.toString('latin1') ?? '').includes('name="del"')) deletes.push(r.url());
    });
    await page.goto('/admin/category_editor/1/new');
    const parents = page.getByRole('radiogroup', { name: 'Родительская категория' });
    await page.getByLabel('Название').fill('Черновик');
    await parents.getByRole('radio', { name: 'Книги', exact: true }).check();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить категорию?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByLabel('Название')).toHaveValue('');
    await expect(parents.getByRole('radio', { name: 'Электроника', exact: true })).toBeChecked();
    await expect(page.getByText('Удалено')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/category_editor\/1\/new$/);
    expect(deletes).toEqual([]);
  });

  test('a new sub-category starts under the category of its path', async ({ adminPage: page }) => {
    await page.goto('/admin/category_editor/2/new');
    await expect(page.getByRole('radiogroup', { name: 'Родительская категория' }).getByRole('radio', { name: 'Книги', exact: true })).toBeChecked();
  });

  test('an unknown category opens /admin/404', async ({ adminPage: page }) => {
    await page.goto('/admin/category_editor/0/99999');
    await expect(page).toHaveURL(/\/admin\/404$/);
  });

  test("an icon uploaded from the owner's files is stored and served", async ({ adminPage: page, shop, ownerAuth }) => {
    const name = `Иконка ${test.info().project.name}`;
    const made = await ownerApi<{ offers_category: { categoryId: string }[] }>(shop.url, ownerAuth, 'offers_category', { set: '1', 'p[487_category]': name, 'p[488_sub_id]': '0' });
    const id = made.offers_category[0].categoryId;
    try {
      await page.route('**/rest/orders/live', (r) => r.abort());
      await page.goto(`/admin/category_editor/0/${id}`);
      await expect(page.getByLabel('Название')).toHaveValue(name);
      const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();
      await page.getByLabel('Загрузить').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByText('Файл: icon.png — загрузится при сохранении')).toBeVisible();
      await shot(page, `admin-category-icon-${test.info().project.name}`);
      await page.getByRole('button', { name: 'Принять' }).last().click();
      await expect(page.getByText('Изменения сохранены')).toBeVisible();
      const { offers_category: [stored] } = await ownerApi<{ offers_category: { picture: string }[] }>(shop.url, ownerAuth, 'offers_category', { 'p[486_category_id]': id });
      expect(stored.picture).toMatch(/^[\w/.-]+\.(webp|png|jpe?g)$/);
      const served = await fetch(`${shop.url}/images/${stored.picture}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      // The editor shows the stored icon's path now, and nothing left to save.
      await expect(page.getByRole('textbox', { name: 'Иконка', exact: true })).toHaveValue(stored.picture);
      await expect(page.getByRole('button', { name: 'Принять' }).last()).toBeDisabled();
    } finally {
      await ownerApi(shop.url, ownerAuth, 'offers_category', { del: '1', 'p[486_category_id]': id });
    }
  });
});
