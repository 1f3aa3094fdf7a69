import { test, expect } from './fixtures';

/** Favourites: the heart on cards and on the item page, the /favourites page with its trash button, kept in localStorage. */
test('favourites are toggled on cards and the item page, listed on /favourites and removed with the trash button', async ({ page }) => {
  await page.goto('/category/1-11/1');
  const a5 = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }) });
  await a5.getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(a5.getByRole('button', { name: 'Убрать из избранного' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: 'Смартфон Квант X Pro 256 ГБ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Убрать из избранного' })).toBeVisible();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('favourites') ?? '[]').map((c: { id: string }) => c.id));
  expect(stored).toEqual(['1003', '1001']);

  // After a reload the favourites are still there.
  await page.goto('/favourites');
  const list = page.getByRole('list', { name: 'Избранное' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  // The favourites' cards carry the cart control too.
  const a5Card = list.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }) });
  await a5Card.getByRole('button', { name: 'В корзину' }).click();
  await expect(a5Card.getByRole('textbox', { name: 'Количество' })).toHaveValue('1');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();
  await list.getByRole('button', { name: 'Удалить из избранного: Смартфон Квант X Pro 256 ГБ' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/item\/1001$/);
  await expect(page.getByRole('main').getByRole('button', { name: 'Убрать из избранного' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Убрать из избранного' }).click();
  await page.goto('/favourites');
  await expect(page.getByText('В избранном пока пусто')).toBeVisible();
});
