import { test, expect, holdRequests } from './fixtures';

/** Header search: the 700 ms pause, the search page, paging, the history drop-list. */
test.describe('storefront search', () => {
  test('typing searches after a pause, shows the results and remembers the word', async ({ page }) => {
    await page.goto('/');
    const input = page.getByRole('searchbox', { name: 'Поиск по товарам' });
    await input.fill('смартфон');
    await expect(page).toHaveURL(/\/search\/word\/%D1%81%D0%BC%D0%B0%D1%80%D1%82%D1%84%D0%BE%D0%BD\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «смартфон»' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
    await page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «смартфон»' })).toBeVisible();
    await expect(input).toHaveValue('смартфон');

    // Nothing found.
    await input.fill('зззззз');
    await expect(page.getByText('По вашему запросу ничего не найдено')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('searchWords') ?? '[]'))).toEqual(['зззззз', 'смартфон']);
  });

  test('the history drop-list picks and removes words', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('searchWords', JSON.stringify(['чайник', 'книга', 'наушники'])));
    await page.reload();
    const input = page.getByRole('searchbox', { name: 'Поиск по товарам' });
    await input.click();
    const history = page.getByRole('region', { name: 'История поиска' });
    await expect(history.getByRole('button')).toHaveText(['чайник', '', 'книга', '', 'наушники', '']);
    await history.getByRole('button', { name: 'Удалить «книга» из истории' }).click();
    await expect(history.getByRole('button', { name: 'книга', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('searchWords') ?? '[]'))).toEqual(['чайник', 'наушники']);

    await history.getByRole('button', { name: 'наушники', exact: true }).click();
    await expect(page).toHaveURL(/\/search\/word\/[^/]+\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Результаты поиска «наушники»' })).toBeVisible();
    await expect(history).toBeHidden();
    // The chosen word moved to the front.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('searchWords') ?? '[]'))).toEqual(['наушники', 'чайник']);
  });

  test('search results page on as the reader scrolls; the address follows', async ({ page }) => {
    await page.goto('/search/word/о/1');
    const results = page.getByRole('list', { name: 'Результаты поиска «о»' });
    // The list is windowed (only rows near the window are in the page): each item says how many there are.
    await expect(results.getByRole('listitem').first()).toHaveAttribute('aria-setsize', /^(20|22)$/);
    await page.mouse.wheel(0, 20000);
    await expect(results.getByRole('listitem').last()).toHaveAttribute('aria-setsize', '22');
    await expect(results.getByRole('listitem').last()).toHaveAttribute('aria-posinset', '22');
    await expect(page).toHaveURL(/\/search\/word\/%D0%BE\/2$/);
  });
});

test('words typed before the app has started are kept and searched', async ({ browser, shop }) => {
  // A page of its own (not the fixture's, which waits for the app): the app's scripts are held until the
  // shopper has typed into the server-rendered search input.
  const context = await browser.newContext({ baseURL: shop.url });
  const page = await context.newPage();
  const release = await holdRequests(page, /\/assets\/.*\.js$/);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const input = page.getByRole('searchbox', { name: 'Поиск по товарам' });
  await input.pressSequentially('смартфон');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await expect(page).toHaveURL(/\/search\/word\/%D1%81%D0%BC%D0%B0%D1%80%D1%82%D1%84%D0%BE%D0%BD\/1$/);
  await expect(input).toHaveValue('смартфон');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await context.close();
});
