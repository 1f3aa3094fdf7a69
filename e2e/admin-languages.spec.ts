import { test, expect, ownerApi } from './adminFixtures';
import { shot } from './shots';
import { DELIVERY, placeApiOrder } from './apiOrders';

/** The panel in the shop's eight languages: Arabic reads right to left; the choice survives a reload. */
test.describe('admin languages', () => {
  test('switch to Arabic (right to left) and to German: translated menu, titles and react-admin texts', async ({ adminPage: page }, info) => {
    const mobile = info.project.name === 'mobile';
    const html = page.locator('html');
    await page.goto('/admin/promo_settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Промокоды' })).toBeVisible();
    await expect(html).not.toHaveAttribute('dir', 'rtl');

    await page.getByRole('button', { name: 'Язык: Русский' }).click();
    for (const name of ['Русский', 'English', '中文', 'Español', 'Français', 'العربية', 'Português', 'Deutsch']) await expect(page.getByRole('menuitem', { name })).toBeVisible();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'رموز الخصم' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'رموز الخصم' }).getByText('SALE20')).toBeVisible();
    // The menu (a drawer on phones) sits on the right and reads in Arabic, react-admin's own labels too.
    if (mobile) await page.getByRole('button', { name: 'فتح القائمة' }).click();
    else await expect(page.getByRole('button', { name: 'إغلاق القائمة' })).toBeVisible();
    const item = page.getByRole('menuitem', { name: 'المكونات' });
    await expect(item).toBeVisible();
    const box = (await item.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    if (mobile) await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'اللغة: العربية' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Aktionscodes' })).toBeVisible();
    if (mobile) await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('menuitem', { name: 'Zutaten' }).click();
    await expect(page).toHaveURL(/\/admin\/ingredient_settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Zutaten' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Zutaten' }).getByRole('link').first()).toContainText(/\d kg$/);

    // The language is kept: a reload opens the panel in German again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Zutaten' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Neue Zutat' })).toBeVisible();
  });

  test('switching the language with unsaved changes asks to save them first', async ({ adminPage: page, shop, ownerAuth }) => {
    const title = `Язык ${test.info().project.name}`;
    await page.goto('/admin/category_editor/0/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Новая категория' })).toBeVisible();
    await page.getByLabel('Название').fill('Черновик');
    // 'Do not save': the switch happens and the draft is dropped.
    await page.getByRole('button', { name: 'Язык: Русский' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const ask = page.getByRole('dialog', { name: 'Сохранить изменения?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Не сохранять' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New category' })).toBeVisible();

    // 'Save': the changes are saved, then the panel switches.
    await page.getByRole('main').getByRole('textbox').first().fill(title);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    const askEn = page.getByRole('dialog', { name: 'Save changes?' });
    await expect(askEn).toBeVisible();
    await askEn.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Язык: Русский' })).toBeVisible();
    const { offers_category: all } = await ownerApi<{ offers_category: { category: string }[] }>(shop.url, ownerAuth, 'offers_category');
    expect(all.map((c) => c.category)).toContain(title);
  });
});

/** Where the character `index` of the first element showing `text` is drawn, from the left. */
async function charLeft(page: import('@playwright/test').Page, text: string, index: number): Promise<number> {
  return page.evaluate(
    ([text, index]) => {
      const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent !== text || !(n.parentElement as HTMLElement).offsetParent) continue;
        const range = document.createRange();
        const at = index < 0 ? text.length + index : index;
        range.setStart(n, at);
        range.setEnd(n, at + 1);
        return range.getBoundingClientRect().left;
      }
      throw new Error(`no visible text ${text}`);
    },
    [text, index] as const,
  );
}

test('in Arabic a phone still reads left to right: "+7…" on the order list, the order page and its inputs; the payment in Arabic, the phone list’s sum apart from the name', async ({ adminPage: page, shop }, info) => {
  const key = `e2e-ltr-${test.info().project.name}-${Date.now()}`;
  const id = await placeApiOrder(shop.url, { idempotency_key: key, device_id: key.slice(-24), client_name: 'Амира Каменноостровская', client_phone: '+79161234567', ...DELIVERY, client_house: '20' });

  await page.goto(`/admin/orders/${id}`);
  await page.getByRole('button', { name: 'Язык: Русский' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const phone = page.getByRole('link', { name: '+79161234567' });
  await expect(phone).toBeVisible();
  // The plus is drawn before (left of) the digits, as written, not after them.
  expect(await charLeft(page, '+79161234567', 0)).toBeLessThan(await charLeft(page, '+79161234567', -1));

  // The payment by its name in the panel's language, here and on the printed sheet (the server's label is Russian).
  await expect(page.getByText('نقدًا')).toBeVisible();
  await expect(page.getByText('Наличные')).toHaveCount(0);
  await shot(page, `ar-order-${info.project.name}`);
  await page.goto(`/admin/orders/${id}/print`);
  await expect(page.getByText('نقدًا')).toBeVisible();
  await expect(page.getByText('Наличные')).toHaveCount(0);
  await shot(page, `ar-print-${info.project.name}`);

  await page.goto('/admin/orders');
  if (info.project.name !== 'mobile') {
    // The list's phone column (phones list orders by number, name, time and sum).
    await expect(page.getByText('+79161234567').first()).toBeVisible();
    expect(await charLeft(page, '+79161234567', 0)).toBeLessThan(await charLeft(page, '+79161234567', -1));
  } else {
    // A phone's row: the sum floats beside the order's number and name with room on the side facing them
    // (right to left here), so a name that just fits beside it never touches it.
    const sum = page.getByRole('listitem').filter({ hasText: 'Амира Каменноостровская' }).first().locator('.RaSimpleList-tertiary');
    await expect(sum).toBeVisible();
    const room = await sum.evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      const money = r.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return getComputedStyle(el).direction === 'rtl' ? box.right - money.right : money.left - box.left;
    });
    expect(room).toBeGreaterThanOrEqual(6);
    await shot(page, `ar-orders-${info.project.name}`);
  }

  // A phone typed into a place's form keeps its order too: the input reads left to right.
  await page.goto('/admin/place_settings/place/new');
  const input = page.locator('input[type="tel"]');
  await input.fill('+7 495 555-01-99');
  expect(await input.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
});

test('in Arabic the outbox’s SMS recipient reads left to right: "+7…", not "…7+"', async ({ adminPage: page, shop, ownerAuth }) => {
  const key = `e2e-ltr-sms-${test.info().project.name}-${Date.now()}`;
  const phone = `+7916${String(Date.now()).slice(-7)}`;
  const id = await placeApiOrder(shop.url, { idempotency_key: key, device_id: key.slice(-24), client_name: 'Амира Исходящая', client_phone: phone, ...DELIVERY, client_house: '20' });
  // Cancelling texts the order's phone: a row of the outbox with the phone as its recipient.
  const res = await fetch(`${shop.url}/rest/orders/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ownerAuth.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'cancelled', cancelReason: 'Нет в наличии' }),
  });
  expect(res.status).toBe(200);

  await page.goto('/admin/notifications');
  await page.getByRole('button', { name: 'Язык: Русский' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(phone, { exact: true }).first()).toBeVisible();
  // The plus is drawn before (left of) the digits, on the table and on a phone's list alike.
  expect(await charLeft(page, phone, 0)).toBeLessThan(await charLeft(page, phone, -1));
  await shot(page, `ar-outbox-${test.info().project.name}`);
});
