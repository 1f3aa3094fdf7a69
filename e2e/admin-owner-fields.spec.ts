import { test, expect, ownerApi } from './adminFixtures';
import { shot } from './shots';

/** Fields changed by hand in the item editor are kept from imports, and the editor says which (issue 35). */
test('the editor names the fields an owner changed by hand, which imports keep, and gives them back to the feed', async ({ adminPage: page, shop, ownerAuth }) => {
  const name = `Чайник ручной ${test.info().project.name}`;
  const made = await ownerApi<{ offers: { id: string }[] }>(shop.url, ownerAuth, 'offers', { set: '1', 'p[276_name]': name, 'p[283_price]': '2490', 'p[287_categoryId]': '11' });
  const id = made.offers[0].id;
  try {
    await page.goto(`/admin/item_editor/1-11/${id}`);
    const main = page.getByRole('region', { name: 'Основное' });
    await expect(main.getByLabel('Название')).toHaveValue(name);
    await expect(page.getByTestId('owner-fields')).toHaveCount(0);

    // Only the name changes: only the name is kept from imports (the rest of the form went with it, unchanged).
    await main.getByLabel('Название').fill(`${name} (исправлено)`);
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    const note = page.getByTestId('owner-fields');
    await expect(note).toContainText('Эти поля вы изменили вручную, и импорт фида их не перезапишет: Название.');
    await shot(page, 'admin-owner-fields');

    // Opened again later, it still says so.
    await page.reload();
    await expect(note).toContainText('Название.');
    await note.getByRole('button', { name: 'Снова брать из фида' }).click();
    await expect(page.getByText('Следующий импорт запишет эти поля из фида')).toBeVisible();
    await expect(note).toHaveCount(0);
    await page.reload();
    await expect(main.getByLabel('Название')).toHaveValue(`${name} (исправлено)`);
    await expect(note).toHaveCount(0);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'offers', { del: '1', 'p[478_offer_id]': id });
  }
});

test('an imported product with parameters, saved with only its price changed, keeps only its price from imports', async ({ adminPage: page }) => {
  // A demo watch (imported from the demo feed, with a colour, numbers and an unticked box among its parameters).
  await page.goto('/admin/item_editor/1-14/1401');
  const price = page.getByRole('region', { name: 'Цена' }).getByRole('spinbutton', { name: 'Цена', exact: true });
  await expect(price).not.toHaveValue('');
  const was = await price.inputValue();
  await price.fill(String(Number(was) + 1));
  await page.getByRole('button', { name: 'Принять' }).last().click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  const note = page.getByTestId('owner-fields');
  await expect(note).toContainText('не перезапишет: Цена.');
  // Put back as it was, for the shop's other specs (after a reload: the toast would sit over the button).
  await page.reload();
  await price.fill(was);
  await page.getByRole('button', { name: 'Принять' }).last().click();
  await expect(page.getByRole('button', { name: 'Принять' }).last()).toBeDisabled();
  await page.reload();
  await expect(price).toHaveValue(was);
  await note.getByRole('button', { name: 'Снова брать из фида' }).click();
  await expect(note).toHaveCount(0);
});
