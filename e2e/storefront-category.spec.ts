import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The catalogue pages: /category/{path} (sub-category buttons with an icon, the name and an arrow unless a
 * leaf; 'show all'; banners on the first category; breadcrumbs), the wide layout's redirect to /1, the
 * 1099/1100 px breakpoint, the breadcrumbs of lists and items, the cards' cart control and the picture
 * placeholder.
 */
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Навигация' }).getByRole('listitem');

/** Each category button: its name and whether it has the arrow and the icon. */
async function buttons(nav: Locator) {
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav.getByRole('link').evaluateAll((links) =>
    links.map((a) => ({
      name: a.querySelector('.category-button__name')?.textContent,
      href: a.getAttribute('href'),
      icon: !!a.querySelector('.category-button__icon'),
      arrow: !!a.querySelector('.category-button__arrow'),
    })),
  );
}

/** A category button as `buttons` reads it: with its icon, and with the arrow unless `arrow` is false (a leaf). */
const button = (name: string, href: string, arrow = true) => ({ name, href, icon: true, arrow });

test('category pages: sub-category buttons (icon, name, an arrow unless a leaf), show all, banners on the first category, breadcrumbs, wide screens go to /1', async ({ page }, info) => {
  if (info.project.name === 'desktop') {
    // Over 1100 px a category page is its product list.
    for (const path of ['0', '1', '1-13']) {
      await page.goto(`/category/${path}`);
      await expect(page).toHaveURL(new RegExp(`/category/${path}/1$`));
      await expect(page.getByRole('complementary').getByRole('navigation', { name: 'Категории' })).toBeVisible();
    }
    await expect(crumbs(page)).toHaveText(['Каталог', 'Электроника', 'Аудио']);
    await page.goto('/category/0');
    await expect(page.getByRole('region', { name: 'Акции' })).toBeVisible();
    return;
  }

  await page.goto('/category/0');
  await expect(page.getByRole('heading', { level: 1, name: 'Каталог' })).toBeVisible();
  // The first category: banners, then 'all products' and the top categories; Аудиокниги has no sub-categories.
  await expect(page.getByRole('region', { name: 'Акции' }).getByRole('link')).toHaveCount(3);
  const nav = page.getByRole('main').getByRole('navigation', { name: 'Категории' });
  expect(await buttons(nav)).toEqual([
    button('Все товары', '/category/0/1'),
    button('Электроника', '/category/1'),
    button('Книги', '/category/2'),
    button('Аудиокниги', '/category/3/1', false),
    button('Музыка и кино', '/category/4'),
    button('Туры', '/category/5'),
    button('Билеты', '/category/6'),
    button('Дом и кухня', '/category/7'),
  ]);
  // The root's title says where the reader is: no breadcrumbs of one crumb.
  await expect(page.getByRole('navigation', { name: 'Навигация' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Электроника' }).click();
  await expect(page).toHaveURL(/\/category\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Электроника' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Акции' })).toHaveCount(0);
  await expect(crumbs(page)).toHaveText(['Каталог', 'Электроника']);
  expect(await buttons(nav)).toEqual([
    button('Показать все', '/category/1/1'),
    button('Смартфоны', '/category/1-11/1', false),
    button('Ноутбуки', '/category/1-12/1', false),
    button('Аудио', '/category/1-13'),
    button('Умные часы', '/category/1-14/1', false),
  ]);

  await nav.getByRole('link', { name: 'Аудио' }).click();
  await expect(page).toHaveURL(/\/category\/1-13$/);
  await expect(crumbs(page)).toHaveText(['Каталог', 'Электроника', 'Аудио']);
  await expect(page.getByRole('navigation', { name: 'Навигация' }).getByRole('link', { name: 'Электроника' })).toHaveAttribute('href', '/category/1');
  await expect(crumbs(page).last().locator('[aria-current="page"]')).toHaveText('Аудио');

  // 'Показать все': the products of the category and those below it.
  await nav.getByRole('link', { name: 'Показать все' }).click();
  await expect(page).toHaveURL(/\/category\/1-13\/1$/);
  await expect(page.getByRole('list', { name: 'Аудио' }).getByRole('link', { name: 'Наушники беспроводные Ладога Звук Air' })).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Каталог', 'Электроника', 'Аудио']);
  // A crumb goes back up.
  await page.getByRole('navigation', { name: 'Навигация' }).getByRole('link', { name: 'Каталог' }).click();
  await expect(page).toHaveURL(/\/category\/0$/);
});

test('breadcrumbs: Каталог, Все товары on the root list of narrow screens, each category, then the vendor and the name on the item page', async ({ page }, info) => {
  const narrow = info.project.name === 'mobile';
  await page.goto('/category/0/1');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(crumbs(page)).toHaveText(narrow ? ['Каталог', 'Все товары'] : ['Каталог']);

  await page.goto('/category/1-11/1');
  await expect(crumbs(page)).toHaveText(['Каталог', 'Электроника', 'Смартфоны']);
  await page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }).click();
  await expect(page).toHaveURL(/\/category\/1-11\/item\/1001$/);
  await expect(crumbs(page)).toHaveText(['Каталог', 'Электроника', 'Смартфоны', 'Квант', 'Смартфон Квант A5 64 ГБ']);
  const nav = page.getByRole('navigation', { name: 'Навигация' });
  await expect(nav.getByRole('link')).toHaveText(['Каталог', 'Электроника', 'Смартфоны']);
  await expect(nav.getByRole('link', { name: 'Смартфоны' })).toHaveAttribute('href', '/category/1-11');
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Смартфон Квант A5 64 ГБ');

  // An item opened from the list of all products: 'Все товары' at both widths (it names the list).
  await page.goto('/category/0/item/1001');
  await expect(crumbs(page)).toHaveText(['Каталог', 'Все товары', 'Квант', 'Смартфон Квант A5 64 ГБ']);
  // An item without a vendor: the name follows the categories.
  await page.goto('/category/2-21/item/2102');
  await expect(crumbs(page)).toHaveText(['Каталог', 'Книги', 'Художественная литература', 'Мёртвые души']);
});

test('layout: 1099 px is the phone layout, 1100 px the wide one', async ({ page }) => {
  await page.setViewportSize({ width: 1099, height: 800 });
  await page.goto('/category/1');
  // Phone layout: the category buttons, no category tree beside a list.
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Категории' }).getByRole('link', { name: 'Показать все' })).toBeVisible();
  await expect(page).toHaveURL(/\/category\/1$/);
  await page.goto('/category/0/1');
  await expect(crumbs(page)).toHaveText(['Каталог', 'Все товары']);
  await expect(page.getByRole('complementary')).toHaveCount(0);

  // One pixel wider: the wide layout (the tree beside the list, no 'Все товары' crumb) without a reload.
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Все товары' })).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Каталог']);
  await page.goto('/category/1');
  await expect(page).toHaveURL(/\/category\/1\/1$/);

  // And back.
  await page.setViewportSize({ width: 1099, height: 800 });
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await page.goto('/category/1');
  await expect(page).toHaveURL(/\/category\/1$/);
});

test('cards carry a cart control: В корзину, then minus / quantity / plus: plus adds one, minus from 1 and a typed 0 (once the field is left) take the item out', async ({ page }, info) => {
  await page.goto('/category/1-11/1');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }) });
  await card.getByRole('button', { name: 'В корзину' }).click();
  const control = card.getByRole('group', { name: 'Количество' });
  const quantity = control.getByRole('textbox', { name: 'Количество' });
  await expect(quantity).toHaveValue('1');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 1' })).toBeVisible();
  await control.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(quantity).toHaveValue('2');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 2' })).toBeVisible();
  // An unavailable product cannot be added.
  const unavailable = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Пульсар Лайт 32 ГБ' }) });
  await expect(unavailable.getByRole('button', { name: 'В корзину' })).toBeDisabled();
  await page.screenshot({ path: info.outputPath(`cards-cart-${info.project.name}.png`) });

  await control.getByRole('button', { name: 'Уменьшить количество' }).click();
  await expect(quantity).toHaveValue('1');
  await control.getByRole('button', { name: 'Уменьшить количество' }).click();
  await expect(card.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();

  await card.getByRole('button', { name: 'В корзину' }).click();
  await quantity.fill('3a0');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 30' })).toBeVisible();
  await quantity.fill('0');
  // Taken out once the field is left, not while it is cleared to type another number.
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 30' })).toBeVisible();
  await quantity.blur();
  await expect(card.getByRole('button', { name: 'В корзину' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');

  // Search results have it too, and the item page sees the same line.
  await page.goto('/search/word/Квант/1');
  const found = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Квант X Pro 256 ГБ' }) });
  await found.getByRole('button', { name: 'В корзину' }).click();
  await found.getByRole('button', { name: 'Увеличить количество' }).click();
  await found.getByRole('link', { name: 'Смартфон Квант X Pro 256 ГБ' }).click();
  await expect(page.getByRole('main').getByRole('group', { name: 'Количество' })).toContainText('В корзине 2 шт.');
});

test('a picture that fails to load shows the placeholder', async ({ page, shop }) => {
  const res = await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[478_offer_id]': '1002' }) });
  const { offers } = (await res.json()) as { offers: { thumb: string }[] };
  const thumb = offers[0].thumb;
  await page.route(`**/images/${thumb}`, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/category/1-11/1');
  const broken = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Квант A5 128 ГБ' }) });
  await expect(broken.getByRole('img', { name: 'Смартфон Квант A5 128 ГБ' })).toBeVisible();
  await expect(broken.locator('.product-image img')).toHaveCount(0);
  // Its neighbour's picture loads.
  const fine = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' }) });
  await expect(fine.locator('.product-image img')).toHaveJSProperty('complete', true);
  expect(await fine.locator('.product-image img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(fine.locator('.product-image__stub')).toHaveCount(0);
  // Its alt is the product's name for search engines; screen readers hear the name once, from the card's heading.
  await expect(fine.locator('.product-image img')).toHaveAttribute('alt', 'Смартфон Квант A5 64 ГБ');
  await expect(fine.locator('.product-image img')).toHaveAttribute('aria-hidden', 'true');
  await expect(fine.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ', exact: true })).toBeVisible();
});

test('a list shows what can be ordered first and the unavailable products after them, in any sort (issue 36)', async ({ page }, info) => {
  // Аудио: seven headphones and speakers, "Пульсар Бас" (id 1304) not available; by price it would sit among the others.
  for (const address of ['/category/1-13/1', '/category/1-13/1?sort=price_asc', '/category/1-13/1?sort=price_desc']) {
    await page.goto(address);
    const cards = page.getByRole('list', { name: 'Аудио' }).getByRole('listitem');
    await expect(cards, address).toHaveCount(7);
    await expect(cards.last().getByRole('heading', { level: 3 }), address).toHaveText('Наушники накладные Пульсар Бас');
    await expect(cards.last(), address).toContainText('Товар недоступен для заказа');
    await expect(cards.getByText('Товар недоступен для заказа'), address).toHaveCount(1);
  }
  await page.screenshot({ path: info.outputPath(`audio-unavailable-last-${info.project.name}.png`), fullPage: true });
});
