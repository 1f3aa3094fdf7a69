import type { Page } from '@playwright/test';
import { ACQUIRER_LOGIN, ACQUIRER_PASSWORD } from '../server/test/checkoutFixtures';
import { test, expect, OWNER_PHONE, type ShopServer } from './fixtures';
import { A5 } from './cartSeed';

/**
 * Card payment on the site: the acquirer's return pages (/success_payment, /fail_payment) ask the server
 * (api=sber_status), never the address; the order form and the order page send the customer to the fake
 * acquirer's page (e2e/fakes.ts), whose 'Оплатить' / 'Отказаться' come back to the shop.
 * The demo shop gets its acquiring login and password (fields 408/409) from the owner through api=stores,
 * as a shop owner would set them: the fake acquirer only takes those.
 */

const api = async <T = any>(shop: ShopServer, name: string, form: Record<string, string>, token?: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${shop.url}/api?api=${name}`, { method: 'POST', body: new URLSearchParams(form), headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T };
};

/** The owner's session (api=sms_code is refused for 20 s after the last code to the same phone: wait it out). */
async function ownerToken(shop: ShopServer): Promise<string> {
  const since = Date.now();
  for (let i = 0; ; i++) {
    const r = await api(shop, 'sms_code', { phone: OWNER_PHONE });
    if (r.status === 200) break;
    if (r.status !== 429 || i > 25) throw new Error(`sms_code ${r.status}`);
    await new Promise((ok) => setTimeout(ok, 1000));
  }
  const code = await shop.smsCode(OWNER_PHONE, { since });
  const login = await api<{ token: string }>(shop, 'login', { phone: OWNER_PHONE, code });
  expect(login.status).toBe(200);
  return login.body.token;
}

/** The shop takes card payments on the site: the acquiring login and password as the owner saves them. */
async function enableAcquiring(shop: ShopServer) {
  const token = await ownerToken(shop);
  const r = await api(shop, 'stores', { update: '1', 'p[408_acquiring_login]': ACQUIRER_LOGIN, 'p[409_acquiring_password]': ACQUIRER_PASSWORD, 'p[416_pay_online]': '1' }, token);
  expect(r.status).toBe(200);
}

const newDevice = () => `e2e-pay-${Math.random().toString(36).slice(2, 12)}`;

/** An online pickup order of this device (api=orders), its payment registered (api=sber); → number and acquirer id. */
async function onlineOrder(shop: ShopServer, device: string) {
  const placed = await api<{ orders: number[] }>(shop, 'orders', {
    idempotency_key: `e2e-${Math.random().toString(36).slice(2)}`,
    device_id: device,
    'item[1001]': '1',
    client_name: 'Анна',
    client_phone: '+79991234567',
    client_payment: 'online',
    client_receiving: 'pickup',
    'p[674_place_id]': '1',
  });
  expect(placed.status).toBe(200);
  const id = placed.body.orders[0];
  const sber = await api<{ formUrl: string }>(shop, 'sber', { orderId: String(id), device_id: device, localhost: shop.url });
  expect(sber.status).toBe(200);
  const mdOrder = new URL(sber.body.formUrl).searchParams.get('mdOrder')!;
  return { id, mdOrder, formUrl: sber.body.formUrl };
}


/** This browser as the device of the orders, with a product in its cart. */
async function asDevice(page: Page, device: string, cart: unknown[] = [A5]) {
  await page.goto('/404');
  await page.evaluate(
    ([d, c]) => {
      localStorage.setItem('device_id', d as string);
      localStorage.setItem('Cart', JSON.stringify(c));
      for (const k of ['promoCode', 'orderForm', 'orderAttempt', 'user_id', 'token_seq', 'token']) localStorage.removeItem(k);
    },
    [device, cart] as const,
  );
}

const cartLink = (page: Page, n: number) => page.getByRole('link', { name: `Корзина, товаров: ${n}` });

test.beforeAll(async ({ shop }) => {
  await enableAcquiring(shop);
});

test('the return pages without an orderId go to the main page', async ({ page }) => {
  await page.goto('/success_payment');
  await expect(page).not.toHaveURL(/success_payment/);
  await page.goto('/fail_payment?orderId=abc');
  await expect(page).not.toHaveURL(/fail_payment/);
});

test('paid: /success_payment asks the server, says the order is placed and empties the cart', async ({ page, shop }) => {
  const device = newDevice();
  const { id, mdOrder } = await onlineOrder(shop, device);
  shop.fakes.acquirer.settle(mdOrder, 2);
  await asDevice(page, device);
  const asked = page.waitForRequest((r) => r.url().includes('api=sber_status'));
  await page.goto(`/success_payment?orderId=${id}`);
  const body = (await asked).postData() ?? '';
  expect(body).toMatch(new RegExp(`name="orderId"\\r\\n\\r\\n${id}\\r\\n`));
  expect(body).toMatch(new RegExp(`name="device_id"\\r\\n\\r\\n${device}\\r\\n`));
  await expect(page.getByRole('heading', { name: `Оплата успешна, заказ №${id} сформирован` })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');
  await page.getByRole('button', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/category\//);
});

test('pending: a waiting state while the acquirer has not settled, then success', async ({ page, shop }) => {
  const device = newDevice();
  const { id, mdOrder } = await onlineOrder(shop, device);
  await asDevice(page, device);
  await page.goto(`/success_payment?orderId=${id}`);
  await expect(page.getByRole('heading', { name: 'Проверяем оплату…' })).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();
  shop.fakes.acquirer.settle(mdOrder, 2);
  await expect(page.getByRole('heading', { name: `Оплата успешна, заказ №${id} сформирован` })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
});

test('declined: the success address shows the failure; /fail_payment says so and goes back to the cart', async ({ page, shop }) => {
  const device = newDevice();
  const { id, mdOrder } = await onlineOrder(shop, device);
  shop.fakes.acquirer.settle(mdOrder, 6);
  await asDevice(page, device);
  // A forged return to the success page does not make the order paid.
  await page.goto(`/success_payment?orderId=${id}`);
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await expect(page.getByText(/Оплата успешна/)).toHaveCount(0);
  await expect(cartLink(page, 1)).toBeVisible();

  await page.goto(`/fail_payment?orderId=${id}`);
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await page.getByRole('button', { name: 'Вернуться в корзину' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Смартфон Квант A5 64 ГБ').first()).toBeVisible();
});

/** The order form as far as 'Перейти к оплате': pickup, card on the site. */
async function checkoutOnline(page: Page) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Имя' }).fill('Анна');
  const phone = main.getByRole('textbox', { name: 'Телефон' });
  await phone.pressSequentially('9991234567');
  await page.getByRole('radio', { name: 'Самовывоз' }).check();
  await page.getByRole('radio', { name: /Петроградская/ }).check();
  await page.getByRole('radio', { name: 'Картой на сайте' }).check();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  // The acquirer's page names the payment attempt '<shop>-<order number>-1' (the browser has left the shop by now).
  await expect(page).toHaveURL(/\/payment\/merchants\/pay\.html\?mdOrder=/);
  const heading = page.getByRole('heading', { name: /^Оплата заказа \d+-\d+-1$/ });
  await expect(heading).toBeVisible();
  return Number(/(\d+)-1$/.exec((await heading.textContent()) ?? '')![1]);
}

test('the order form pays on the acquirer page: Оплатить → /success_payment, the cart is empty', async ({ page }) => {
  await asDevice(page, newDevice());
  const id = await checkoutOnline(page);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(new RegExp(`/success_payment\\?orderId=${id}$`));
  await expect(page.getByRole('heading', { name: `Оплата успешна, заказ №${id} сформирован` })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBe('[]');
});

test('the order form, refused on the acquirer page: Отказаться → /fail_payment, then paid from the order page', async ({ page }) => {
  await asDevice(page, newDevice());
  const id = await checkoutOnline(page);
  await page.getByRole('button', { name: 'Отказаться' }).click();
  await expect(page).toHaveURL(new RegExp(`/fail_payment\\?orderId=${id}$`));
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();

  // The order stays: its page offers the payment again (a new attempt), and this time it goes through.
  await page.getByRole('link', { name: 'Открыть заказ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Заказ №${id}`) })).toBeVisible();
  await expect(page.getByText('Оплата не прошла')).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить заказ' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Оплата заказа \\d+-${id}-2$`) })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page.getByRole('heading', { name: `Оплата успешна, заказ №${id} сформирован` })).toBeVisible();
  await page.getByRole('link', { name: 'Открыть заказ' }).click();
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Оплатить заказ' })).toHaveCount(0);
});
