import type { Page } from '@playwright/test';
import { test, expect, type OwnerAuth } from './adminFixtures';
import { shot } from './shots';
import { DELIVERY, placeApiOrder } from './apiOrders';

/**
 * Orders an owner cannot miss (issue 35): with the admin open, a shopper's order (placed through the api)
 * puts 1 on the menu's 'Заказы' badge, shows up in the open order list and the dashboard without a reload, and,
 * once the owner turned the alerts on, raises a browser notification; cancelling an order asks for a reason.
 */

test.use({ ownShop: 'admin-live-orders' });

const placeOrder = (url: string, key: string) =>
  placeApiOrder(url, { idempotency_key: key, device_id: `dev_${key}`, client_name: 'Вера Живая', client_phone: '+7 (999) 321-54-76', ...DELIVERY, client_address: 'Каменноостровский пр., 42' });

/** The owner takes every new order of the shop (REST), so the count starts at 0 whatever ran before. */
async function takeAllNew(url: string, auth: OwnerAuth) {
  const headers = { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' };
  const list = await fetch(`${url}/rest/orders?${new URLSearchParams({ filter: JSON.stringify({ status: 'new' }), range: '[0,499]' })}`, { headers });
  for (const o of (await list.json()) as { id: number }[]) {
    const r = await fetch(`${url}/rest/orders/${o.id}`, { method: 'PUT', headers, body: JSON.stringify({ status: 'accepted' }) });
    expect(r.status).toBe(200);
  }
}

const badge = (page: Page, count: number) => page.getByRole('status', { name: `Новых заказов: ${count}` });

test.describe('live new orders', () => {
  test('the menu badge goes to 1 when a shopper orders, the open list and the dashboard show it without a reload, alerts notify', async ({ adminPage: page, shop, ownerAuth }, info) => {
    const mobile = info.project.name === 'mobile';
    await takeAllNew(shop.url, ownerAuth);
    // Browser notifications are recorded, not shown: the spec checks what the panel asked the browser to show.
    await page.context().grantPermissions(['notifications']);
    await page.addInitScript(() => {
      const shown: { title: string; body?: string; click: () => void }[] = [];
      (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: (() => void) | null = null;
        constructor(title: string, opts?: { body?: string }) {
          shown.push({ title, body: opts?.body, click: () => this.onclick?.() });
        }
        close() {}
      }
      (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
    });

    await page.goto('/admin/orders');
    await expect(page.getByText('Заказов пока нет').or(page.getByText('№', { exact: false }).first())).toBeVisible();
    if (mobile) await page.getByRole('button', { name: 'Открыть меню' }).click();
    const ordersItem = page.getByRole('menuitem', { name: 'Заказы' });
    await expect(ordersItem).toBeVisible();
    // The stream has answered: a count of 0, for screen readers only.
    await expect(badge(page, 0)).toBeAttached();
    await expect(ordersItem).not.toContainText(/\d/);

    const id = await placeOrder(shop.url, `e2e-live-${info.project.name}-${Date.now()}`);
    await expect(badge(page, 1)).toBeVisible();
    await expect(ordersItem).toContainText('1');
    // On a phone the app bar shows it too, the drawer closed.
    const barButton = page.getByRole('link', { name: 'Новых заказов: 1' });
    if (mobile) {
      await page.keyboard.press('Escape');
      await expect(barButton).toBeVisible();
      await shot(page, `live-orders-bar-${info.project.name}`);
      await page.getByRole('button', { name: 'Открыть меню' }).click();
    } else await expect(barButton).toBeHidden();
    await shot(page, `live-orders-badge-${info.project.name}`);
    if (mobile) await page.keyboard.press('Escape');
    // The open list shows the order without a reload (its own poll is a minute: the stream did it).
    const row = mobile ? page.getByRole('link', { name: new RegExp(`Заказ №${id} `) }) : page.getByRole('row', { name: new RegExp(`№ ${id}\\b`) });
    await expect(row).toBeVisible();

    // The dashboard open: the next order moves today's 'Новый' count and the badge, and with the alerts on
    // (the bell, remembered over a reload) the browser is asked to show a notification.
    await page.goto('/admin/');
    await expect(page.getByText('Новый: 1', { exact: true })).toBeVisible();
    const bell = page.getByRole('button', { name: 'Включить звук и уведомления о новых заказах' });
    await bell.click();
    const bellOn = page.getByRole('button', { name: /Звук и уведомления о новых заказах включены/ });
    await expect(bellOn).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(bellOn).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Новый: 1', { exact: true })).toBeVisible();
    const next = await placeOrder(shop.url, `e2e-live-2-${info.project.name}-${Date.now()}`);
    await expect(page.getByText('Новый: 2', { exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shownNotifications: { title: string }[] }).shownNotifications.map((n) => n.title))).toEqual([`Новый заказ №${next}`]);
    if (mobile) await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(badge(page, 2)).toBeVisible();
    if (mobile) await page.keyboard.press('Escape');
    // Clicking the notification opens that order.
    await page.evaluate(() => (window as unknown as { shownNotifications: { click: () => void }[] }).shownNotifications[0].click());
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${next}$`));
    await expect(page.getByRole('heading', { name: `Заказ №${next}` }).first()).toBeVisible();
  });
});
