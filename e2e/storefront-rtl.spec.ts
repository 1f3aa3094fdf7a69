import { test, expect } from './fixtures';

/** The language selector stores the choice and reloads; Arabic turns the page right to left. */
test('choosing Arabic reloads the shop right to left, in Arabic, and asks the server in Arabic', async ({ page }, info) => {
  await page.goto('/category/1-11/1');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Меню' }).click();
  // Only the reloaded page's calls count: a call the Russian page had in flight may still be seen.
  const langs: string[] = [];
  let reloaded = false;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) reloaded = true;
  });
  page.on('request', (r) => {
    const m = /name="lang"\r\n\r\n(\w+)/.exec(r.postData() ?? '');
    if (reloaded && r.url().includes('/api?api=') && m) langs.push(m[1]);
  });
  await Promise.all([page.waitForEvent('load'), page.getByRole('combobox', { name: 'Язык' }).selectOption('ar')]);

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
  await expect(page.getByRole('searchbox', { name: 'البحث في المتجر' })).toHaveAttribute('placeholder', 'ابحث عن المنتجات');
  await expect(page.getByRole('navigation', { name: 'مسار التنقل' }).getByRole('link', { name: 'الكتالوج' })).toBeVisible();
  await expect.poll(() => langs.length).toBeGreaterThan(0);
  expect(new Set(langs)).toEqual(new Set(['ar']));

  // The side menu slides in from the left edge; the breadcrumbs start at the right.
  await page.getByRole('button', { name: 'القائمة' }).click();
  const menu = page.getByRole('dialog', { name: 'القائمة' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeLessThan(2);
  await expect(menu.getByRole('link', { name: 'عن الشركة' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const crumbs = (await page.getByRole('navigation', { name: 'مسار التنقل' }).getByRole('listitem').first().boundingBox())!;
  expect(crumbs.x).toBeGreaterThan((page.viewportSize()!.width * 2) / 3);

  await page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }).click();
  // The item page itself (the list's cards have their own cart buttons until it has loaded).
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'الاستلام من المتجر' })).toContainText('مجاناً');

  // And back to Russian.
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'القائمة' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('combobox', { name: 'اللغة' }).selectOption('ru')]);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
});
