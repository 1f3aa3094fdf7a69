import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { cartLine, type CartLine } from './cartSeed';

/** The cart page: lines, quantities, removal, the empty cart, the promo code and unavailable items. */


async function seedCart(page: Page, lines: CartLine[]) {
  await page.goto('/404');
  await page.evaluate((l) => {
    localStorage.setItem('Cart', JSON.stringify(l));
    localStorage.removeItem('promoCode');
  }, lines);
}

const cartList = (page: Page) => page.getByRole('list', { name: 'Корзина' });
const lineOf = (page: Page, name: string) => cartList(page).getByRole('listitem').filter({ has: page.getByRole('link', { name }) });

test('items added on the item page are in the cart; plus, minus (never below 1), typed digits, removal and the empty cart', async ({ page }) => {
  await page.goto('/category/1-11/item/1001');
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.goto('/category/1-11/item/1002');
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.getByRole('link', { name: 'Корзина, товаров: 2' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  await expect(cartList(page).getByRole('listitem')).toHaveCount(2);

  const a5 = lineOf(page, 'Смартфон Квант A5 64 ГБ');
  const qty = a5.getByRole('textbox', { name: 'Количество' });
  await expect(a5).toContainText('12 990 ₽');
  await a5.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(qty).toHaveValue('2');
  await expect(a5).toContainText('25 980 ₽');
  await expect(page.getByTestId('cart-total')).toHaveText('40 970 ₽');
  await a5.getByRole('button', { name: 'Уменьшить количество' }).click();
  await expect(qty).toHaveValue('1');
  await expect(a5.getByRole('button', { name: 'Уменьшить количество' })).toBeDisabled();

  // Typed: digits only, at most six.
  await qty.fill('12a');
  await expect(qty).toHaveValue('12');
  await qty.fill('1234567');
  await expect(qty).toHaveValue('123456');
  await qty.fill('3');
  await expect(page.getByTestId('cart-total')).toHaveText('53 960 ₽');
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 4' })).toBeVisible();

  // Kept after a reload.
  await page.reload();
  await expect(lineOf(page, 'Смартфон Квант A5 64 ГБ').getByRole('textbox', { name: 'Количество' })).toHaveValue('3');

  await page.getByRole('button', { name: 'Удалить из корзины: Смартфон Квант A5 64 ГБ' }).click();
  await expect(cartList(page).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Удалить из корзины: Смартфон Квант A5 128 ГБ' }).click();
  await expect(page.getByText('Корзина пуста')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');
});

test('a line left empty is dropped when the cart is left', async ({ page }) => {
  await seedCart(page, [cartLine('1001', 'Смартфон Квант A5 64 ГБ', 12990, 2), cartLine('1002', 'Смартфон Квант A5 128 ГБ', 14990)]);
  await page.goto('/cart');
  const qty = lineOf(page, 'Смартфон Квант A5 64 ГБ').getByRole('textbox', { name: 'Количество' });
  await qty.fill('');
  await expect(page.getByTestId('cart-total')).toHaveText('14 990 ₽');
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('Cart') ?? '[]').map((l: { id: string }) => l.id))).toEqual(['1002']);
});

test('the promo code: uppercased letters and digits, verified after 2 s; SALE20 is proved, a wrong code is an error', async ({ page }) => {
  await seedCart(page, [cartLine('1001', 'Смартфон Квант A5 64 ГБ', 12990, 2)]);
  await page.goto('/cart');
  const promo = page.getByRole('textbox', { name: 'Промокод' });
  await promo.pressSequentially('sale-20');
  await expect(promo).toHaveValue('SALE20');
  await expect(promo).toHaveAttribute('data-status', 'proved');
  await expect(page.getByText('Промокод применён: скидка 20%')).toBeVisible();
  // 20 % off each unit: 12 990 → 10 392.
  await expect(lineOf(page, 'Смартфон Квант A5 64 ГБ')).toContainText('10 392 ₽');
  await expect(page.getByTestId('cart-total')).toHaveText('20 784 ₽');
  await expect(page.getByText('Скидка по промокоду')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('promoCode'))).toBe('SALE20');

  await promo.fill('NOSUCH1');
  await expect(promo).toHaveAttribute('data-status', 'error');
  await expect(page.getByText('Промокод не найден')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('25 980 ₽');

  // FRIEND5 needs 1000 р. of goods: the shop's own message.
  await promo.fill('FRIEND5');
  await expect(promo).toHaveAttribute('data-status', 'proved');
  await page.goto('/404');
  await page.evaluate(() => localStorage.setItem('Cart', JSON.stringify([{ id: '3001', categoryId: '3', name: 'Повести Белкина', price: 290, quantity: 1, currencyId: 'RUR', images: [] }])));
  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: 'Промокод' })).toHaveValue('FRIEND5');
  await expect(page.getByText('Промокод действует для заказа от 1000 р.')).toBeVisible();
});

test('an unavailable item is flagged, the popup asks to remove it, and removing leaves the rest', async ({ page }) => {
  await seedCart(page, [cartLine('1001', 'Смартфон Квант A5 64 ГБ', 12990), cartLine('7123', 'Чайник эмалированный для плиты 2 л', 1590, 1, '712')]);
  await page.goto('/cart');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Некоторые товары в корзине сейчас недоступны для заказа, чтобы сделать заказ вам нужно удалить их из корзины.');
  await expect(lineOf(page, 'Чайник эмалированный для плиты 2 л')).toContainText('Товар недоступен для заказа');
  // The unavailable line does not count in the total.
  await expect(page.getByTestId('cart-total')).toHaveText('12 990 ₽');
  await dialog.getByRole('button', { name: 'Удалить недоступные' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cartList(page).getByRole('listitem')).toHaveCount(1);
  await expect(lineOf(page, 'Смартфон Квант A5 64 ГБ')).not.toContainText('Товар недоступен');
});

test('the cart refreshes stale names and prices from the shop', async ({ page }) => {
  await seedCart(page, [cartLine('1002', 'Старое имя', 1, 2)]);
  await page.goto('/cart');
  await expect(cartList(page).getByRole('link', { name: 'Смартфон Квант A5 128 ГБ' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('29 980 ₽');
});
