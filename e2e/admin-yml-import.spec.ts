import { test, expect, ownerApi, openMenuItem } from './adminFixtures';
import type { Page } from '@playwright/test';
import { realWorldFeed, ymlFeed } from './fakes';

/** Every upload is first a preview: this spec's feeds replace the catalogue (hiding what they lack, if anything). */
async function importAfterPreview(page: Page) {
  const preview = page.getByRole('region', { name: 'Что изменится' });
  // The preview reads the whole feed (parse thread, writer thread, rolled back): as long as an import.
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await preview.getByRole('button', { name: /^(Скрыть товары, которых нет в файле \(\d+\)|Импортировать)$/ }).click();
  await expect(preview).toBeHidden();
}

/**
 * The owner's YML import at /admin/yml_import: a file upload with 'Загрузка N%', the job's live progress
 * (offers read, bytes of the total), its report, the cancel button (the catalogue stays as it was) and the
 * refresh schedule of the store's link.
 */
// The import replaces the catalogue (what the feed lacks is hidden): the other specs keep their demo shop.
test.use({ ownShop: 'admin-yml-import' });

test.describe('admin YML import', () => {
  test('upload a feed, read its report, watch and cancel a link import, set the schedule', async ({ adminPage: page, shop, ownerAuth }, info) => {
    // Each upload and link import is previewed first (a second pass over the feed).
    test.setTimeout(120_000);
    const mobile = info.project.name === 'mobile';
    const prefix = `e2e${info.project.name[0]}`;
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[400_yml_link]': '' });
    await page.goto('/admin/');
    await openMenuItem(page, 'Импорт YML', mobile);
    await expect(page).toHaveURL(/\/admin\/yml_import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Импорт каталога из YML' })).toBeVisible();
    await expect(page.getByText('Ссылка на YML-фид не задана: укажите её в общих настройках')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Импортировать по ссылке' })).toBeDisabled();

    // A file of 300 offers (and one without a category): the upload shows 'Загрузка N%', then the job runs.
    await page.getByTestId('yml-file').setInputFiles({ name: 'shop.xml', mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(300, prefix)) });
    await expect(page.getByRole('status').filter({ hasText: /Загрузка \d+%/ })).toBeVisible();
    await importAfterPreview(page);
    const card = page.getByRole('region', { name: /Последний импорт|Текущий импорт/ });
    // The job runs on the server (parse thread, writer thread, search words): on a shared machine it may take longer than a click's wait.
    await expect(card.getByText('Готово', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('файл shop.xml')).toBeVisible();
    await expect(card.getByText('Прочитано товаров: 300')).toBeVisible();
    const report = card.getByRole('table', { name: 'Отчёт' });
    await expect(report.getByRole('row', { name: /^Создано 300$/ })).toBeVisible();
    await expect(report.getByRole('row', { name: /^Пропущено 1$/ })).toBeVisible();
    // The offer without a category: skipped for that reason, and one warning of that kind (with its id).
    await expect(report.getByRole('row', { name: /категория не объявлена 1$/ })).toHaveCount(2);
    // The feed's offers have no pictures: the warning says so, not just 'картинка'.
    await expect(report.getByRole('row', { name: /^— нет картинки или она не загрузилась \d+$/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`yml-report-${info.project.name}.png`), fullPage: true });

    // The shop sells them now.
    const offers = (await (await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[287_categoryId]': '901' }) })).json()) as { offers: { id: string }[] };
    expect(offers.offers.map((o) => o.id)).toContain(`${prefix}1`);

    // A link import of a big feed that stalls: live progress of its download, then cancel.
    const before = (await (await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[287_categoryId]': '901' }) })).json()) as unknown;
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[400_yml_link]': `${shop.fakes.feeds.url}/slow.xml?n=3000&prefix=${prefix}slow` });
    await page.reload();
    await expect(page.getByText(/Ссылка на фид: http:\/\/127\.0\.0\.1:\d+\/slow\.xml/)).toBeVisible();
    await page.getByRole('button', { name: 'Импортировать по ссылке' }).click();
    const current = page.getByRole('region', { name: 'Текущий импорт' });
    await expect(current.getByText('Идёт импорт', { exact: true })).toBeVisible();
    // SQLite: the feed is downloaded before the import takes the database's write lock (it stalls there).
    await expect(current.getByText('Загрузка файла, затем начнётся импорт')).toBeVisible();
    await expect(current.getByText(/\d+ KB из \d+ KB \(\d+%\)/)).toBeVisible();
    await expect(current.getByRole('progressbar')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`yml-progress-${info.project.name}.png`), fullPage: true });
    await current.getByRole('button', { name: 'Отменить импорт' }).click();
    const last = page.getByRole('region', { name: 'Последний импорт' });
    await expect(last.getByText('Отменён', { exact: true })).toBeVisible();
    await expect(last.getByText('Импорт отменён, каталог остался прежним')).toBeVisible();
    const after = (await (await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[287_categoryId]': '901' }) })).json()) as unknown;
    expect(after).toEqual(before);
    await expect(page.getByRole('region', { name: 'История импортов' })).toContainText('файл shop.xml');

    // The refresh schedule is a store setting.
    await page.getByRole('combobox', { name: 'Обновлять по ссылке' }).click();
    await page.getByRole('option', { name: 'Каждые 6 часов' }).click();
    await expect(page.getByText('Расписание сохранено')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Обновлять по ссылке' })).toHaveText('Каждые 6 часов');
    const stores = await ownerApi<{ stores: Record<string, unknown>[] }>(shop.url, ownerAuth, 'stores');
    expect(JSON.stringify(stores.stores[0])).toContain('every_6h');
    await page.getByRole('combobox', { name: 'Обновлять по ссылке' }).click();
    await page.getByRole('option', { name: 'Выключено' }).click();
    await expect(page.getByText('Расписание сохранено')).toBeVisible();
  });

  test('a real-world feed in windows-1251 with 2000 param names over 300 categories: its report counts the display-only properties, and the shop sells its products with them', async ({ adminPage: page, shop }, info) => {
    test.setTimeout(120_000);
    await page.goto('/admin/yml_import');
    await expect(page.getByRole('heading', { level: 1, name: 'Импорт каталога из YML' })).toBeVisible();
    await page.getByTestId('yml-file').setInputFiles({ name: 'elki-1251.xml', mimeType: 'text/xml', buffer: realWorldFeed() });
    await importAfterPreview(page);
    const card = page.getByRole('region', { name: 'Последний импорт' });
    await expect(card.getByText('Готово', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText('файл elki-1251.xml')).toBeVisible();
    await expect(card.getByText('Прочитано товаров: 581')).toBeVisible();
    const report = card.getByRole('table', { name: 'Отчёт' });
    await expect(report.getByRole('row', { name: /^Создано 581$/ })).toBeVisible();
    // Section 11 has 150 names of its own: at most 62 of them fit beside Цвет and Материал 1 in its 64 filter
    // slots (fewer here: the demo shop's own params on that path keep theirs), the rest show on their items.
    const displayOnly = report.getByRole('row', { name: /^Свойства только для карточки товара \d+$/ });
    await expect(displayOnly).toBeVisible();
    expect(Number((await displayOnly.innerText()).match(/\d+/)![0])).toBeGreaterThanOrEqual(88);
    await page.screenshot({ path: test.info().outputPath(`yml-real-report-${info.project.name}.png`), fullPage: true });

    // The storefront: the names read as written (decoded from windows-1251), a display-only property on the item.
    const shopPage = await page.context().newPage();
    await shopPage.goto(`${shop.url}/category/1-11/item/r2`);
    await expect(shopPage.getByRole('heading', { level: 1, name: 'Ёлочная игрушка «r2»' })).toBeVisible();
    const properties = shopPage.getByRole('region', { name: 'Характеристики' });
    await expect(properties).toContainText('Свойство A149');
    await expect(properties).toContainText('Материал 1');
    await shopPage.screenshot({ path: test.info().outputPath(`yml-real-item-${info.project.name}.png`), fullPage: true });
    // And the section's list sells it.
    await shopPage.goto(`${shop.url}/category/1-11/1`);
    await expect(shopPage.getByRole('link', { name: /Ёлочная игрушка «r2»/ }).first()).toBeVisible();
    await shopPage.close();
  });
});
