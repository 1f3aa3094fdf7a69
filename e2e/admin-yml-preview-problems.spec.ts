import fs from 'node:fs';
import { test, expect } from './adminFixtures';
import { ymlFeed } from './fakes';
import { shot } from './shots';

/**
 * Issue 35's walk: a feed with offers the import would skip (a category the file does not declare) showed
 * only "new 2" in its preview; the owner learnt of the skipped offer and the warnings after the import. The
 * preview now lists them, each kind with its count and offer ids, and offers the warnings' CSV, before
 * anything changes.
 */
test.use({ ownShop: 'admin-yml-preview-problems' });

test('a preview names the offers the import would skip and the warnings, with their CSV, before anything changes', async ({ adminPage: page, shop }, info) => {
  const prefix = `pp${info.project.name[0]}${Date.now() % 100000}x`;
  await page.goto('/admin/yml_import');
  await page.getByTestId('yml-file').setInputFiles({ name: 'problems.xml', mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(2, prefix)) });
  const preview = page.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByTestId('preview-new_offers')).toContainText('Новые2');
  const problems = preview.getByRole('table', { name: 'Проблемы в файле: проверьте до импорта' });
  await expect(problems.getByRole('row', { name: /^Пропущено 1$/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /^— категория не объявлена 1$/ }).first()).toBeVisible();
  await expect(problems).toContainText(`id товаров: ${prefix}orphan`);
  await shot(page, `yml-preview-problems-${info.project.name}`);

  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Скачать все предупреждения (CSV)' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('Тип;id товара;Предупреждение');
  expect(csv).toContain(`категория не объявлена;${prefix}orphan;`);

  // Still a preview: nothing of the file is in the shop.
  await preview.getByRole('button', { name: 'Не импортировать' }).click();
  await expect(preview).toBeHidden();
  const res = await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[478_offer_id]': `${prefix}1` }) });
  expect(res.status).toBe(404);
});

test("a preview says hiding the products the file lacks hides the shop's categories it lacks too", async ({ adminPage: page }, info) => {
  const prefix = `pc${info.project.name[0]}${Date.now() % 100000}x`;
  await page.goto('/admin/yml_import');
  await page.getByTestId('yml-file').setInputFiles({ name: 'other.xml', mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(2, prefix)) });
  const preview = page.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  // The demo shop's 25 categories: the file declares none of them (its own are 900-902).
  await expect(preview.getByRole('alert').filter({ hasText: 'Что сделать с такими товарами?' })).toContainText('Если скрыть, скроются и категории, которых нет в файле: 25.');
  await preview.getByRole('button', { name: 'Не импортировать' }).click();
  await expect(preview).toBeHidden();
});
