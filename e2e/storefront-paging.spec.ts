import { afterTwoFrames, openInApp, test, expect } from './fixtures';
import type { Locator } from '@playwright/test';

/** How many products the windowed list holds (each rendered item carries aria-setsize). */
const loaded = (list: Locator) => list.getByRole('listitem').first().getAttribute('aria-setsize').then(Number);

/** The paged category list: 20 per page, the next page near the bottom, the address follows, the end stops it. */
test('the catalogue list loads further pages near the bottom and stops at the end', async ({ page }) => {
  await page.goto('/category/0/1');
  const list = page.getByRole('list', { name: 'Все товары' });
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '20');
  const requests: string[] = [];
  // The list's pages (not the wide screen's filters: their params and their count).
  page.on('request', (r) => new URL(r.url()).searchParams.get('api') === 'offers' && !/name="count"/.test(r.postData() ?? '') && requests.push(r.postData() ?? ''));

  for (const [count, offset] of [
    [40, 2],
    [60, 3],
  ] as const) {
    await page.mouse.wheel(0, 50000);
    await expect.poll(() => loaded(list)).toBe(count);
    await expect(page).toHaveURL(new RegExp(`/category/0/${offset}$`));
  }
  // The demo shop has 60 products: page 4 is empty, the end; nothing more is asked for.
  await page.mouse.wheel(0, 50000);
  await expect.poll(() => requests.length).toBe(3);
  await page.mouse.wheel(0, -500);
  await page.mouse.wheel(0, 50000);
  // The list stands at its end (the scroll is over) and has handled it: still the three requests.
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 2)).toBe(true);
  await afterTwoFrames(page);
  expect(requests).toHaveLength(3);
  await expect.poll(() => loaded(list)).toBe(60);
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-posinset', '60');
  await expect(page).toHaveURL(/\/category\/0\/3$/);

  // An item and back: the same list, the same place.
  const y = await page.evaluate(() => window.scrollY);
  await list.getByRole('link').last().click();
  await expect(page).toHaveURL(/\/item\//);
  await page.goBack();
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-posinset', '60');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
});

test('a failed list shows the no-connection panel and its retry reloads from page 1', async ({ page }) => {
  await page.clock.install();
  let fail = true;
  let failed = 0;
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'offers',
    (route) => (fail ? (failed++, route.abort('internetdisconnected')) : route.fallback()),
  );
  // The list as the app opens it (a server-rendered list comes with its first page and asks for none).
  await page.goto('/cart');
  await openInApp(page, '/category/1-11/1');
  // The first try and five retries 5 s apart, then the panel.
  await expect.poll(() => failed).toBe(1);
  await expect(page.getByText('Оффлайн')).toBeVisible();
  for (let i = 2; i <= 6; i++) {
    await page.clock.runFor(5000);
    await expect.poll(() => failed).toBe(i);
  }
  const panel = page.getByText('Отсутствует интернет-соединение. Проверьте подключение и повторите попытку');
  await expect(panel).toBeVisible();
  await page.clock.runFor(30_000);
  expect(failed).toBe(6);
  await expect(page.getByText('Оффлайн')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Повторить попытку' }).click();
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await expect(page.getByText('Оффлайн')).toBeHidden();
});
