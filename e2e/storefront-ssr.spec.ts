import { test, expect, hydrated } from './fixtures';

/**
 * Server rendering (storefront/entry-server.tsx, server/features/seo/ssr.ts): the home page, a category list
 * and an item page arrive as HTML with their content, before any script runs; the app hydrates that HTML
 * with no console error, no second fetch of the list or the item, and no layout shift (CLS from the
 * browser's own 'layout-shift' entries), at 390 and 1280 px.
 */
const PAGES = {
  home: { name: 'home', path: '/', text: 'Электроника', api: null },
  list: { name: 'list', path: '/category/1-11/1', text: 'Смартфон Квант X Pro 256 ГБ', api: 'offers' },
  item: { name: 'item', path: '/category/1-11/item/1003', text: 'Смартфон Квант X Pro 256 ГБ', api: 'offers' },
} as const;

type Fixtures = { page: import('@playwright/test').Page; consoleErrors: string[] };
type Info = Parameters<Parameters<typeof test>[2]>[1];

async function hydrates(p: (typeof PAGES)[keyof typeof PAGES], { page, consoleErrors }: Fixtures, info: Info) {
  {
    // Layout shifts from the first paint on, collected by the page itself.
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      w.__cls = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
          if (e.hadRecentInput) continue;
          w.__cls += e.value;
          w.__shifts.push(`${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const api = new URL(r.url()).searchParams.get('api');
      if (api) apiCalls.push(api);
    });
    // Before any script: the server's HTML itself.
    const res = await page.request.get(p.path);
    const html = await res.text();
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="ssr-data">/.exec(html);
    expect(root, 'a server-rendered #root').not.toBeNull();
    expect(root![1]).toContain(p.text);

    await page.goto(p.path);
    await expect(page.getByText(p.text).first()).toBeVisible();
    // Hydrated: the app's own handlers are on (the app marks the page once the UI library has committed).
    await page.waitForFunction(hydrated);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    await page.screenshot({ path: info.outputPath(`ssr-${p.name}.png`) });
    expect(consoleErrors).toEqual([]);
    expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);
    if (p.api) expect(apiCalls.filter((a) => a === p.api)).toEqual([]);
  }
}

test('home: the content is in the HTML, hydration adds no console error, no refetch and no layout shift', ({ page, consoleErrors }, info) => hydrates(PAGES.home, { page, consoleErrors }, info));
test('list: the content is in the HTML, hydration adds no console error, no refetch and no layout shift', ({ page, consoleErrors }, info) => hydrates(PAGES.list, { page, consoleErrors }, info));
test('item: the content is in the HTML, hydration adds no console error, no refetch and no layout shift', ({ page, consoleErrors }, info) => hydrates(PAGES.item, { page, consoleErrors }, info));

test('an unknown address: status 404 with the storefront’s 404 page in the HTML, hydrated there without a console error, then /404', async ({ page, consoleErrors }) => {
  const res = await page.request.get('/no/such/page');
  expect(res.status()).toBe(404);
  expect(await res.text()).toMatch(/<div id="root">[\s\S]*Страница не найдена[\s\S]*<\/div><script type="application\/json" id="ssr-data">/);
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.getByRole('button', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/category\/0/);
  // The browser reports the page's own 404 status; nothing else (no hydration error).
  expect(consoleErrors.filter((e) => !/status of 404 .*\/no\/such\/page\)$/.test(e))).toEqual([]);
});

test('a tap on the item’s cart button before hydration is kept and adds the item once when the app is on', async ({ page, consoleErrors }) => {
  // The app's entry script is held until the shopper has tapped: the server's HTML is all there is.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const opened = page.goto('/category/1-11/item/1003');
  const main = page.getByRole('main');
  const button = main.getByRole('button', { name: 'В корзину' });
  await button.click();
  // An impatient second tap on the same button: still one item.
  await button.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('Cart'))).toBeNull();
  release();
  await opened;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  await expect(main.getByRole('group', { name: 'Количество' })).toContainText('В корзине 1 шт.');
  const cart = JSON.parse((await page.evaluate(() => localStorage.getItem('Cart'))) ?? '[]') as { id: string; quantity: number }[];
  expect(cart.map((l) => [l.id, l.quantity])).toEqual([['1003', 1]]);
  // Once hydrated, taps are the app's own: a plus adds one.
  await main.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(main.getByRole('group', { name: 'Количество' })).toContainText('В корзине 2 шт.');
  expect(consoleErrors).toEqual([]);
});

test('a tap on a form’s submit button before hydration is kept: the form checks its fields once the app is on, and the page does not reload', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const opened = page.goto('/category/0');
  const form = page.getByRole('form', { name: 'Подпишитесь на новости' });
  await form.scrollIntoViewIfNeeded();
  // The submit button has no handler of its own (the form has): the replay waits for the form's, not for a timeout.
  await form.getByRole('button', { name: 'Подписаться' }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await opened;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  await expect(form.getByText('The field must be filled')).toHaveCount(2);
  expect(page.url()).not.toContain('?');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list and the item page are the app’s own HTML: cards with names and prices, the item with its price', async ({ page }, info) => {
    await page.goto('/category/1-11/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфоны' })).toBeInViewport();
    const card = page.locator('#root .product-grid li').filter({ hasText: 'Смартфон Квант X Pro 256 ГБ' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('39\u00a0990');
    await page.screenshot({ path: info.outputPath('ssr-nojs-list.png') });
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/category\/1-11\/item\/1003$/);
    // On a phone the picture fills the first screen (as with JavaScript); the name and price follow it.
    await expect(page.getByRole('heading', { level: 1, name: 'Смартфон Квант X Pro 256 ГБ' })).toBeVisible();
    await expect(page.locator('#root .item__summary')).toContainText('39\u00a0990');
    // The item page's own stylesheet (a lazy chunk's) is linked by the server: on a wide screen the summary
    // stands beside the pictures, not below them.
    if (info.project.name === 'desktop') {
      const gallery = (await page.locator('.item__gallery').boundingBox())!;
      const summary = (await page.locator('.item__summary').boundingBox())!;
      expect(summary.x).toBeGreaterThanOrEqual(gallery.x + gallery.width);
    }
    await page.screenshot({ path: info.outputPath('ssr-nojs-item.png') });
  });
});
