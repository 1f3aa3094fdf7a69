import type { Page } from '@playwright/test';
import { test, expect } from './adminFixtures';
import { shot } from './shots';

/**
 * Empty lists as a shop started without the demo (DEMO=0) shows them (walk 35): react-admin's own empty page
 * said 'Нет Товар.' and 'Нет Уведомление.' (the Russian plural of 0 the names have not), and the empty product
 * list offered nothing to press. The lists' answers are made empty here: the worker's shop is the demo.
 */
async function emptyAnswers(page: Page) {
  for (const name of ['offers', 'notifications']) {
    await page.route(
      (url) => url.pathname === `/rest/${name}`,
      (route) => route.fulfill({ status: 200, headers: { 'content-type': 'application/json', 'content-range': `${name} 0-0/0`, 'access-control-expose-headers': 'Content-Range' }, body: '[]' }),
    );
  }
}

test('an empty product list says so and offers a product by hand or a feed; an empty outbox reads as Russian', async ({ adminPage: page }, info) => {
  await emptyAnswers(page);
  await page.goto('/admin/offers');
  const main = page.locator('#main-content');
  await expect(main.getByText('Товаров пока нет')).toBeVisible();
  await expect(main.getByText('Нет Товар.')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Импорт YML' })).toHaveAttribute('href', '/admin/yml_import');
  await shot(page, `empty-offers-${info.project.name}`);
  await page.getByRole('link', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/item_editor\/0\/new$/);

  await page.goto('/admin/notifications');
  await expect(main.getByText('Здесь пока ничего нет')).toBeVisible();
  await expect(main.getByText('Нет Уведомление.')).toHaveCount(0);
});
