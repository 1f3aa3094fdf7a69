import { test, expect, ownerApi } from './adminFixtures';
import { shot } from './shots';
import { tinyMp4 } from '../server/test/media';

/** Banners: /admin/banner_settings and /admin/banner_settings/banner/{id} ('new' creates). */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
interface Banner {
  id: string;
  link: string;
  img: string | null;
  video: string | null;
  width: string;
  sort: string;
}

test.describe('admin banners', () => {
  test('add a banner with a picture and upload progress, give it a video, delete the video, delete it', async ({ adminPage: page, shop, ownerAuth }) => {
    const link = `/category/3?from=${test.info().project.name}`;
    const before = (await ownerApi<{ shop_banners: Banner[] }>(shop.url, ownerAuth, 'shop_banners')).shop_banners;
    await page.goto('/admin/banner_settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Баннеры' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Баннеры' }).getByRole('listitem');
    await expect(items).toHaveCount(before.length);
    await expect(page.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/admin/settings/common_settings');

    await page.getByRole('link', { name: 'Новый баннер' }).click();
    await expect(page).toHaveURL(/\/admin\/banner_settings\/banner\/new$/);
    // A new banner: empty (no picture, no video), full width and the last place.
    await expect(page.getByLabel('Баннер', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Баннер' })).toHaveCount(0);
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Удалить видео' })).toHaveCount(0);
    // The picker offers the seed's kinds: png, gif, jpeg pictures and mp4/mov video.
    await expect(page.getByLabel('Выбрать картинку или видео')).toHaveAttribute('accept', /image\/png,image\/gif,image\/jpeg,video\/mp4/);
    await expect(page.getByRole('combobox', { name: 'Ширина' })).toHaveText('1');
    await expect(page.getByLabel('Порядок')).toHaveValue(String(before.length + 1));
    await page.getByLabel('Ссылка').fill(link);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Заполните обязательные поля: Картинка')).toBeVisible();

    const picker = page.getByLabel('Выбрать картинку или видео');
    await picker.setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: Buffer.from('x') });
    await expect(page.getByText('Недопустимый тип файла')).toBeVisible();
    await picker.setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('sale.png')).toBeVisible();
    await page.getByRole('combobox', { name: 'Ширина' }).click();
    for (const w of ['1', '1/2', '1/3', '1/4', '2/3', '3/4']) await expect(page.getByRole('option', { name: w, exact: true })).toBeVisible();
    await page.getByRole('option', { name: '1/3', exact: true }).click();

    await page.route('**/api?api=shop_banners', async (route) => {
      if ((route.request().postDataBuffer()?.toString('latin1') ?? '').includes('name="set"')) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText(/Загрузка \d+%/)).toBeVisible();
    // The save button is off while it sends.
    await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    // Saved: a toast, no popup; the new banner's editor becomes the banner's own, save off until a change.
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await page.unroute('**/api?api=shop_banners');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const made = (await ownerApi<{ shop_banners: Banner[] }>(shop.url, ownerAuth, 'shop_banners')).shop_banners.find((b) => b.link === link)!;
    expect(made).toMatchObject({ width: '33.33', sort: String(before.length + 1), video: null });
    expect(made.img).toBeTruthy();
    await expect(page).toHaveURL(new RegExp(`/admin/banner_settings/banner/${made.id}$`));
    await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await expect(page.getByRole('img', { name: 'Баннер' })).toBeVisible();

    // A video for it, on the same screen.
    await page.getByLabel('Выбрать картинку или видео').setInputFiles({ name: 'promo.MP4', mimeType: 'video/mp4', buffer: tinyMp4() });
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect.poll(async () => (await ownerApi<{ shop_banners: Banner[] }>(shop.url, ownerAuth, 'shop_banners', { 'p[593_banner_id]': made.id })).shop_banners[0].video).toBeTruthy();

    // Delete the video.
    await page.getByRole('switch', { name: 'Удалить видео' }).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await ownerApi<{ shop_banners: Banner[] }>(shop.url, ownerAuth, 'shop_banners', { 'p[593_banner_id]': made.id })).shop_banners[0].video).toBeNull();
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/admin\/banner_settings$/);
    await expect(items).toHaveCount(before.length + 1);

    // Delete the banner: back to the list with a toast.
    await page.getByRole('link', { name: `Баннер ${made.sort}, ширина 1/3` }).click();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить баннер?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Удалено')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/banner_settings$/);
    await expect(items).toHaveCount(before.length);
  });

  test("a banner's link picked from the shop's categories and products found by name", async ({ adminPage: page }) => {
    await page.route('**/rest/orders/live', (r) => r.abort());
    await page.goto('/admin/banner_settings/banner/new');
    const link = page.getByRole('combobox', { name: 'Ссылка' });
    await link.fill('смартф');
    await expect(page.getByRole('group', { name: 'Категории' }).or(page.getByText('Категории', { exact: true }))).toBeVisible();
    const category = page.getByRole('option', { name: /^Смартфоны\s*\/category\/1-11$/ });
    await expect(category).toBeVisible();
    const product = page.getByRole('option', { name: /Смартфон Квант A5 64 ГБ\s*\/category\/1-11\/item\/1001/ });
    await expect(product).toBeVisible();
    await shot(page, `admin-banner-link-${test.info().project.name}`);
    await product.click();
    await expect(link).toHaveValue('/category/1-11/item/1001');
    // A typed path or address stays as typed.
    await link.fill('https://example.com/sale');
    await expect(link).toHaveValue('https://example.com/sale');
    await expect(page.getByRole('option')).toHaveCount(0);
  });
});
