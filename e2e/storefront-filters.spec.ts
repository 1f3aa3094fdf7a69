import { test, expect } from './fixtures';
import { shot } from './shots';

/** The filter page's apply button: "Применить", then "Показать N товаров" once the count is in. */
const APPLY = /^(Применить|Показать|Нет товаров)/;

/** Sorting and filtering a category list through the filter pages. */
test('filters: sort, a select filter on its checkbox page, a price range, the count on the header button, reset', async ({ page }) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);

  await page.getByRole('link', { name: 'Фильтры' }).click();
  await expect(page).toHaveURL(/\/filters\/1-11$/);
  await expect(page.getByRole('radio', { name: 'По умолчанию' })).toBeChecked();
  await page.getByRole('radio', { name: 'Сначала дороже' }).check();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await expect(page).toHaveURL(/\/filters\/1-11\/323$/);
  // The shop's colours span phones, kettles and textiles; a phone list offers its phones' colours only.
  for (const colour of ['красный', 'серебристый', 'синий', 'чёрный']) await expect(page.getByRole('checkbox', { name: colour, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'чёрный' }).check();
  await page.getByRole('button', { name: APPLY }).click();

  // Two steps back: the list, reloaded from page 1 with the sort and the filter.
  await expect(page).toHaveURL(/\/category\/1-11\/1\?sort=price_desc&f=323%3A\d+$/);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 1' })).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Пульсар Ультра 512 ГБ', 'Смартфон Квант A5 64 ГБ']);

  await page.getByRole('link', { name: 'Фильтры, выбрано: 1' }).click();
  await expect(page.getByRole('radio', { name: 'Сначала дороже' })).toBeChecked();
  await expect(page.getByRole('link', { name: /Цвет/ })).toContainText('чёрный');
  await page.getByRole('textbox', { name: 'Цена, ₽: от' }).fill('20 000abc');
  await expect(page.getByRole('textbox', { name: 'Цена, ₽: от' })).toHaveValue('20000');
  await page.getByRole('button', { name: APPLY }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1\?sort=price_desc&f=283%3A20000_0&f=323%3A\d+$/);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 2' })).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Пульсар Ультра 512 ГБ']);

  await page.getByRole('link', { name: 'Фильтры, выбрано: 2' }).click();
  await page.getByRole('button', { name: 'Сбросить' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.getByRole('link', { name: 'Фильтры', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(5);
});

test('the apply button says how many products the chosen filters show: "Показать N товаров"', async ({ page }) => {
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('list', { name: 'Смартфоны' }).getByRole('listitem')).toHaveCount(5);
  await page.getByRole('link', { name: 'Фильтры' }).click();
  await expect(page.getByRole('button', { name: 'Показать 5 товаров' })).toBeVisible();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await page.getByRole('checkbox', { name: 'чёрный' }).check();
  await expect(page.getByRole('button', { name: 'Показать 2 товара' })).toBeVisible();
  await page.goBack();
  await page.getByRole('textbox', { name: 'Цена, ₽: от' }).fill('20000');
  await expect(page.getByRole('button', { name: 'Показать 1 товар' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Цена, ₽: от' }).fill('200000');
  await expect(page.getByRole('button', { name: 'Нет товаров' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Цена, ₽: от' }).fill('');
  await page.getByRole('button', { name: 'Показать 2 товара' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1\?f=323%3A\d+$/);
  await expect(page.getByRole('list', { name: 'Смартфоны' }).getByRole('listitem')).toHaveCount(2);
});

test('the filter page without a previous page goes to the main page', async ({ page }) => {
  await page.goto('/filters/1-11');
  await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
});

test('the checkbox page: Сбросить clears that filter and goes back two steps to the list', async ({ page }) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await page.getByRole('link', { name: 'Фильтры' }).click();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await page.getByRole('checkbox', { name: 'чёрный' }).check();
  await page.getByRole('button', { name: APPLY }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1\?f=323%3A\d+$/);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 1' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('link', { name: 'Фильтры, выбрано: 1' }).click();
  await page.getByRole('link', { name: /Цвет/ }).click();
  await expect(page).toHaveURL(/\/filters\/1-11\/323$/);
  await expect(page.getByRole('checkbox', { name: 'чёрный' })).toBeChecked();
  await page.getByRole('button', { name: 'Сбросить' }).click();
  // Two steps back: the list itself (not the filter page), without the filter.
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.getByRole('link', { name: 'Фильтры', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/filters\//);
});

test('number ranges keep digits, the defaults are no filter, an empty bound is sent as 0', async ({ page }) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  // The filter[...] fields of each list request.
  const lists: string[][][] = [];
  page.on('request', (r) => {
    const body = r.url().includes('api=offers') ? (r.postData() ?? '') : '';
    if (body.includes('name="offset"')) lists.push([...body.matchAll(/name="(filter\[\d+\])"\r\n\r\n([^\r]*)/g)].map((m) => [m[1], m[2]]));
  });
  const sentFilters = async (before: number) => {
    await expect.poll(() => lists.length).toBeGreaterThan(before);
    return lists.at(-1);
  };

  // The category's own bounds (the placeholders: its phones' prices, not the shop's) typed in: nothing to filter by.
  await page.getByRole('link', { name: 'Фильтры' }).click();
  const from = page.getByRole('textbox', { name: 'Цена, ₽: от' });
  const to = page.getByRole('textbox', { name: 'Цена, ₽: до' });
  await expect(from).toHaveAttribute('placeholder', '6990');
  await expect(to).toHaveAttribute('placeholder', '59990');
  await from.fill('6990');
  await to.fill('59 990');
  await expect(to).toHaveValue('59990');
  const memory = page.getByRole('textbox', { name: 'Объём памяти, ГБ: от' });
  await memory.fill('3 2 ГБ');
  await expect(memory).toHaveValue('32');
  let before = lists.length;
  await page.getByRole('button', { name: APPLY }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(page.getByRole('link', { name: 'Фильтры', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(5);
  // The list is the unfiltered one (asked again or not): no request carried a filter.
  expect(lists.slice(before).flat()).toEqual([]);

  // Only the upper bound: the lower one goes as 0.
  await page.getByRole('link', { name: 'Фильтры' }).click();
  await from.fill('');
  await to.fill('15000');
  await memory.fill('');
  before = lists.length;
  await page.getByRole('button', { name: APPLY }).click();
  expect(await sentFilters(before)).toEqual([['filter[283]', '0_15000']]);
  await expect(page.getByRole('link', { name: 'Фильтры, выбрано: 1' })).toBeVisible();
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Квант A5 64 ГБ', 'Смартфон Квант A5 128 ГБ', 'Смартфон Пульсар Лайт 32 ГБ']);

  // Only the lower bound: the upper one goes as 0.
  await page.getByRole('link', { name: 'Фильтры, выбрано: 1' }).click();
  await from.fill('20000');
  await to.fill('');
  before = lists.length;
  await page.getByRole('button', { name: APPLY }).click();
  expect(await sentFilters(before)).toEqual([['filter[283]', '20000_0']]);
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Квант X Pro 256 ГБ', 'Смартфон Пульсар Ультра 512 ГБ']);
});

test('on a wide screen the list has its filters beside it (issue 36): chosen there and applied with "Показать N товаров", the list, address and chips follow; a phone has the filter page only', async ({ page }, info) => {
  await page.goto('/category/1-11/1');
  const list = page.getByRole('list', { name: 'Смартфоны' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await page.mouse.move(600, 400);
  const side = page.getByRole('region', { name: 'Фильтры' });
  if (info.project.name === 'mobile') {
    await page.waitForLoadState('networkidle');
    await expect(side).toHaveCount(0);
    return;
  }
  await expect(side.getByRole('radio', { name: 'По умолчанию' })).toBeChecked();
  await expect(side.getByRole('button', { name: 'Показать 5 товаров' })).toBeVisible();
  await side.getByRole('checkbox', { name: 'чёрный' }).check();
  await side.getByRole('radio', { name: 'Сначала дороже' }).check();
  await side.getByRole('button', { name: 'Показать 2 товара' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1\?sort=price_desc&f=323%3A\d+$/);
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Пульсар Ультра 512 ГБ', 'Смартфон Квант A5 64 ГБ']);
  await expect(page.getByRole('list', { name: 'Выбранные сортировка и фильтры' })).toContainText('чёрный');
  // The sidebar shows what is applied, ready for the next change.
  await expect(side.getByRole('checkbox', { name: 'чёрный' })).toBeChecked();
  await side.getByRole('textbox', { name: 'Цена, ₽: от' }).fill('20000');
  await side.getByRole('button', { name: 'Показать 1 товар' }).click();
  await expect(list.getByRole('heading')).toHaveText(['Смартфон Пульсар Ультра 512 ГБ']);
  await shot(page, `filter-sidebar-${info.project.name}`);
  await side.getByRole('button', { name: 'Сбросить', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(side.getByRole('checkbox', { name: 'чёрный' })).not.toBeChecked();
});
