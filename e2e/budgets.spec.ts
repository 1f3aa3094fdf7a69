import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect } from './adminFixtures';

/**
 * JS budgets as Chromium downloads them (issue 13, item 4): every script the page fetches until the network
 * is idle, gzipped here (the same measure for every file, whatever the server sent), at 390 and 1280 px.
 * storefront/bundle.test.ts counts the build's entry and static imports only; this counts the chunks the
 * first screen also pulls in (the notification poll, the footer form, ...). Sizes, never times.
 *
 * The admin's ceilings are what its build weighs today plus about 1 %, so a heavier first screen fails here.
 * The goals: storefront 125 KB with React 19 and react-dom (issue 32: 135.3 KB when the runtime was switched
 * from the lighter runtime before it, which weighed 78.4), admin 350 KB (issue 13: 302.4 KB signed in on the dashboard, was 516.5;
 * 287.6 KB on the sign-in page). docs/FEATURES.md keeps the figures.
 */
const STOREFRONT_KB = 125;
/** The admin's goal (issue 13, item 4); the ceilings below stay under it. */
const ADMIN_GOAL_KB = 350;
// Raised from 306 / 291 in session 40 by the owner's new day-one features (import preview and modes, zone
// terms and promo kinds, the live order counter): 306.7 / 291.9 KB measured after merging them. Raised to 310
// in session 44: the shared error texts' too_many_attachments took the dashboard to 309.04 KB. Raised to
// 311 / 295 by walk 35's fixes (the sign-in's pasted-number reading, the import history's and the bulk bar's
// texts in eight languages): 310.05 / 294.16 KB measured.
const ADMIN_KB = 311;
const ADMIN_SIGN_IN_KB = 295;

async function scriptsUntilIdle(page: Page, url: string, ready?: () => Promise<void>) {
  // A blank page first: a script the previous page was still fetching is not counted as this one's.
  await page.goto('about:blank');
  const files: { url: string; gz: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    pending.push(
      r.body().then(
        (b) => void files.push({ url: new URL(r.url()).pathname, gz: zlib.gzipSync(b).length }),
        () => undefined,
      ),
    );
  });
  // The admin's live stream of new orders stays open on every signed-in screen: 'networkidle' would never come.
  await page.route('**/rest/orders/live', (route) => route.abort());
  await page.goto(url, { waitUntil: 'networkidle' });
  // A lazy screen (the admin's dashboard) may ask for its chunks after a first quiet moment: its content first.
  if (ready) {
    await ready();
    await page.waitForLoadState('networkidle');
  }
  await Promise.all(pending);
  const kb = files.reduce((n, f) => n + f.gz, 0) / 1024;
  console.log(`${url}: ${kb.toFixed(2)} KB gzipped in ${files.length} scripts\n${files.sort((a, b) => b.gz - a.gz).map((f) => `  ${(f.gz / 1024).toFixed(1)} ${f.url}`).join('\n')}`);
  return { kb, files };
}

test('the storefront first screen of / and a list page downloads at most the budgeted JS', async ({ page }) => {
  for (const url of ['/', '/category/1-11/1']) {
    const { kb, files } = await scriptsUntilIdle(page, url);
    expect(files.length).toBeGreaterThan(3);
    // The item page and Swiper are not part of it.
    expect(files.filter((f) => /ItemPage|MobileGallery/.test(f.url))).toEqual([]);
    expect(kb, url).toBeLessThanOrEqual(STOREFRONT_KB);
  }
});

test('the admin panel signed in (its dashboard) downloads at most the budgeted JS', async ({ adminPage }) => {
  const { kb, files } = await scriptsUntilIdle(adminPage, '/admin/', async () => {
    await expect(adminPage.getByText('Заказов сегодня')).toBeVisible();
    await expect(adminPage.getByRole('region', { name: 'Популярные товары' })).toBeVisible();
  });
  await expect(adminPage).toHaveURL(/\/admin\/?$/);
  expect(files.length).toBeGreaterThan(3);
  // Lists, editors, the other languages' texts and the phone checker are chunks of their own screens.
  expect(files.filter((f) => /OfferList|CategoryList|ItemEditor|SettingsPage|libphonenumber|\/en-/.test(f.url))).toEqual([]);
  expect(kb).toBeLessThanOrEqual(ADMIN_KB);
  expect(ADMIN_KB).toBeLessThanOrEqual(ADMIN_GOAL_KB);
});

test('the admin sign-in page on its own downloads at most the budgeted JS', async ({ page }) => {
  const { kb, files } = await scriptsUntilIdle(page, '/admin/', async () => {
    await expect(page.getByLabel('Номер телефона')).toBeVisible();
  });
  await expect(page).toHaveURL(/\/admin\/login$/);
  // libphonenumber-js (44 KB gzipped) loads when the owner types the number, not with the page.
  expect(files.filter((f) => /libphonenumber|Dashboard/.test(f.url))).toEqual([]);
  expect(kb).toBeLessThanOrEqual(ADMIN_SIGN_IN_KB);
});
