import type { Page } from '@playwright/test';
import { test, expect, type OwnerAuth } from './adminFixtures';
import type { ShopServer } from './fixtures';
import { A5 } from './cartSeed';

/**
 * The optional SMS check of the phone (store setting sms_check, field 422): the owner turns it on through
 * api=stores; a customer's pickup order then asks for the code sent by SMS in a popup (a wrong code shows
 * the server's message), signs the customer in with it and places the order for that customer.
 * The server is shared by the worker's tests: the setting is turned off again in `finally`. The owner's session
 * is the admin fixtures' one (one sign-in per worker).
 */


const api = async <T = any>(shop: ShopServer, name: string, form: Record<string, string>, token?: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${shop.url}/api?api=${name}`, { method: 'POST', body: new URLSearchParams(form), headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T };
};

async function setSmsCheck(shop: ShopServer, owner: OwnerAuth, on: boolean) {
  const r = await api(shop, 'stores', { update: '1', 'p[422_sms_check]': on ? '1' : '0' }, owner.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function seed(page: Page) {
  await page.goto('/404');
  await page.evaluate((l) => {
    for (const k of ['promoCode', 'orderForm', 'orderAttempt', 'deliveryPoint', 'user_id', 'token_seq', 'token', 'phoneNumber']) localStorage.removeItem(k);
    localStorage.setItem('Cart', JSON.stringify(l));
  }, [A5]);
}

/** The cart seeded and the checkout filled for a pickup order paid in cash by this phone (not sent yet). */
async function fillPickupOrder(page: Page, national: string) {
  await seed(page);
  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Имя' }).fill('Анна');
  await main.getByRole('textbox', { name: 'Телефон' }).pressSequentially(national);
  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await page.getByRole('radio', { name: /Васильевский остров/ }).check();
  await page.getByRole('radio', { name: 'Наличные' }).check();
}

test('with the SMS check on, a pickup order asks for the code, signs the customer in and is placed for them', async ({ page, shop, ownerAuth: owner }) => {
  test.setTimeout(90_000);
  // A phone of this test alone (the server takes one code a 20 s per phone).
  const national = `99955${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const phone = `+7${national}`;
  await setSmsCheck(shop, owner, true);
  try {
    await fillPickupOrder(page, national);

    const since = Date.now();
    const smsSent = page.waitForRequest((r) => r.url().includes('api=sms_code'));
    await page.getByRole('button', { name: 'Заказать' }).click();
    expect((await smsSent).postData()).toContain(`7${national}`);
    const popup = page.getByRole('dialog', { name: 'Подтвердите номер' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(`Мы отправили код на +7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`);
    await expect(popup).toContainText(/Отправить код ещё раз через \d+ с/);
    const code = await shop.smsCode(phone, { since });

    // A wrong code: the server's message in the popup, no order yet.
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const codeBox = popup.getByRole('textbox', { name: 'Код из SMS' });
    await codeBox.fill(wrong);
    await popup.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(popup.getByRole('alert')).toHaveText('Неверный код');
    await page.screenshot({ path: test.info().outputPath('sms-popup.png') });

    await codeBox.fill(code);
    await popup.getByRole('button', { name: 'Подтвердить' }).click();
    const done = page.getByRole('dialog');
    await expect(done).toContainText('Мы пришлём SMS, когда он будет готов к выдаче');
    const number = Number((await done.getByRole('heading').textContent())?.replace(/\D/g, ''));
    expect(number).toBeGreaterThan(0);

    // Signed in as that customer: the session is kept, and the order is theirs on the server.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('phoneNumber'))).toBe(`7${national}`);
    const mine = await api<{ orders: { id: number; receiving: string }[] }>(shop, 'orders', { list: '1' }, token!);
    expect(mine.status).toBe(200);
    expect(mine.body.orders.find((o) => o.id === number)).toMatchObject({ receiving: 'pickup' });
    const row = await api<{ orders: { id: number; phone?: string }[] }>(shop, 'orders', { orderId: String(number) }, token!);
    expect(row.status).toBe(200);
  } finally {
    await setSmsCheck(shop, owner, false);
  }
});

test('with the SMS check on, closing the code popup gives the order button back', async ({ page, shop, ownerAuth: owner }) => {
  const national = `99966${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  await setSmsCheck(shop, owner, true);
  try {
    await fillPickupOrder(page, national);
    await page.getByRole('button', { name: 'Заказать' }).click();
    const popup = page.getByRole('dialog', { name: 'Подтвердите номер' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Заказать' })).toBeEnabled();
  } finally {
    await setSmsCheck(shop, owner, false);
  }
});

test('the admin common settings show the SMS check switch and save it', async ({ adminPage: page, shop, ownerAuth }) => {
  try {
    await page.goto('/admin/settings/common_settings');
    const check = page.getByLabel('Проверка телефона кодом из SMS');
    await expect(check).not.toBeChecked();
    await check.check();
    await check.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('admin-sms-check.png') });
    await page.getByRole('button', { name: 'Принять' }).last().click();
    await page.getByRole('dialog', { name: 'Сохранить изменения?' }).getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    const store = (await api<{ stores: { sms_check: string }[] }>(shop, 'stores', {})).body.stores[0];
    expect(store.sms_check).toBe('1');
  } finally {
    await setSmsCheck(shop, ownerAuth, false);
  }
});
