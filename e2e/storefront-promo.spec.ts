import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The promo code on the cart page: 'Применить' and Enter verify it at once (the seed's 2 s wait after the
 * last keystroke stays for those who just type). The page's clock is held, so only the press can verify.
 */

async function seedCart(page: Page) {
  await page.goto('/404');
  await page.evaluate(() => {
    localStorage.setItem('Cart', JSON.stringify([{ id: '1001', categoryId: '11', name: 'Смартфон Квант A5 64 ГБ', price: 12990, quantity: 2, currencyId: 'RUR', images: [] }]));
    localStorage.removeItem('promoCode');
  });
}

test('Применить and Enter verify the promo code at once, without the 2 s wait', async ({ page }) => {
  await page.clock.install();
  await seedCart(page);
  await page.goto('/cart');
  const promo = page.getByRole('textbox', { name: 'Промокод' });
  const apply = page.getByRole('button', { name: 'Применить' });
  await expect(apply).toBeDisabled();
  await promo.pressSequentially('sale20');
  await expect(promo).toHaveAttribute('data-status', 'wait');
  await apply.click();
  await expect(promo).toHaveAttribute('data-status', 'proved');
  await expect(page.getByText('Промокод применён: скидка 20%')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('20 784 ₽');
  // Proved: nothing left to apply.
  await expect(apply).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath(`promo-applied-${test.info().project.name}.png`) });

  await promo.fill('NOSUCH1');
  await promo.press('Enter');
  await expect(promo).toHaveAttribute('data-status', 'error');
  await expect(page.getByText('Промокод не найден')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('25 980 ₽');
  // The page stays the cart (Enter is not a navigation).
  await expect(page).toHaveURL(/\/cart$/);
});
