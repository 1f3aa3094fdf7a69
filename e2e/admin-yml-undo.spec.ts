import { test, expect } from './adminFixtures';
import { ymlFeed } from './fakes';

/**
 * An owner who replaced the catalogue with the wrong feed puts it back: the last import's card offers
 * "Вернуть каталог как до импорта", asks first, and the shop sells what it sold before, without the feed's products.
 */
test.use({ ownShop: 'admin-yml-undo' });

/** The product as the shop sells it: [] when it is not on sale (404). */
const onSale = async (shopUrl: string, id: string) => {
  const res = await fetch(`${shopUrl}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[478_offer_id]': id }) });
  return res.status === 404 ? [] : ((await res.json()) as { offers: { id: string }[] }).offers.map((o) => o.id);
};

test('the wrong feed imported over the catalogue is undone from its report', async ({ adminPage: page, shop }, info) => {
  test.setTimeout(120_000);
  const prefix = `u${info.project.name[0]}${Date.now() % 100000}x`;
  const first = ((await (await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({}) })).json()) as { offers: { id: string }[] }).offers[0];
  await page.goto('/admin/yml_import');
  await page.getByTestId('yml-file').setInputFiles({ name: 'wrong.xml', mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(4, prefix)) });
  const preview = page.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await preview.getByRole('button', { name: /^Скрыть товары, которых нет в файле/ }).click();
  const card = page.getByRole('region', { name: 'Последний импорт' });
  await expect(card.getByRole('row', { name: /^Создано 4$/ })).toBeVisible({ timeout: 60_000 });
  const hidden = Number((await card.getByRole('row', { name: /^Скрыто \(нет в фиде\)/ }).getByRole('cell').last().innerText()).trim());
  expect(hidden).toBeGreaterThan(0);
  expect(await onSale(shop.url, first.id)).toEqual([]);

  await card.getByRole('button', { name: 'Вернуть каталог как до импорта' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вернуть каталог как до этого импорта?' });
  await expect(dialog).toContainText('Товары, которые вы правили после импорта, останутся как есть');
  // The picture once the dialog has faded in, as the owner reads it.
  await expect.poll(() => page.locator('.MuiDialog-container').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  await page.screenshot({ path: info.outputPath(`yml-undo-confirm-${info.project.name}.png`) });
  await dialog.getByRole('button', { name: 'Вернуть каталог как до импорта' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Отменён: каталог возвращён')).toBeVisible();
  await expect(card.getByRole('alert').filter({ hasText: 'Каталог возвращён' })).toHaveText(
    `Каталог возвращён: восстановлено товаров 0, снова показано ${hidden}, удалено новых 4, оставлено с вашими правками 0`,
  );
  await expect(card.getByRole('button', { name: 'Вернуть каталог как до импорта' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath(`yml-undone-${info.project.name}.png`), fullPage: true });
  expect(await onSale(shop.url, first.id)).toEqual([first.id]);
  expect(await onSale(shop.url, `${prefix}1`)).toEqual([]);

  // After a reload the undone import says so and offers no second undo.
  await page.reload();
  await expect(card.getByText('Отменён: каталог возвращён')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Вернуть каталог как до импорта' })).toHaveCount(0);
});
