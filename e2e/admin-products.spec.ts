import type { Page } from '@playwright/test';
import { test, expect, ownerApi, type OwnerAuth } from './adminFixtures';
import { shot } from './shots';

/**
 * The owner's product list (/admin/offers) as an owner meets it: the total count, the visibility status
 * and its filter, the SKU and stock columns, sorting, and the bulk actions (hide/show, move, price by a
 * percentage, delete), each seen in the shop afterwards.
 */

interface Offer {
  id: string;
  name: string;
  price: number;
  categoryId: string;
}

/** Three products of a word of their own in 'Смартфоны' (11), so the spec works whatever else the shop holds. */
async function makeProducts(shopUrl: string, auth: OwnerAuth, word: string) {
  const made: Offer[] = [];
  for (const [name, price, sku, stock] of [
    [`${word} Альфа`, '1990', `${word}-A`, '4'],
    [`${word} Бета`, '1000', `${word}-B`, '0'],
    [`${word} Гамма`, '99.9', `${word}-C`, ''],
  ]) {
    const r = await ownerApi<{ offers: Offer[] }>(shopUrl, auth, 'offers', { set: '1', 'p[276_name]': name, 'p[283_price]': price, 'p[287_categoryId]': '11', 'p[281_vendorCode]': sku, ...(stock ? { 'p[568_stock]': stock } : {}) });
    made.push(r.offers[0]);
  }
  return made;
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function select(page: Page, names: string[]) {
  for (const n of names) await rowOf(page, n).getByRole('checkbox').check();
}

/** A bulk action: its button on a wide screen; on a phone, an item of the 'Действия' menu. */
async function bulk(page: Page, name: string) {
  if (test.info().project.name !== 'mobile') return page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Действия', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

test.describe('admin product list', () => {
  test('a total count, status and stock columns, a visibility filter, sorting; hide and show in bulk', async ({ adminPage: page, shop, ownerAuth, browser }, info) => {
    const mobile = info.project.name === 'mobile';
    const word = `Пакет${mobile ? 'М' : 'Д'}`;
    const [alpha, beta, gamma] = await makeProducts(shop.url, ownerAuth, word);

    await page.goto('/admin/offers');
    // The whole count, not "more than 20".
    await expect(page.getByText(/^1-20 из \d+$/)).toBeVisible();
    await expect(page.getByText(/более/)).toHaveCount(0);
    await shot(page, `products-list-${info.project.name}`);

    await page.getByPlaceholder('Поиск товаров').fill(word);
    await expect(page.getByText('1-3 из 3')).toBeVisible();
    await expect(rowOf(page, alpha.name)).toContainText(`${word}-A`);
    await expect(rowOf(page, alpha.name)).toContainText('В продаже');
    await expect(rowOf(page, beta.name)).toContainText('Нет в наличии');
    if (!mobile) {
      await expect(page.getByRole('columnheader', { name: 'Артикул' })).toBeVisible();
      await expect(rowOf(page, alpha.name).getByRole('cell').nth(5)).toHaveText('4');
      await expect(rowOf(page, gamma.name)).toContainText('не учитывается');
      // Sorting by a column: price, high to low, then low to high.
      await page.getByRole('columnheader', { name: 'Цена' }).getByRole('button').click();
      await expect(page.getByRole('row').nth(1)).toContainText(gamma.name);
      await page.getByRole('columnheader', { name: 'Цена' }).getByRole('button').click();
      await expect(page.getByRole('row').nth(1)).toContainText(alpha.name);
    } else {
      // Phones have no column headers: a sort menu instead.
      await page.getByRole('button', { name: /^Сортировать/ }).click();
      await page.getByRole('menuitem', { name: /Цена/ }).click();
      await expect(page.getByRole('row').nth(1)).toContainText(gamma.name);
    }

    // Hide two in one go: the status says so, the filter finds them, the shop no longer shows them.
    await select(page, [alpha.name, beta.name]);
    await expect(page.getByText('2 выбрано')).toBeVisible();
    // The bulk actions fit in the selection bar, on a phone too (there one 'Действия' button, whose menu names them).
    // Measured once the bar has slid in (it animates its height: a box taken mid-way left the buttons outside).
    const actions = ['Показать', 'Скрыть', 'В категорию…', 'Изменить цену…', 'Удалить'];
    const outside = async () => {
      const bar = await page.locator('.RaBulkActionsToolbar-toolbar').boundingBox();
      const out: string[] = [];
      for (const name of mobile ? ['Действия'] : actions) {
        const b = await page.getByRole('button', { name, exact: true }).boundingBox();
        if (!(b && bar && b.y >= bar.y && b.y + b.height <= bar.y + bar.height + 1 && b.x >= bar.x && b.x + b.width <= bar.x + bar.width + 1)) out.push(name);
      }
      return out;
    };
    await expect.poll(outside).toEqual([]);
    if (mobile) {
      await page.getByRole('button', { name: 'Действия', exact: true }).click();
      for (const name of actions) await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
      await shot(page, `products-actions-menu-${info.project.name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    }
    await shot(page, `products-selected-${info.project.name}`);
    await bulk(page, 'Скрыть');
    await expect(page.getByText('Готово, изменено товаров: 2')).toBeVisible();
    await expect(rowOf(page, alpha.name)).toContainText('Скрыт вами');
    await expect(rowOf(page, beta.name)).toContainText('Скрыт вами');
    await shot(page, `products-hidden-${info.project.name}`);
    await page.getByRole('combobox', { name: 'Статус' }).click();
    await page.getByRole('option', { name: 'Скрытые' }).click();
    await expect(page.getByText('1-2 из 2')).toBeVisible();
    await expect(rowOf(page, gamma.name)).toHaveCount(0);

    // A customer (a browser of its own, not the owner's session) no longer finds them.
    const customer = await browser.newContext({ viewport: page.viewportSize()! });
    const storefront = await customer.newPage();
    await storefront.goto(`${shop.url}/search/word/${encodeURIComponent(word)}/1`);
    await expect(storefront.getByRole('link', { name: new RegExp(gamma.name) }).first()).toBeVisible();
    await expect(storefront.getByRole('link', { name: new RegExp(alpha.name) })).toHaveCount(0);

    await select(page, [alpha.name, beta.name]);
    await bulk(page, 'Показать');
    await expect(page.getByText('Готово, изменено товаров: 2')).toBeVisible();
    await expect(page.getByText(/результаты не найдены/)).toBeVisible();
    await storefront.reload();
    await expect(storefront.getByRole('link', { name: new RegExp(alpha.name) }).first()).toBeVisible();
    await customer.close();
  });

  test("a newer toast replaces the one on screen at once: the second of two quick actions is not told seconds late", async ({ adminPage: page, shop, ownerAuth }, info) => {
    const word = `Тост${info.project.name === 'mobile' ? 'М' : 'Д'}`;
    const [alpha, beta] = await makeProducts(shop.url, ownerAuth, word);
    // Time stands still once the list is open: a toast ends only when a newer one comes, or when time is run on.
    await page.clock.install();
    await page.goto('/admin/offers');
    await page.getByPlaceholder('Поиск товаров').fill(word);
    await expect(page.getByText('1-3 из 3')).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    // (A phone's 'Действия' menu opens and closes with transitions: time is run on a little for them.)
    const act = async (name: string) => {
      if (info.project.name !== 'mobile') return bulk(page, name);
      await page.getByRole('button', { name: 'Действия', exact: true }).click();
      await page.clock.runFor(400);
      await page.getByRole('menuitem', { name, exact: true }).click();
      await page.clock.runFor(400);
    };
    await select(page, [alpha.name]);
    await act('Скрыть');
    await expect(page.getByText('Готово, изменено товаров: 1')).toBeVisible();
    await select(page, [alpha.name, beta.name]);
    await act('Показать');
    // One second on (the toasts last four): the first has made way for the second.
    await page.clock.runFor(1000);
    await expect(page.getByText('Готово, изменено товаров: 2')).toBeVisible();
    await expect(page.getByText('Готово, изменено товаров: 1')).toHaveCount(0);
  });

  test('change prices by a percentage, move to a category and delete, in bulk', async ({ adminPage: page, shop, ownerAuth }, info) => {
    const mobile = info.project.name === 'mobile';
    const word = `Партия${mobile ? 'М' : 'Д'}`;
    const [alpha, beta, gamma] = await makeProducts(shop.url, ownerAuth, word);
    await page.goto('/admin/offers');
    await page.getByPlaceholder('Поиск товаров').fill(word);
    await expect(page.getByText('1-3 из 3')).toBeVisible();

    // −7 %: the dialog previews what the server will store; a whole price stays whole.
    await select(page, [alpha.name, gamma.name]);
    await bulk(page, 'Изменить цену…');
    const dialog = page.getByRole('dialog', { name: 'Изменить цену на процент' });
    await dialog.getByLabel('Изменение').fill('-7');
    await expect(dialog.getByRole('region', { name: 'Как изменятся цены' })).toContainText(/1\s990\s₽ → 1\s851\s₽/);
    await shot(page, `products-price-${info.project.name}`);
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await expect(page.getByText('Готово, изменено товаров: 2')).toBeVisible();
    await expect(rowOf(page, alpha.name)).toContainText(/1\s851\s₽/);
    const item = async (id: string) => (await ownerApi<{ offers: Offer[] }>(shop.url, ownerAuth, 'offers', { 'p[478_offer_id]': id })).offers[0];
    expect((await item(alpha.id)).price).toBe(1851);
    expect((await item(gamma.id)).price).toBe(92.91);
    expect((await item(beta.id)).price).toBe(1000);

    // Move one to 'Ноутбуки' (12): the shop lists it there.
    await select(page, [beta.name]);
    await bulk(page, 'В категорию…');
    const move = page.getByRole('dialog', { name: 'Перенести в категорию' });
    await move.getByLabel('Категория').click();
    await page.getByRole('option', { name: /Ноутбуки/ }).click();
    await move.getByRole('button', { name: 'Применить' }).click();
    await expect(page.getByText('Готово, изменено товаров: 1')).toBeVisible();
    expect((await item(beta.id)).categoryId).toBe('12');

    // Delete two, after the question: the count goes down, the shop's page is gone.
    await select(page, [alpha.name, beta.name]);
    await bulk(page, 'Удалить');
    await page.getByRole('dialog', { name: 'Удалить выбранные товары?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Готово, изменено товаров: 2')).toBeVisible();
    await expect(page.getByText('1-1 из 1')).toBeVisible();
    await expect(rowOf(page, gamma.name)).toBeVisible();
    const res = await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[478_offer_id]': alpha.id }) });
    expect(res.status).toBe(404);
  });
});
