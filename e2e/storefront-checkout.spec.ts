import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { A5, seedCheckout, type DeliveryPoint } from './cartSeed';

/**
 * The checkout a shopper meets (issues 36 and 35), at 390 and 1280 px: typing after a refused press stays
 * in the field typed into; the phone takes +7, 8, typed or pasted numbers with spaces and brackets; each
 * refused field says why beside it; the flat is a field of its own; after the order, 'Продолжить' opens the
 * order's own page with its summary.
 */

const seed = (page: Page, point: DeliveryPoint | null = null) => seedCheckout(page, [A5], point);

const main = (page: Page) => page.getByRole('main');
const nameInput = (page: Page) => main(page).getByRole('textbox', { name: 'Имя' });
const phoneInput = (page: Page) => main(page).getByRole('textbox', { name: 'Телефон' });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });

test('after a refused press, typing the phone stays in the phone: 9213334455 gives +7 (921) 333-44-55; each field says why beside it', async ({ page }) => {
  await seed(page);
  await page.goto('/order');
  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await page.getByRole('button', { name: 'Заказать' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Заполните обязательные поля: Имя, Телефон, Способ оплаты, Пункт самовывоза' })).toBeVisible();
  // The press moves the focus to the first refused field, and each refused field says why beside it.
  await expect(nameInput(page)).toBeFocused();
  await expect(nameInput(page)).toHaveAccessibleDescription('Заполните это поле');
  await expect(phoneInput(page)).toHaveAccessibleDescription('Заполните это поле');
  await expect(main(page).getByRole('group', { name: /Способ оплаты/ })).toContainText('Заполните это поле');
  await expect(main(page).getByRole('group', { name: /Пункт самовывоза/ })).toContainText('Заполните это поле');
  await shot(page, 'checkout-refused');

  // The shopper taps the phone and types: every key lands there, nothing in the name.
  await phoneInput(page).click();
  await phoneInput(page).pressSequentially('9213334455');
  await expect(phoneInput(page)).toHaveValue('+7 (921) 333-44-55');
  await expect(phoneInput(page)).toBeFocused();
  await expect(nameInput(page)).toHaveValue('');
  // The phone's mark went as it was filled; the name's stays until it is.
  await expect(phoneInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(nameInput(page)).toHaveAttribute('aria-invalid', 'true');
});

test('the phone takes +7, 8 and pasted numbers with spaces and brackets; an incomplete one is refused beside it', async ({ page }) => {
  await seed(page);
  await page.goto('/order');
  const phone = phoneInput(page);
  for (const keys of ['+79213334455', '89213334455']) {
    await phone.fill('');
    await phone.pressSequentially(keys);
    await expect(phone, keys).toHaveValue('+7 (921) 333-44-55');
  }
  // A paste arrives as one input of the whole text: into the empty field, and after the '+7 (' it shows.
  for (const [before, pasted] of [['', '+7 (921) 333-44-55'], ['', '8 921 333 44 55'], ['', '+7-921-3334455'], ['8', '+7 921 333 44 55']]) {
    await phone.fill('');
    if (before) await phone.pressSequentially(before);
    await phone.focus();
    await page.keyboard.insertText(pasted);
    await expect(phone, pasted).toHaveValue('+7 (921) 333-44-55');
  }
  // Deleting goes back through the mask.
  await phone.fill('');
  await phone.pressSequentially('921');
  for (let i = 0; i < 3; i++) await phone.press('Backspace');
  await expect(phone).toHaveValue('+7');

  await nameInput(page).fill('Анна');
  await phone.fill('');
  await phone.pressSequentially('92133');
  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await page.getByRole('radio', { name: /Петроградская/ }).check();
  await page.getByRole('radio', { name: 'Наличные' }).check();
  await page.getByRole('button', { name: 'Заказать' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Неверно записан номер' })).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription('Неверно записан номер');
});

test('a delivery order with house, entrance, floor and flat apart; Продолжить opens the order’s own page with its summary', async ({ page }) => {
  await seed(page, { address: 'Каменноостровский пр., 20', coords: [59.962, 30.311] });
  await page.goto('/order');
  await nameInput(page).fill('Борис');
  await phoneInput(page).pressSequentially('+79213334455');
  const numbers = main(page).getByRole('group', { name: /Дом\/подъезд\/этаж/ });
  await numbers.getByRole('textbox', { name: 'Дом' }).fill('20');
  await numbers.getByRole('textbox', { name: 'Подъезд' }).fill('2');
  await numbers.getByRole('textbox', { name: 'Этаж' }).fill('7');
  await numbers.getByRole('textbox', { name: 'Квартира' }).fill('45');
  await page.getByRole('radio', { name: 'Картой курьеру' }).check();
  await shot(page, 'checkout-flat');

  const sent = page.waitForRequest((r) => r.url().includes('api=orders') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Заказать' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toMatch(/name="client_appart"\r\n\r\n7\r\n/);
  expect(body).toMatch(/name="client_flat"\r\n\r\n45\r\n/);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Курьер позвонит за час до доставки');
  const number = Number((await dialog.getByRole('heading').textContent())?.replace(/\D/g, ''));
  expect(number).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${number}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Заказ №${number}`) })).toBeVisible();
  const client = page.getByRole('region', { name: 'Покупатель' });
  await expect(client).toContainText('Борис');
  await expect(client).toContainText('Каменноостровский пр., 20, д. 20, подъезд 2, этаж 7, кв. 45');
  await expect(page.getByRole('region', { name: 'Товары' })).toContainText('Смартфон Квант A5 64 ГБ');
  await shot(page, 'order-page-after-checkout');
});
