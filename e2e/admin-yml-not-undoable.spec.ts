import { test, expect } from './adminFixtures';
import { ymlFeed } from './fakes';

/**
 * An import that would rewrite more products than an undo keeps says so in its preview, before the owner
 * chooses, and its report then offers no undo. The limit (100,000 products) is lowered to 2 for this shop.
 */
test.use({ ownShop: 'admin-yml-not-undoable', serverEnv: { YML_UNDO_MAX_OFFERS: '2' } });

test('the preview of a large rewrite says it cannot be undone, and its report offers no undo', async ({ adminPage: page }, info) => {
  test.setTimeout(120_000);
  const prefix = `n${info.project.name[0]}${Date.now() % 100000}x`;
  const preview = page.getByRole('region', { name: 'Что изменится' });
  const card = page.getByRole('region', { name: 'Последний импорт' });
  const upload = async (xml: string) => {
    await page.goto('/admin/yml_import');
    await page.getByTestId('yml-file').setInputFiles({ name: 'feed.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await expect(preview).toBeVisible({ timeout: 60_000 });
  };

  // Four new products: nothing rewritten, so it can be undone.
  await upload(ymlFeed(4, prefix));
  await expect(preview.getByText('Эту загрузку нельзя будет отменить', { exact: false })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Только добавить и обновить' }).click();
  await expect(card.getByRole('row', { name: /^Создано 4$/ })).toBeVisible({ timeout: 60_000 });

  // The same four at new prices: four rewritten, past the limit of two.
  await upload(ymlFeed(4, prefix).replace(/<price>10/g, '<price>20'));
  await expect(preview.getByTestId('preview-changed_offers')).toContainText('4');
  await expect(preview.getByRole('alert').filter({ hasText: 'нельзя будет отменить' })).toHaveText(
    'Эту загрузку нельзя будет отменить: она перепишет слишком много товаров (4).',
  );
  // The picture once the preview's toast is gone (it covered the notice).
  await expect(page.getByText('Проверяем файл: каталог пока не меняется')).toBeHidden({ timeout: 10_000 });
  await page.screenshot({ path: info.outputPath(`yml-not-undoable-${info.project.name}.png`), fullPage: true });
  await preview.getByRole('button', { name: 'Только добавить и обновить' }).click();
  await expect(card.getByRole('row', { name: /^Обновлено 4$/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Вернуть каталог как до импорта' })).toHaveCount(0);
});
