import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, OWNER_PHONE, type ShopServer } from './fixtures';

/**
 * The customer's orders: /my_orders (this device's orders, and the account's once signed in), /order/{id}
 * with the server's totals, the question about an order with a picture, another device's 404, sign-in by
 * an SMS code, and the owner's status change arriving as a toast (api=inner_push). Orders are placed
 * through the api with the device id the page keeps in localStorage 'device_id'.
 */

const api = async <T = any>(shop: ShopServer, name: string, form: Record<string, string>, token?: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${shop.url}/api?api=${name}`, { method: 'POST', body: new URLSearchParams(form), headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T };
};

/** A session by phone (api=sms_code is refused for 20 s after the last code to a phone: wait it out). */
async function signIn(shop: ShopServer, phone: string): Promise<{ user_id: string; token_seq: string; token: string }> {
  for (let i = 0; ; i++) {
    const r = await api(shop, 'sms_code', { phone });
    if (r.status === 200) break;
    if (r.status !== 429 || i > 25) throw new Error(`sms_code ${r.status}`);
    await new Promise((ok) => setTimeout(ok, 1000));
  }
  const login = await api(shop, 'login', { phone, code: await shop.smsCode(phone) });
  expect(login.status).toBe(200);
  return login.body;
}

const ownerTokens = new Map<string, string>();
async function owner(shop: ShopServer): Promise<string> {
  if (!ownerTokens.has(shop.url)) ownerTokens.set(shop.url, (await signIn(shop, OWNER_PHONE)).token);
  return ownerTokens.get(shop.url)!;
}

const newDevice = () => `e2e-acc-${Math.random().toString(36).slice(2, 12)}`;

type Form = Record<string, string>;
const DELIVERY: Form = { client_payment: 'cash', client_receiving: 'delivery', client_address: 'Каменноостровский пр., 20', client_coords: '59.962,30.311', client_house: '20' };
const PICKUP: Form = { client_payment: 'card', client_receiving: 'pickup', 'p[674_place_id]': '1' };

async function placeOrder(shop: ShopServer, device: string, items: Record<string, number>, extra: Form, token?: string): Promise<number> {
  const form: Form = { idempotency_key: `e2e-${Math.random().toString(36).slice(2)}`, device_id: device, client_name: 'Анна', client_phone: '+79991234567', ...extra };
  for (const [id, q] of Object.entries(items)) form[`item[${id}]`] = String(q);
  const r = await api<{ orders: number[] }>(shop, 'orders', form, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.orders[0];
}

/** This browser as a device (signed out). */
async function asDevice(page: Page, device: string) {
  await page.goto('/404');
  await page.evaluate((d) => {
    localStorage.setItem('device_id', d);
    for (const k of ['user_id', 'token_seq', 'token', 'is_owner']) localStorage.removeItem(k);
  }, device);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Меню' }).click();
  return page.getByRole('dialog', { name: 'Меню' });
}

/** '12 990 ₽' as the storefront writes prices (a no-break space between groups and before the sign). */
const rub = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, n >= 100000 ? '\u2009' : '\u00a0')}\u00a0₽`;

test('my orders: the side menu entry, newest first; a row opens the order with the server’s totals; back to the list', async ({ page, shop }) => {
  const device = newDevice();
  const first = await placeOrder(shop, device, { 1002: 1 }, PICKUP);
  const second = await placeOrder(shop, device, { 1001: 1, 1002: 2 }, { ...DELIVERY, client_promocode: 'SALE20' });
  await asDevice(page, device);
  // The menu closes on a route change: open it on a page that does not redirect (/ does).
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { name: 'Избранное' })).toBeVisible();
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Мои заказы' }).click();
  await expect(page).toHaveURL(/\/my_orders$/);
  const rows = page.getByRole('list', { name: 'Мои заказы' }).getByRole('link');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Заказ №${second}`);
  await expect(rows.nth(1)).toContainText(`Заказ №${first}`);

  const server = (await api<{ orders: any[] }>(shop, 'orders', { orderId: String(second), device_id: device })).body.orders[0];
  await expect(rows.nth(0)).toContainText(rub(server.total));
  await expect(rows.nth(0)).toContainText('Новый');
  await rows.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`/order/${second}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Заказ №${second}`) })).toBeVisible();

  const client = page.getByRole('region', { name: 'Покупатель' });
  await expect(client).toContainText('Анна');
  await expect(client).toContainText('+79991234567');
  await expect(client).toContainText('Каменноостровский пр., 20');
  await expect(client).toContainText('Наличные');
  const lines = page.getByRole('region', { name: 'Товары' });
  for (const p of server.products) {
    const line = lines.getByRole('listitem').filter({ hasText: p.name });
    await expect(line).toContainText(`${p.quantity} шт. × ${rub(p.price)}`);
    await expect(line).toContainText(rub(p.sum));
    // The picture is decorative (the name is beside it): found by its address, not by a role.
    await expect(line.locator('img')).toHaveAttribute('src', new RegExp(`/images/${p.picture}$`));
  }
  await expect(lines.locator('dt', { hasText: 'Товары' }).locator('xpath=..')).toContainText(rub(server.goodsTotal));
  await expect(lines.locator('dt', { hasText: 'Скидка по промокоду SALE20 (20%)' }).locator('xpath=..')).toContainText(`−${rub(server.discount)}`);
  await expect(lines.locator('dt', { hasText: 'Доставка' }).locator('xpath=..')).toContainText(server.deliveryCost ? rub(server.deliveryCost) : 'Бесплатно');
  await expect(lines.locator('dt', { hasText: 'Итого' }).locator('xpath=..')).toContainText(rub(server.total));
  expect(server.goodsTotal - server.discount + server.deliveryCost).toBe(server.total);

  // Back goes to the list (the header arrow on phones, the link above the title on wide screens).
  if (page.viewportSize()!.width < 1100) await page.getByRole('button', { name: 'Назад' }).click();
  else await page.getByRole('link', { name: 'Мои заказы' }).first().click();
  await expect(page).toHaveURL(/\/my_orders$/);

  // The pickup order names its place; card to the courier is not paid on the site.
  await rows.nth(1).click();
  await expect(page.getByRole('region', { name: 'Покупатель' })).toContainText('Петроградская');
  await expect(page.getByText('При получении')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Оплатить заказ' })).toHaveCount(0);
});

test('an empty list says so; another device’s order is the 404 page', async ({ page, shop }) => {
  const other = await placeOrder(shop, newDevice(), { 1001: 1 }, PICKUP);
  await asDevice(page, newDevice());
  await page.goto('/my_orders');
  await expect(page.getByText('Список заказов пуст')).toBeVisible();
  await page.goto(`/order/${other}`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.goto(`/order/${other}/review`);
  await expect(page).toHaveURL(/\/404$/);
});

test('a question about the order: required fields, a picture with its preview, stored for the owner', async ({ page, shop }) => {
  const device = newDevice();
  const id = await placeOrder(shop, device, { 1001: 1 }, PICKUP);
  await asDevice(page, device);
  await page.goto(`/order/${id}`);
  await page.getByRole('button', { name: 'Действия с заказом' }).click();
  await page.getByRole('menuitem', { name: 'Вопрос по заказу' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/review$`));
  await expect(page.getByRole('heading', { name: `Вопрос по заказу №${id}` })).toBeVisible();

  const contact = page.getByRole('textbox', { name: 'Почта или номер телефона для связи' });
  const message = page.getByRole('textbox', { name: 'Сообщение' });
  const posted: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/questions') && posted.push(r.method()));
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Обязательное поле')).toHaveCount(2);
  expect(posted).toEqual([]);

  await contact.fill('anna@example.com');
  await message.fill('Можно забрать после 18:00?');
  await page.locator('input[type=file]').setInputFiles(path.resolve(import.meta.dirname, '../server/demo/images/blanket.jpg'));
  await expect(page.getByRole('img', { name: 'blanket.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вопрос отправлен' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));

  type Question = { orderId: number; contact: string; message: string; images: { img: string }[]; imagesPending: number };
  const token = await owner(shop);
  const read = async () => {
    const res = await fetch(`${shop.url}/rest/questions?filter=${encodeURIComponent(JSON.stringify({ orderId: id }))}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Question[];
  };
  // The server makes the picture after its answer (issue 34): the owner sees it once it is made.
  await expect.poll(async () => (await read())[0]?.imagesPending).toBe(0);
  const questions = await read();
  expect(questions).toHaveLength(1);
  expect(questions[0]).toMatchObject({ orderId: id, contact: 'anna@example.com', message: 'Можно забрать после 18:00?' });
  expect(questions[0].images).toHaveLength(1);
  // Read every body: an unread one keeps its connection busy and the server's shutdown waits for it.
  const picture = await fetch(`${shop.url}/images/${questions[0].images[0].img}`);
  expect(picture.status).toBe(200);
  expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);
});

test('past the order’s daily budget of pictures the question says so beside them, keeps the text and goes without them (issue 34)', async ({ page, shop }, info) => {
  const device = newDevice();
  const id = await placeOrder(shop, device, { 1001: 1 }, PICKUP);
  // Two questions of 10 pictures each take the order's 20 of the day.
  const picture = await fs.readFile(path.resolve(import.meta.dirname, '../server/demo/images/blanket.jpg'));
  for (let q = 0; q < 2; q++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ orderId: String(id), contact: 'anna@example.com', message: `Фото ${q}`, device_id: device })) form.append(k, v);
    for (let i = 0; i < 10; i++) form.append('images', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), `p${i}.jpg`);
    const r = await fetch(`${shop.url}/rest/questions`, { method: 'POST', body: form });
    expect(r.status).toBe(201);
    await r.arrayBuffer();
  }
  await asDevice(page, device);
  await page.goto(`/order/${id}/review`);
  const message = page.getByRole('textbox', { name: 'Сообщение' });
  await page.getByRole('textbox', { name: 'Почта или номер телефона для связи' }).fill('anna@example.com');
  await message.fill('И ещё одно фото');
  await page.locator('input[type=file]').setInputFiles(path.resolve(import.meta.dirname, '../server/demo/images/blanket.jpg'));
  await page.getByRole('button', { name: 'Отправить' }).click();
  const pictures = page.getByRole('group', { name: 'Фотографии' });
  await expect(pictures).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Слишком много фото к вопросам за сегодня. Отправьте вопрос без фото или попробуйте завтра')).toBeVisible();
  await expect(message).toHaveValue('И ещё одно фото');
  await page.screenshot({ path: info.outputPath(`question-budget-${info.project.name}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Убрать blanket.jpg' }).click();
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вопрос отправлен' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
});

test('sign-in by an SMS code shows the account’s orders from any device; signing out leaves the device’s own', async ({ page, shop }, info) => {
  const phone = info.project.name === 'mobile' ? '+79995550101' : '+79995550102';
  const device = newDevice();
  await asDevice(page, device);
  await page.goto('/my_orders');
  await expect(page.getByText('Список заказов пуст')).toBeVisible();

  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially(phone.slice(2));
  await expect(page.getByRole('textbox', { name: 'Номер телефона' })).toHaveValue(`(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText(`Код отправлен на номер ${phone}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Код из СМС' }).fill(await shop.smsCode(phone));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/my_orders$/);
  const auth = await page.evaluate(() => ({ user_id: localStorage.getItem('user_id'), token: localStorage.getItem('token') }));
  expect(auth.user_id).toBeTruthy();

  // An order of this account placed on another device shows here once signed in.
  const elsewhere = await placeOrder(shop, newDevice(), { 1003: 1 }, PICKUP, auth.token!);
  await page.reload();
  const rows = page.getByRole('list', { name: 'Мои заказы' }).getByRole('link');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Заказ №${elsewhere}`);
  await rows.first().click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Заказ №${elsewhere}`) })).toBeVisible();

  // Signing out: the session is revoked; the device has no orders of its own.
  const signOut = await openMenu(page);
  await signOut.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вы вышли из аккаунта' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const check = await api(shop, 'token_check', { token: auth.token! });
  expect(check.body.token).toBe('error');
  await page.goto('/my_orders');
  await expect(page.getByText('Список заказов пуст')).toBeVisible();
});

test('the owner changes the status: the customer sees a toast (api=inner_push) and the new status', async ({ page, shop }) => {
  const device = newDevice();
  const id = await placeOrder(shop, device, { 1001: 1 }, PICKUP);
  const token = await owner(shop);
  await asDevice(page, device);
  // The poll's first call learns the newest seq; the next ones carry it.
  const polled = page.waitForRequest((r) => r.url().includes('api=inner_push') && /name="seq"/.test(r.postData() ?? ''));
  await page.goto(`/order/${id}`);
  await expect(page.getByText('Новый', { exact: true })).toBeVisible();
  const body = (await polled).postData() ?? '';
  expect(body).toMatch(new RegExp(`name="device_id"\\r\\n\\r\\n${device}\\r\\n`));

  const put = await fetch(`${shop.url}/rest/orders/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'accepted' }) });
  expect(put.status).toBe(200);
  await put.json();
  await expect(page.getByRole('status').filter({ hasText: `Заказ №${id}. Статус заказа: Принят` })).toBeVisible({ timeout: 5000 });
  await page.reload();
  await expect(page.getByText('Принят', { exact: true })).toBeVisible();
});
