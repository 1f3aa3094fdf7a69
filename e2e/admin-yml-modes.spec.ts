import { test, expect, ownerApi } from './adminFixtures';
import { ymlFeed } from './fakes';
import { shot } from './shots';

/**
 * An owner's second feed: every upload is previewed first (nothing changes), the preview asks what to do with
 * the shop's products the file lacks, 'Только добавить и обновить' keeps the first catalogue on sale, and a
 * re-import of the same file says its products are unchanged.
 */
test.use({ ownShop: 'admin-yml-modes' });

/** The product as the shop sells it: [] when it is not on sale (404). */
const offer = async (shopUrl: string, id: string) => {
  const res = await fetch(`${shopUrl}/api?api=offers`, { method: 'POST', body: new URLSearchParams({ 'p[478_offer_id]': id }) });
  return res.status === 404 ? [] : ((await res.json()) as { offers: { id: string }[] }).offers;
};

test('a second feed asks the mode; merge keeps the first catalogue; a re-import says unchanged', async ({ adminPage: page, shop, ownerAuth }, info) => {
  test.setTimeout(120_000);
  const prefix = `m${info.project.name[0]}${Date.now() % 100000}x`;
  // A product on sale before: the first catalogue's.
  const first = ((await (await fetch(`${shop.url}/api?api=offers`, { method: 'POST', body: new URLSearchParams({}) })).json()) as { offers: { id: string }[] }).offers[0];
  expect(first).toBeDefined();
  await page.goto('/admin/yml_import');
  await expect(page.getByRole('heading', { level: 1, name: 'Импорт каталога из YML' })).toBeVisible();

  const upload = () => page.getByTestId('yml-file').setInputFiles({ name: 'second.xml', mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(6, prefix)) });
  await upload();
  const preview = page.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByTestId('preview-new_offers')).toContainText(`Новые6Платье ${prefix}1`);
  await expect(preview.getByTestId('preview-renames')).toHaveCount(0);
  const toHide = Number((await preview.getByTestId('preview-to_hide').locator('.MuiTypography-h6').innerText()).trim());
  expect(toHide).toBeGreaterThan(0);
  // Russian plural forms: 'нет 1 товара', 'нет 91 товара', 'нет 5 товаров', 'нет 12 товаров'.
  const noun = toHide % 10 === 1 && toHide % 100 !== 11 ? 'товара' : 'товаров';
  await expect(preview.getByText(`В файле нет ${toHide} ${noun} магазина. Что сделать с такими товарами?`)).toBeVisible();
  // A preview that changed nothing is not called 'Готово'.
  await expect(page.getByRole('region', { name: 'Последний импорт' }).getByText('Предпросмотр', { exact: true })).toBeVisible();
  await expect(preview.getByRole('button', { name: `Скрыть товары, которых нет в файле (${toHide})` })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`yml-preview-${info.project.name}.png`), fullPage: true });
  // The preview changed nothing: the new products are not on sale yet, the first one still is.
  expect(await offer(shop.url, `${prefix}1`)).toEqual([]);
  expect((await offer(shop.url, first.id)).map((o) => o.id)).toEqual([first.id]);

  const answer = page.waitForResponse((r) => /\/yml_imports$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await preview.getByRole('button', { name: 'Только добавить и обновить' }).click();
  // 'Импорт начат' only while it runs: an import through before the answer came shows its report instead.
  const started = (await (await answer).json()) as { status: string };
  if (started.status === 'done') await expect(page.getByText('Импорт начат')).toHaveCount(0);
  else await expect(page.getByText('Импорт начат')).toBeVisible();
  await expect(preview).toBeHidden();
  const card = page.getByRole('region', { name: 'Последний импорт' });
  const report = card.getByRole('table', { name: 'Отчёт' });
  await expect(report.getByRole('row', { name: /^Режим только добавить и обновить$/ })).toBeVisible({ timeout: 60_000 });
  await expect(report.getByRole('row', { name: /^Создано 6$/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /^Скрыто \(нет в фиде\) 0$/ })).toBeVisible();
  expect((await offer(shop.url, first.id)).map((o) => o.id)).toEqual([first.id]);
  expect((await offer(shop.url, `${prefix}1`)).map((o) => o.id)).toEqual([`${prefix}1`]);

  // The same file again: six products unchanged, none updated.
  await upload();
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByTestId('preview-unchanged_offers')).toContainText('Без изменений6');
  await expect(preview.getByTestId('preview-changed_offers')).toContainText('Изменятся0');
  // The history in words: the import before, with its undo button on one line (on a phone too), and the first preview.
  const history = page.getByRole('region', { name: 'История импортов' });
  const entries = history.getByTestId('yml-history-entry');
  await expect(entries.first()).toContainText('Готово · создано 6 · обновлено 0 · без изменений 0');
  await expect(entries.nth(1)).toContainText('Предпросмотр');
  await expect(entries.nth(1)).not.toContainText('Готово');
  const undo = history.getByRole('button', { name: 'Вернуть каталог как до импорта' });
  await expect(undo).toBeVisible();
  expect((await undo.boundingBox())!.height).toBeLessThan(40);
  await shot(page, `yml-history-${info.project.name}`);
  await preview.getByRole('button', { name: 'Только добавить и обновить' }).click();
  await expect(preview).toBeHidden();
  await expect(report.getByRole('row', { name: /^Без изменений 6$/ })).toBeVisible({ timeout: 60_000 });
  await expect(report.getByRole('row', { name: /^Обновлено 0$/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /^Создано 0$/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`yml-reimport-${info.project.name}.png`), fullPage: true });

  // A name the owner fixed by hand: the next preview says the import keeps it, and names the product.
  const fixed = `Платье ${prefix}1 (наше)`;
  expect(await ownerApi(shop.url, ownerAuth, 'offers', { update: '1', 'p[478_offer_id]': `${prefix}1`, 'p[276_name]': fixed })).toHaveProperty('offers');
  await upload();
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const kept = preview.getByTestId('preview-owner-kept');
  await expect(kept).toContainText('Поля, изменённые вами вручную, останутся: 1 товар');
  await expect(kept).toContainText(fixed);
  await shot(page, `yml-owner-kept-${info.project.name}`);
  // So does the import's report.
  await preview.getByRole('button', { name: 'Только добавить и обновить' }).click();
  await expect(preview).toBeHidden();
  await expect(report.getByRole('row', { name: /^Оставлено с вашими ручными правками 1$/ })).toBeVisible({ timeout: 60_000 });
  await expect(report).toContainText(fixed);
  await shot(page, `yml-owner-kept-report-${info.project.name}`);
});

test("a feed that numbers its categories as the shop does, under other names, says which it would rename before anything changes", async ({ adminPage: page, shop }, info) => {
  // Another supplier's feed whose section 'Одежда из фида' has the id of the shop's 'Электроника'.
  const clash = ymlFeed(2, `r${info.project.name[0]}${Date.now() % 100000}x`)
    .replace('<category id="900">', '<category id="1">')
    .replace(/parentId="900"/g, 'parentId="1"');
  await page.goto('/admin/yml_import');
  await page.getByTestId('yml-file').setInputFiles({ name: 'clash.xml', mimeType: 'text/xml', buffer: Buffer.from(clash) });
  const preview = page.getByRole('region', { name: 'Что изменится' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const renames = preview.getByTestId('preview-renames');
  await expect(renames).toContainText('Файл переименует категории магазина (1)');
  await expect(renames).toContainText('Электроника → Одежда из фида');
  await shot(page, `yml-renames-${info.project.name}`);
  await preview.getByRole('button', { name: 'Не импортировать' }).click();
  await expect(preview).toBeHidden();
  const one = (await (await fetch(`${shop.url}/api?api=offers_category`, { method: 'POST', body: new URLSearchParams({ 'p[486_category_id]': '1' }) })).json()) as { offers_category: { category: string }[] };
  expect(one.offers_category.map((c) => c.category)).toEqual(['Электроника']);
});
