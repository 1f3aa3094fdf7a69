import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Long lists: the windowed grid, scroll positions per category path (sessionStorage) and back from an
 * item, the cached first page with the server stopped, the / redirect's back parameter and the web-view
 * sign-in redirect.
 */
const loaded = (list: Locator) => list.getByRole('listitem').first().getAttribute('aria-setsize').then(Number);

async function loadPages(page: Page, list: Locator, count: number) {
  for (let n = 40; n <= count; n += 20) {
    await page.mouse.wheel(0, 50000);
    await expect.poll(() => loaded(list)).toBe(n);
  }
}

/** The product whose card is nearest the middle of the window: its name and its card's top. */
function productInView(page: Page) {
  return page.evaluate(() => {
    const mid = window.innerHeight / 2;
    let best: { name: string; top: number; index: number } | null = null;
    for (const li of document.querySelectorAll('[aria-posinset]')) {
      // (The demo's records have no name in their cards: not a product to find by its name.)
      if (!li.querySelector('h3')?.textContent) continue;
      const r = li.getBoundingClientRect();
      const d = Math.abs(r.top + r.height / 2 - mid);
      if (!best || d < Math.abs(best.top + r.height / 2 - mid)) best = { name: li.querySelector('h3')!.textContent!, top: r.top, index: Number(li.getAttribute('aria-posinset')) };
    }
    return best!;
  });
}

/** The product in the middle once the rows around the window are drawn after a scroll: the same product at the same place twice in a row. */
async function settledProductInView(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      const p = await productInView(page);
      const now = p ? `${p.name}@${Math.round(p.top)}` : '';
      const same = now !== '' && now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return productInView(page);
}

/** Opens the list of all products and waits for its first card; the list. */
async function openAllProducts(page: Page) {
  await page.goto('/category/0/1');
  const list = page.getByRole('list', { name: 'Все товары' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

/** Scrolls to `share` of the page's height; the product then settled in the middle of the window. */
async function productAt(page: Page, share: number) {
  await page.evaluate((s) => window.scrollTo(0, document.documentElement.scrollHeight * s), share);
  return settledProductInView(page);
}

const cardTop = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).evaluate((a) => a.closest('li')!.getBoundingClientRect().top);

test('a long list renders only the rows near the window, each item at least 156 px, in a grid', async ({ page }, info) => {
  const list = await openAllProducts(page);
  const firstName = (await list.getByRole('heading', { level: 3 }).first().textContent())!;
  await loadPages(page, list, 60);
  await page.mouse.wheel(0, 50000);
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-posinset', '60');
  // Far from the top: the first rows are not in the page, the page keeps its full height.
  const rendered = await list.getByRole('listitem').count();
  expect(rendered).toBeLessThan(60);
  await expect(list.getByRole('link', { name: firstName, exact: true })).toHaveCount(0);
  const measure = () => list.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), h: r.height })));
  // Rows the window has just reached are laid out a frame later (a CI run read one at 0 px): measured once settled.
  await expect.poll(async () => Math.min(...(await measure()).map((b) => b.h))).toBeGreaterThanOrEqual(156);
  const boxes = await measure();
  const columns = new Set(boxes.map((b) => b.x)).size;
  expect(columns).toBe(info.project.name === 'desktop' ? 4 : 2);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan((60 / columns) * 156);

  // Back to the top: the first product is rendered again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(list.getByRole('link', { name: firstName, exact: true })).toBeInViewport();
});

test('back from an item shows the same product in view; after a reload too (the pages are loaded again)', async ({ page }) => {
  const list = await openAllProducts(page);
  await loadPages(page, list, 60);
  // Three pages down, then a little up: a product of page 2 or 3 in the middle of the window.
  const picked = await productAt(page, 0.55);
  expect(picked.index).toBeGreaterThan(20);
  // Where the card is when it is clicked (a click first scrolls a card that is cut off into view).
  await page.getByRole('link', { name: picked.name, exact: true }).scrollIntoViewIfNeeded();
  picked.top = await cardTop(page, picked.name);

  await page.getByRole('link', { name: picked.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: picked.name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/category\/0\/3$/);
  await expect(list.getByRole('link', { name: picked.name, exact: true })).toBeInViewport();
  await expect.poll(() => cardTop(page, picked.name)).toBeCloseTo(picked.top, -1.5);

  // The tab is reloaded on the item page: the list is gone from memory; back loads its pages again.
  await page.getByRole('link', { name: picked.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: picked.name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: picked.name })).toBeVisible();
  await page.goBack();
  await expect(list.getByRole('link', { name: picked.name, exact: true })).toBeInViewport();
  await expect.poll(() => cardTop(page, picked.name)).toBeCloseTo(picked.top, -1.5);
  await expect(page).toHaveURL(/\/category\/0\/[23]$/);
});

test('scroll positions are remembered per category path', async ({ page }) => {
  const all = await openAllProducts(page);
  await loadPages(page, all, 40);
  const picked = await productAt(page, 0.5);

  // Another category starts at its top.
  await page.goto('/category/2/1');
  await expect(page.getByRole('list', { name: 'Книги' }).getByRole('listitem').first()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The first list again: the same product where it was.
  await page.goto('/category/0/1');
  await expect(all.getByRole('link', { name: picked.name, exact: true })).toBeInViewport();
  const stored = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('scroll:list:')));
  expect(stored).toEqual(expect.arrayContaining(['scroll:list:c:0|default|', 'scroll:list:c:2|default|']));
});

test('with the server stopped, a category list shows its cached first page and the offline banner', async ({ page, shop }, info) => {
  await page.goto('/category/1-12/1');
  const laptops = page.getByRole('list', { name: 'Ноутбуки' });
  await expect(laptops.getByRole('listitem').first()).toBeVisible();
  const names = await laptops.getByRole('heading', { level: 3 }).allTextContents();
  expect(names.length).toBeGreaterThan(0);
  // A new visit: the app starts on another list, the laptops are only in the local cache now.
  await page.goto('/category/1-11/1');
  await expect(page.getByRole('link', { name: 'Смартфон Квант A5 64 ГБ' })).toBeVisible();
  await shop.stop();
  try {
    await page.getByRole('navigation', { name: 'Навигация' }).getByRole('link', { name: 'Электроника' }).click();
    await page.getByRole('link', { name: 'Ноутбуки' }).first().click();
    await expect(page).toHaveURL(/\/category\/1-12\/1$/);
    await expect(page.getByText('Оффлайн')).toBeVisible();
    await expect(page.getByText('Нет связи с сервером: показан сохранённый список')).toBeVisible();
    await expect(laptops.getByRole('heading', { level: 3 })).toHaveText(names);
    if (info.project.name === 'mobile') await page.screenshot({ path: test.info().outputPath('offline-cached-list.png') });
  } finally {
    await shop.start();
  }
  // The server is back: the next retry (5 s) replaces the cached page and the banner goes.
  await expect(page.getByText('Нет связи с сервером: показан сохранённый список')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('Оффлайн')).toBeHidden();
  await expect(laptops.getByRole('heading', { level: 3 })).toHaveText(names);
});

test('/ keeps a safe back parameter and the campaign parameters', async ({ page }) => {
  await page.goto('/?back=%2Fcategory%2F1&utm_source=mail');
  await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
  expect(await page.evaluate(() => [localStorage.getItem('back'), localStorage.getItem('urlData')])).toEqual(['/category/1', '{"utm_source":"mail"}']);
  await page.goto('/?back=javascript:alert(1)');
  await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
  expect(await page.evaluate(() => localStorage.getItem('back'))).toBeNull();
});

test.describe('in the Android app (a web view)', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36' });

  test('/ on a test host without a session goes to the sign-in page; with a session to the catalogue', async ({ page, shop }) => {
    await page.goto('/?back=%2Fcategory%2F2');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('back'))).toBe('/category/2');
    // A real customer session: a made-up token is refused by the first call and signed out at once.
    const phone = `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const since = Date.now();
    expect((await page.request.post('/api?api=sms_code', { form: { phone } })).status()).toBe(200);
    const login = await page.request.post('/api?api=login', { form: { phone, code: await shop.smsCode(phone, { since }) } });
    const session = (await login.json()) as { user_id: string; token_seq: string; token: string };
    await page.evaluate((s) => {
      localStorage.setItem('user_id', String(s.user_id));
      localStorage.setItem('token_seq', String(s.token_seq));
      localStorage.setItem('token', s.token);
    }, session);
    await page.goto('/');
    await expect(page).toHaveURL(/\/category\/0(\/\d+)?$/);
  });
});
