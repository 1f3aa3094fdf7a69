import { test, expect, hydrated } from './fixtures';
import { shot } from './shots';

/** The filter page's apply button: "Применить", then "Показать N товаров" once the count is in. */
const APPLY = /^(Применить|Показать|Нет товаров)/;

/**
 * The catalogue's addresses as a shopper meets them (issue 36): the sort and filters are in the address (a
 * reload keeps them), each page of a list is its own page with real links between pages (back returns),
 * past the end is the 404 page, and every product link is the product's one address.
 */
test('the sort and filters go into the address; a reload keeps them', async ({ page }, info) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await page.getByRole('link', { name: 'Фильтры' }).click();
  await page.getByRole('radio', { name: 'Сначала дороже' }).check();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await page.getByRole('checkbox', { name: 'чёрный' }).check();
  await page.getByRole('button', { name: APPLY }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1\?sort=price_desc&f=323%3A\d+$/);
  const chosen = ['Смартфон Пульсар Ультра 512 ГБ', 'Смартфон Квант A5 64 ГБ'];
  await expect(list.getByRole('heading')).toHaveText(chosen);

  const address = page.url();
  await page.reload();
  await page.waitForFunction(hydrated);
  await expect(page).toHaveURL(address);
  await expect(list.getByRole('heading')).toHaveText(chosen);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 1' })).toBeVisible();
  await shot(page, `urls-filtered-${info.project.name}`);
  // The filter page starts from the address's choice.
  await page.getByRole('link', { name: 'Фильтры, выбрано: 1' }).click();
  await expect(page.getByRole('radio', { name: 'Сначала дороже' })).toBeChecked();
  await expect(page.getByRole('link', { name: /Цвет/ })).toContainText('чёрный');
  await page.goBack();
  await expect(page).toHaveURL(address);
  await expect(list.getByRole('heading')).toHaveText(chosen);
});

test('the chosen sort and filters show as chips above the list; each chip removes itself, one clears all', async ({ page }, info) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  const chips = page.getByRole('list', { name: 'Выбранные сортировка и фильтры' });
  await expect(chips).toHaveCount(0);
  await page.getByRole('link', { name: 'Фильтры' }).click();
  await page.getByRole('radio', { name: 'Сначала дороже' }).check();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await page.getByRole('checkbox', { name: 'чёрный' }).check();
  await page.getByRole('button', { name: APPLY }).click();
  await expect(chips.getByRole('button')).toHaveText(['Сначала дороже×', 'Цвет: чёрный×', 'Сбросить всё']);
  await shot(page, `list-chips-${info.project.name}`);

  // A shared link (the address) draws the same chips at once, named once the category's filters are read.
  const address = page.url();
  await page.goto(address);
  await page.waitForFunction(hydrated);
  await expect(chips.getByRole('button')).toHaveText(['Сначала дороже×', 'Цвет: чёрный×', 'Сбросить всё']);

  await chips.getByRole('button', { name: 'Убрать: Сначала дороже' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1\?f=323%3A\d+$/);
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Квант A5 64 ГБ', 'Смартфон Пульсар Ультра 512 ГБ']);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 1' })).toBeVisible();
  await chips.getByRole('button', { name: 'Сбросить всё' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(chips).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(5);
});

test('a later page of a list is its own page: the link to the page before it navigates, back returns, past the end is the 404 page', async ({ page }, info) => {
  await page.goto('/category/0/2');
  await page.waitForFunction(hydrated);
  const list = page.getByRole('list', { name: 'Все товары' });
  await expect(list.getByRole('link', { name: 'Война и мир. Том 1' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/category\/0\/2$/);
  const earlier = page.getByRole('link', { name: 'Предыдущая страница' });
  await expect(earlier).toHaveAttribute('href', '/category/0/1');
  await shot(page, `urls-page2-${info.project.name}`);
  await page.screenshot({ path: info.outputPath('urls-page2.png') });

  await earlier.click();
  await expect(page).toHaveURL(/\/category\/0\/1$/);
  await expect(list.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Предыдущая страница' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/category\/0\/2$/);
  await expect(list.getByRole('link', { name: 'Война и мир. Том 1' })).toBeVisible();

  // Every product link is the product's one address (under its own category, not the list's).
  await expect(list.getByRole('link', { name: 'Война и мир. Том 1' })).toHaveAttribute('href', '/category/2-21/item/2104');

  const past = await page.goto('/category/0/4');
  expect(past?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page).toHaveURL(/\/404$/);
});

test('the list’s next-page link is at its end, a real link to the next page', async ({ page }, info) => {
  await page.goto('/category/0/1');
  await page.waitForFunction(hydrated);
  const next = page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Следующая страница' });
  await expect(next).toHaveAttribute('href', '/category/0/2');
  await next.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('urls-next.png') });
  await shot(page, `urls-next-${info.project.name}`);
});

test('?lang= opens the page in that language: lang and dir of the document, its texts', async ({ page }) => {
  await page.goto('/category/0/2?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/category/0/2?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();
  await expect(page).toHaveTitle(/^Catalog — Page 2 — /);
});
