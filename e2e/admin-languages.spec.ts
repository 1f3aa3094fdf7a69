import { test, expect, ownerApi } from './adminFixtures';

/** The panel in the shop's eight languages: Arabic reads right to left; the choice survives a reload. */
test.describe('admin languages', () => {
  test('switch to Arabic (right to left) and to German: translated menu, titles and react-admin texts', async ({ adminPage: page }, info) => {
    const mobile = info.project.name === 'mobile';
    const html = page.locator('html');
    await page.goto('/admin/promo_settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Промокоды' })).toBeVisible();
    await expect(html).not.toHaveAttribute('dir', 'rtl');

    await page.getByRole('button', { name: 'Язык: Русский' }).click();
    for (const name of ['Русский', 'English', '中文', 'Español', 'Français', 'العربية', 'Português', 'Deutsch']) await expect(page.getByRole('menuitem', { name })).toBeVisible();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'رموز الخصم' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'رموز الخصم' }).getByText('SALE20')).toBeVisible();
    // The menu (a drawer on phones) sits on the right and reads in Arabic, react-admin's own labels too.
    if (mobile) await page.getByRole('button', { name: 'فتح القائمة' }).click();
    else await expect(page.getByRole('button', { name: 'إغلاق القائمة' })).toBeVisible();
    const item = page.getByRole('menuitem', { name: 'المكونات' });
    await expect(item).toBeVisible();
    const box = (await item.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    if (mobile) await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'اللغة: العربية' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Aktionscodes' })).toBeVisible();
    if (mobile) await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('menuitem', { name: 'Zutaten' }).click();
    await expect(page).toHaveURL(/\/admin\/ingredient_settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Zutaten' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Zutaten' }).getByRole('link').first()).toContainText(/\d kg$/);

    // The language is kept: a reload opens the panel in German again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Zutaten' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Neue Zutat' })).toBeVisible();
  });

  test('switching the language with unsaved changes asks to save them first', async ({ adminPage: page, shop, ownerAuth }) => {
    const title = `Язык ${test.info().project.name}`;
    await page.goto('/admin/category_editor/0/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Новая категория' })).toBeVisible();
    await page.getByLabel('Название').fill('Черновик');
    // 'Do not save': the switch happens and the draft is dropped.
    await page.getByRole('button', { name: 'Язык: Русский' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const ask = page.getByRole('dialog', { name: 'Сохранить изменения?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Не сохранять' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New category' })).toBeVisible();

    // 'Save': the changes are saved, then the panel switches.
    await page.getByRole('main').getByRole('textbox').first().fill(title);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    const askEn = page.getByRole('dialog', { name: 'Save changes?' });
    await expect(askEn).toBeVisible();
    await askEn.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Язык: Русский' })).toBeVisible();
    const { offers_category: all } = await ownerApi<{ offers_category: { category: string }[] }>(shop.url, ownerAuth, 'offers_category');
    expect(all.map((c) => c.category)).toContain(title);
  });
});
