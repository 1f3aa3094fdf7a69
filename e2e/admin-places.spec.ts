import type { Locator, Page } from '@playwright/test';
import { test, expect } from './adminFixtures';

/**
 * Places: /admin/place_settings, the place editor /admin/place_settings/place/{id} ('new' creates), its
 * address map /admin/map/{id} and delivery zone map /admin/polygon_map/{id}; the shop then delivers to the
 * new zone (api=geo_check) and lists the place (GET /rest/places).
 */

interface Place {
  id: number;
  name: string;
  country: string;
  city: string;
  address: string;
  latitude: string;
  longitude: string;
  phone: string;
  week: Record<string, { from: string; to: string; isWeekend: boolean }>;
  coords: [number, number][];
}

const places = async (url: string) => (await (await fetch(`${url}/rest/places?range=[0,499]`)).json()) as Place[];
const geo = async (url: string, lat: number, lon: number) => ((await (await fetch(`${url}/api?api=geo_check&ll=${lat},${lon}`)).json()) as { geo: string }).geo;

/** Clicks (or taps, on phones) the map at an offset from its centre. */
async function pointAt(page: Page, map: Locator, dx: number, dy: number, mobile: boolean) {
  const box = (await map.boundingBox())!;
  const x = box.x + box.width / 2 + dx;
  const y = box.y + box.height / 2 + dy;
  if (mobile) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

test.describe('admin places', () => {
  test('a new place: schedule, address from the map search, a drawn zone; the shop delivers there; reload; delete', async ({ adminPage: page, shop }) => {
    const mobile = test.info().project.name === 'mobile';
    const name = `Точка ${test.info().project.name} ${Date.now() % 100000}`;
    // The fake geocoder's Moscow address is far from the demo zones (St Petersburg).
    const moscow = { lat: 55.757, lon: 37.615 };
    expect(await geo(shop.url, moscow.lat, moscow.lon)).toBe('0');

    await page.goto('/admin/place_settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Настройка мест' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/admin/settings/common_settings');
    const list = page.getByRole('list', { name: 'Настройка мест' });
    await expect(list.getByRole('link', { name: /Петроградская/ })).toBeVisible();
    await page.getByRole('link', { name: 'Новое место' }).click();
    await expect(page).toHaveURL(/\/admin\/place_settings\/place\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Новое место' })).toBeVisible();

    // Bad input: no name.
    await page.getByLabel('Город').fill('Москва');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Заполните обязательные поля: Название')).toBeVisible();

    // Country suggestions: at most seven, in the panel's language.
    const country = page.getByRole('combobox', { name: 'Страна' });
    await country.fill('а');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(7);
    await country.fill('Росс');
    await page.getByRole('option', { name: 'Россия' }).click();
    await expect(country).toHaveValue('Россия');
    await page.getByLabel('Название').fill(name);
    await page.getByLabel('Телефон').fill('+7 (495) 555-01-99');

    // Schedule: a new place has Saturday and Sunday off; Monday 09:00–21:00; Saturday becomes a working day.
    await expect(page.getByLabel('Воскресенье: Выходной')).toBeChecked();
    await expect(page.getByLabel('Вторник: С')).toHaveValue('00:00');
    await expect(page.getByLabel('Вторник: До')).toHaveValue('23:59');
    await page.getByLabel('Понедельник: С').fill('09:00');
    await page.getByLabel('Понедельник: До').fill('21:00');
    await page.getByLabel('Суббота: Выходной').uncheck();
    await expect(page.getByLabel('Суббота: С')).toHaveValue('00:00');

    // The address: search on the map, pick a suggestion, 'Я здесь'.
    await page.getByRole('button', { name: /^Адрес: .*Нажмите, чтобы добавить/ }).click();
    await expect(page).toHaveURL(/\/admin\/map\/new$/);
    const search = page.getByRole('combobox', { name: 'Поиск адреса' });
    await expect(search).toHaveAttribute('maxlength', '400');
    await search.fill('Тверская');
    await page.getByRole('option', { name: /Тверская/ }).click();
    await expect(page.getByTestId('map-address')).toContainText('Тверская');
    await expect(page.getByTestId('map-centre')).toHaveText(/^55\.75\d+, 37\.61\d+$/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Я здесь' }).click();
    await expect(page).toHaveURL(/\/admin\/place_settings\/place\/new$/);
    // The unsaved fields survived the trip to the map.
    await expect(page.getByLabel('Название')).toHaveValue(name);
    await expect(page.getByLabel('Понедельник: С')).toHaveValue('09:00');
    await expect(page.getByRole('button', { name: /^Адрес: .*Тверская.*Нажмите, чтобы изменить/ })).toBeVisible();

    // The zone: four clicks around the address.
    await page.getByRole('button', { name: /^Зона доставки: Нажмите, чтобы добавить/ }).click();
    await expect(page).toHaveURL(/\/admin\/polygon_map\/new$/);
    const map = page.getByRole('region', { name: 'Зона доставки' });
    await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached();
    const status = page.getByTestId('zone-status');
    await expect(status).toContainText('Точек зоны: 0');
    for (const [dx, dy] of [
      [-90, -70],
      [90, -70],
      [90, 70],
      [-90, 70],
    ]) {
      await pointAt(page, map, dx, dy, mobile);
    }
    await expect(status).toContainText('Точек зоны: 4');
    await expect(map.locator('path.leaflet-interactive, path').first()).toBeAttached();
    await page.getByRole('button', { name: 'Готово' }).click();
    await expect(page).toHaveURL(/\/admin\/place_settings\/place\/new$/);
    await expect(page.getByRole('button', { name: /^Зона доставки: Точек зоны: 4/ })).toBeVisible();

    await page.getByRole('button', { name: 'Сохранить' }).click();
    // Saved: a toast; the new place's editor becomes the place's own.
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/place_settings\/place\/\d+$/);
    await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();

    // The server has it: GET /rest/places, and api=geo_check delivers inside the new zone only.
    const made = (await places(shop.url)).find((p) => p.name === name)!;
    expect(made).toMatchObject({ country: 'Россия', city: 'Москва', phone: '+7 (495) 555-01-99' });
    expect(made.address).toContain('Тверская');
    expect(Number(made.latitude)).toBeCloseTo(moscow.lat, 2);
    expect(Number(made.longitude)).toBeCloseTo(moscow.lon, 2);
    expect(made.week.monday).toEqual({ from: '09:00', to: '21:00', isWeekend: false });
    expect(made.week.saturday.isWeekend).toBe(false);
    expect(made.week.sunday.isWeekend).toBe(true);
    expect(made.coords).toHaveLength(4);
    const inside = [made.coords.reduce((s, p) => s + p[0], 0) / 4, made.coords.reduce((s, p) => s + p[1], 0) / 4];
    expect(await geo(shop.url, inside[0], inside[1])).toBe('1');
    expect(await geo(shop.url, -33.86, 151.21)).toBe('0');

    // Reload: the editor shows what was saved; the list has it.
    await expect(page).toHaveURL(new RegExp(`/admin/place_settings/place/${made.id}$`));
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(list.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await list.getByRole('link', { name: new RegExp(name) }).click();
    await page.reload();
    await expect(page.getByLabel('Название')).toHaveValue(name);
    await expect(page.getByLabel('Понедельник: До')).toHaveValue('21:00');
    await expect(page.getByRole('button', { name: /^Зона доставки: Точек зоны: 4/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Заказы' })).toHaveAttribute('href', `/admin/place_settings/place/${made.id}/place_orders`);

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByRole('dialog', { name: 'Удалить место?' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Удалено')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/place_settings$/);
    await expect(list.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    expect((await places(shop.url)).some((p) => p.name === name)).toBe(false);
    expect(await geo(shop.url, inside[0], inside[1])).toBe('0');
  });

  test('zone menu clears and undoes; unsaved edits survive the maps; leaving asks to save', async ({ adminPage: page, shop }) => {
    const demo = (await places(shop.url)).find((p) => p.name === 'Петроградская')!;
    await page.goto(`/admin/place_settings/place/${demo.id}`);
    const nameInput = page.getByLabel('Название');
    await expect(nameInput).toHaveValue('Петроградская');
    await nameInput.fill('Петроградская (черновик)');

    await page.getByRole('button', { name: /^Зона доставки: Точек зоны: 6/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/polygon_map/${demo.id}$`));
    const status = page.getByTestId('zone-status');
    await expect(status).toContainText('Точек зоны: 6');
    await page.getByRole('button', { name: 'Действия' }).click();
    await expect(page.getByText('Выберите действие')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Очистить область' }).click();
    await expect(status).toContainText('Точек зоны: 0');
    await page.getByRole('button', { name: 'Действия' }).click();
    await page.getByRole('menuitem', { name: 'Отменить изменения' }).click();
    await expect(status).toContainText('Точек зоны: 6');

    // Back to the editor: the unsaved name is still there, and no prompt stood in the way.
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/place_settings/place/${demo.id}$`));
    await expect(nameInput).toHaveValue('Петроградская (черновик)');

    // The address map without 'Я здесь' keeps the old address.
    await page.getByRole('button', { name: /^Адрес: Каменноостровский пр., 10/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/map/${demo.id}$`));
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page.getByRole('button', { name: /^Адрес: Каменноостровский пр., 10/ })).toBeVisible();
    await expect(nameInput).toHaveValue('Петроградская (черновик)');

    // Leaving for the list asks to save; not saving drops the draft.
    await page.getByRole('link', { name: 'Назад' }).click();
    await expect(page.getByRole('dialog', { name: 'Сохранить изменения?' })).toBeVisible();
    await page.getByRole('button', { name: 'Не сохранять' }).click();
    await expect(page).toHaveURL(/\/admin\/place_settings$/);
    await expect(page.getByRole('link', { name: /Петроградская/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /черновик/ })).toHaveCount(0);
    await page.getByRole('link', { name: /Петроградская/ }).click();
    await expect(nameInput).toHaveValue('Петроградская');
    expect((await places(shop.url)).find((p) => p.id === demo.id)!.name).toBe('Петроградская');
  });
});
