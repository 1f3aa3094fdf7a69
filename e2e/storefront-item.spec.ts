import type { Locator, Page } from '@playwright/test';
import { test, expect, ownerApi } from './adminFixtures';

/**
 * The item page on the demo data: prices (thin spaces from six digits, the currency), the old price and
 * the discount, the property groups and the custom params, the delivery and pickup terms, the cart button
 * and its quantity control, the phone footer, the shop id in the address and the legacy /product address.
 */
const NBSP = '\u00a0';
const THIN = '\u2009';

/** The property groups as {title: [[label, value], ...]}. */
async function propertyGroups(page: Page) {
  const region = page.getByRole('region', { name: 'Характеристики' });
  await expect(region.locator('.props').first()).toBeVisible();
  return region.locator('.props').evaluateAll((groups) =>
    Object.fromEntries(
      groups.map((g) => [g.querySelector('h3')?.textContent ?? '', [...g.querySelectorAll('.props__row')].map((r) => [r.querySelector('dt')?.textContent ?? '', r.querySelector('dd')?.textContent ?? ''])]),
    ),
  );
}

const text = async (l: Locator) => {
  await expect(l).toBeVisible();
  return l.textContent();
};

test('prices with thin spaces and the currency, the old price and the discount, the property groups with Да/Нет', async ({ page }) => {
  await page.goto('/category/1-11/item/1003');
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
  const summary = page.locator('.item__summary');
  expect(await text(summary.locator('.price__now'))).toBe(`39${NBSP}990${NBSP}₽`);
  expect(await text(summary.getByLabel('Старая цена'))).toBe(`44${NBSP}990${NBSP}₽`);
  expect(await text(summary.locator('.price__discount'))).toBe('−11%');

  const groups = await propertyGroups(page);
  expect(Object.keys(groups)).toEqual(['Основные', 'Вес и габариты', 'Параметры']);
  expect(groups['Основные']).toEqual([
    ['Производитель', 'Квант'],
    ['Модель', 'X Pro 256 ГБ'],
    ['Артикул', 'KV-XP-256'],
    ['Страна производства', 'Китай'],
    ['Гарантия производителя', 'Да'],
    ['Штрихкод', '2001001001032'],
  ]);
  expect(groups['Вес и габариты']).toEqual([
    ['Вес, кг', '0,21'],
    ['Размеры (Д × Ш × В), см', '16,3 × 7,7 × 0,8'],
  ]);
  // Custom params: select → the option's name, numbers with their unit, bool '1' → Да.
  expect(groups['Параметры']).toEqual([
    ['Цвет', 'серебристый'],
    ['Объём памяти', '256 ГБ'],
    ['Диагональ экрана', '6,7 дюйм'],
    ['Гарантия', '24 мес'],
    ['Водонепроницаемость', 'Да'],
  ]);

  // A bool param that is not '1' reads Нет.
  await page.goto('/category/1-11/item/1001');
  expect((await propertyGroups(page))['Параметры']).toContainEqual(['Водонепроницаемость', 'Нет']);

  // Six digits and more: thin spaces; no old price, no discount.
  await page.goto('/category/1-12/item/1104');
  await expect(page.getByRole('heading', { level: 1, name: 'Ноутбук Северон Игровой 17' })).toBeVisible();
  expect(await text(summary.locator('.price__now'))).toBe(`129${THIN}990${NBSP}₽`);
  await expect(summary.getByLabel('Старая цена')).toHaveCount(0);
  await expect(summary.locator('.price__discount')).toHaveCount(0);

  // A book: its own fields ('Подробности'), then its params.
  await page.goto('/category/2-21/item/2102');
  await expect(page.getByRole('heading', { level: 1, name: 'Мёртвые души' })).toBeVisible();
  expect(await text(summary.locator('.price__discount'))).toBe('−14%');
  const book = await propertyGroups(page);
  expect(Object.keys(book)).toEqual(['Подробности', 'Параметры']);
  expect(book['Подробности']).toEqual(expect.arrayContaining([['Автор', 'Гоголь Н. В.'], ['Год', '2023'], ['ISBN', '978-5-0000-0002-1']]));
  expect(book['Параметры']).toEqual([
    ['Вес', '0,4 кг'],
    ['Обложка', 'твёрдая'],
  ]);
});

test('delivery and pickup blocks: cost or Бесплатно, the days in words, the order-before hour', async ({ page }) => {
  await page.goto('/category/1-11/item/1001');
  const delivery = page.getByRole('region', { name: 'Доставка' });
  const pickup = page.getByRole('region', { name: 'Самовывоз' });
  await expect(delivery.locator('.terms__line')).toHaveText('300 ₽ · 2-4 дня');
  await expect(delivery.locator('.terms__note')).toHaveText('Условия доставки действительны при заказе до 15:00');
  await expect(pickup.locator('.terms__line')).toHaveText('Бесплатно · завтра');
  await expect(pickup.locator('.terms__note')).toHaveText('Условия самовывоза действительны при заказе до 18:00');

  await page.goto('/category/1-11/item/1003');
  await expect(delivery.locator('.terms__line')).toHaveText('Бесплатно · 1-2 дня');
  await expect(delivery.locator('.terms__note')).toHaveText('Условия доставки действительны при заказе до 14:00');

  // An audiobook: delivered 'до завтра', no pickup.
  await page.goto('/category/3/item/3001');
  await expect(page.getByRole('heading', { level: 1, name: 'Повести Белкина' })).toBeVisible();
  await expect(delivery.locator('.terms__line')).toHaveText('Бесплатно · до завтра');
  await expect(delivery.locator('.terms__note')).toHaveCount(0);
  await expect(pickup).toHaveCount(0);
});

test('phones show a footer with the name, the price and the buy button, wide screens do not (their button is beside the price)', async ({ page }, info) => {
  await page.goto('/category/1-12/item/1104');
  await expect(page.getByRole('heading', { level: 1, name: 'Ноутбук Северон Игровой 17' })).toBeVisible();
  const footer = page.locator('.item-footer');
  if (info.project.name === 'mobile') {
    await expect(footer).toBeVisible();
    expect(await footer.locator('.item-footer__name').textContent()).toBe('Ноутбук Северон Игровой 17');
    expect(await footer.locator('.item-footer__price').textContent()).toBe(`129${THIN}990${NBSP}₽`);
    // Fixed at the foot of the window.
    const box = (await footer.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);
    // The page's one buy button is in the bar, within reach wherever the page is scrolled.
    await page.getByRole('heading', { level: 2, name: 'Характеристики' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'В корзину' })).toHaveCount(1);
    await footer.getByRole('button', { name: 'В корзину' }).click();
    await expect(footer.getByRole('group', { name: 'Количество' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();
  } else {
    await expect(footer).toHaveCount(0);
    await expect(page.locator('.item__summary').getByRole('button', { name: 'В корзину' })).toBeVisible();
  }
});

test('the cart button: В корзину, then the quantity control (count_controls on): plus adds one, minus from 1 and a typed 0 (once the field is left) take the item out', async ({ page }) => {
  await page.goto('/category/1-12/item/1101');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'В корзину' }).click();
  const control = main.getByRole('group', { name: 'Количество' });
  await expect(control).toContainText('В корзине 1 шт.');
  await expect(control.getByRole('textbox', { name: 'Количество' })).toHaveValue('1');
  await control.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(control).toContainText('В корзине 2 шт.');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 2' })).toBeVisible();
  await control.getByRole('button', { name: 'Уменьшить количество' }).click();
  await expect(control).toContainText('В корзине 1 шт.');
  // Minus from 1 takes the item out.
  await control.getByRole('button', { name: 'Уменьшить количество' }).click();
  await expect(main.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');

  // Typed digits (letters dropped); clearing the field to type another number keeps the item.
  await main.getByRole('button', { name: 'В корзину' }).click();
  const typed = control.getByRole('textbox', { name: 'Количество' });
  await typed.fill('1x2');
  await expect(control).toContainText('В корзине 12 шт.');
  await typed.press('Backspace');
  await typed.press('Backspace');
  await expect(typed).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();
  await typed.pressSequentially('3');
  await expect(control).toContainText('В корзине 3 шт.');
  // A typed 0 takes it out once the field is left (Enter or a tap elsewhere).
  await typed.fill('0');
  await typed.press('Enter');
  await expect(main.getByRole('button', { name: 'В корзину' })).toBeVisible();
  // An emptied input does too.
  await main.getByRole('button', { name: 'В корзину' }).click();
  await typed.fill('');
  await typed.blur();
  await expect(main.getByRole('button', { name: 'В корзину' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');
});

test('with count_controls off the cart button toggles: В корзину, В корзине 1 шт., pressed again takes it out (item page and cards)', async ({ page, shop, ownerAuth }) => {
  await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[452_count_controls]': '0' });
  try {
    await page.goto('/category/1-12/item/1101');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'В корзину' }).click();
    await expect(main.getByRole('button', { name: 'В корзине 1 шт.' })).toBeVisible();
    await expect(main.getByRole('group', { name: 'Количество' })).toHaveCount(0);
    await main.getByRole('button', { name: 'В корзине 1 шт.' }).click();
    await expect(main.getByRole('button', { name: 'В корзину' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');

    // The cards' control is the same toggle.
    await page.goto('/category/1-12/1');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Ноутбук Северон Книга 14' }) });
    await card.getByRole('button', { name: 'В корзину' }).click();
    await expect(card.getByRole('button', { name: 'В корзине 1 шт.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();
    await card.getByRole('button', { name: 'В корзине 1 шт.' }).click();
    await expect(card.getByRole('button', { name: 'В корзину' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();
  } finally {
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[452_count_controls]': '1' });
  }
});

test('the shop id in the address: this shop’s id (or none) shows the item, another shop’s goes to 404', async ({ page }) => {
  await page.goto('/category/1-11/item/1003?shopId=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
  await expect(page).toHaveURL(/\/category\/1-11\/item\/1003\?shopId=1$/);
  await page.goto('/category/1-11/item/1003');
  await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
  await page.goto('/category/1-11/item/1003?shopId=2');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('the legacy /product/{id} address loads the item and replaces itself with the item route', async ({ page }) => {
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  // A product three levels down: the path is worked out from its category.
  await page.goto('/product/1301');
  await expect(page).toHaveURL(/\/category\/1-13-131\/item\/1301$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Наушники беспроводные Ладога Звук Air' })).toBeVisible();
  // Replaced, not pushed: back leaves the item for the page before /product.
  await page.goBack();
  await expect(page).toHaveURL(/\/category\/1-11\/1$/);

  await page.goto('/product/1003');
  await expect(page).toHaveURL(/\/category\/1-11\/item\/1003$/);
  await page.goto('/product/999999');
  await expect(page).toHaveURL(/\/404$/);
});
