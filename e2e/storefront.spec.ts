import { test, expect } from './fixtures';

/** The storefront shell on real data: home → catalogue → item; unknown paths → 404. */
test.describe('storefront', () => {
  test('home leads into the catalogue and a product card opens its item page', async ({ page, consoleErrors }, info) => {
    await page.goto('/');
    if (info.project.name === 'mobile') {
      // Narrow screens: the catalogue root with the banners and the category buttons.
      await expect(page).toHaveURL(/\/category\/0$/);
      await expect(page.getByRole('region', { name: 'Акции' })).toBeVisible();
      await page.getByRole('link', { name: 'Электроника' }).click();
      await expect(page).toHaveURL(/\/category\/1$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Электроника' })).toBeVisible();
      await page.getByRole('link', { name: 'Смартфоны' }).click();
      await expect(page).toHaveURL(/\/category\/1-11\/1$/);
    } else {
      // Wide screens: the product list of the root, with the category tree beside it.
      await expect(page).toHaveURL(/\/category\/0\/1$/);
      await page.getByRole('complementary').getByRole('link', { name: 'Электроника' }).click();
      await expect(page).toHaveURL(/\/category\/1\/1$/);
    }
    await expect(page.getByRole('navigation', { name: 'Навигация' }).getByRole('link', { name: 'Каталог' })).toBeVisible();
    const card = page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' });
    await expect(card).toBeVisible();
    // A card shows the price, the old price and the discount.
    const article = page.getByRole('article').filter({ has: card });
    await expect(article.getByText('12 990 ₽')).toBeVisible();
    await expect(article.getByText('−13%')).toBeVisible();

    await card.click();
    await expect(page).toHaveURL(/\/item\/1001$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
    await expect(page.getByRole('main').getByText('12 990 ₽').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Описание' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Доставка' })).toContainText('300 ₽');
    await expect(page.getByRole('region', { name: 'Самовывоз' })).toContainText('Бесплатно');
    await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown path shows the 404 page with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('button', { name: 'На главную' }).click();
    await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
  });

  test('an unknown item or category goes to 404; /401 has its page', async ({ page }) => {
    await page.goto('/category/1-11/item/999999');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/category/2-11');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/401');
    await expect(page.getByRole('heading', { name: 'Вход не выполнен' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'На главную' })).toBeVisible();
  });

  test('a deep link to a later page shows that page, its link to the page before it; the header counts the cart', async ({ page }) => {
    await page.goto('/category/0/2');
    await expect(page.getByRole('link', { name: 'Война и мир. Том 1' })).toBeVisible();
    await expect(page).toHaveURL(/\/category\/0\/2$/);
    await page.getByRole('link', { name: 'Предыдущая страница' }).click();
    await expect(page).toHaveURL(/\/category\/0\/1$/);
    await page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }).click();
    // The item page itself (the list's cards have their own 'В корзину' until it has loaded).
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('Cart') ?? '[]'));
    expect(stored).toEqual([
      expect.objectContaining({ id: '1001', categoryId: '11', name: 'Смартфон Квант A5 64 ГБ', typePrefix: 'Смартфон', price: 12990, quantity: 1, currencyId: 'RUR' }),
    ]);
    expect(stored[0].images.length).toBe(3);
  });
});
