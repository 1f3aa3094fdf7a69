import type { Page } from '@playwright/test';
import { afterTwoFrames, test, expect, type ShopServer } from './fixtures';

/** The shop's native apps (web views): a swipe right of more than 60 px goes back; browsers keep their own gesture. */
const ANDROID_WEBVIEW = 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36';

/** A one-finger swipe from x0 to x1 at the same height, as touch events on the page. */
async function swipe(page: Page, x0: number, x1: number) {
  await page.evaluate(
    ([from, to]) => {
      const target = document.querySelector('main') ?? document.body;
      const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: 400 });
      target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }));
      target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }));
    },
    [x0, x1],
  );
}

async function openItemFromList(page: Page) {
  await page.goto('/category/1-11/1');
  const card = page.locator('a[href*="/item/"]').first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/item\//);
}

test.describe('in the Android app', () => {
  test.use({ userAgent: ANDROID_WEBVIEW, hasTouch: true });

  test('a swipe right over 60 px goes back; a shorter one does not', async ({ page }) => {
    await openItemFromList(page);
    await swipe(page, 40, 90);
    await afterTwoFrames(page);
    await expect(page).toHaveURL(/\/item\//);
    // Had the short swipe gone back too, this one would leave the list for the page before it.
    await swipe(page, 40, 140);
    await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  });
});

test.describe('in a browser', () => {
  test.use({ hasTouch: true });

  test('the same swipe leaves the page to the browser', async ({ page }) => {
    await openItemFromList(page);
    await swipe(page, 40, 140);
    await afterTwoFrames(page);
    await expect(page).toHaveURL(/\/item\//);
    // One step back is the list: the swipe itself went nowhere (else this step would leave the shop).
    await page.goBack();
    await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  });
});

/*
 * The apps' bridges: sign-out, banner links, the product link and the deep link's back, in web-view user
 * agents with the native objects stubbed (each call recorded in window.__native).
 */
const IOS_WEBVIEW = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ITEM = '/category/1-11/item/1001';
const EXTERNAL = 'https://elsewhere.example/promo';

async function stubBridges(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as any).__native = calls;
    (window as any).AndroidBridge = {
      openLink: (url: string) => calls.push(['openLink', url]),
      logout: () => calls.push(['logout']),
      requestPushPermission: () => calls.push(['requestPushPermission']),
    };
    (window as any).webkit = {
      messageHandlers: Object.fromEntries(['openLink', 'logout'].map((name) => [name, { postMessage: (m: unknown) => calls.push([name, m]) }])),
    };
  });
}
const nativeCalls = (page: Page) => page.evaluate(() => (window as any).__native as unknown[][]);

/** A session of this phone in the page's storage (api=sms_code refuses a phone for 20 s after its last code). */
async function signedIn(page: Page, shop: ShopServer, phone: string) {
  let auth: { user_id: string; token_seq: string; token: string } | null = null;
  for (let i = 0; !auth; i++) {
    const since = Date.now();
    const r = await fetch(`${shop.url}/api?api=sms_code`, { method: 'POST', body: new URLSearchParams({ phone }) });
    if (r.status === 200) {
      const login = await fetch(`${shop.url}/api?api=login`, { method: 'POST', body: new URLSearchParams({ phone, code: await shop.smsCode(phone, { since }) }) });
      auth = await login.json();
    } else if (r.status !== 429 || i > 25) throw new Error(`sms_code ${r.status}`);
    else await new Promise((ok) => setTimeout(ok, 1000));
  }
  await page.goto('/404');
  await page.evaluate((a) => {
    localStorage.setItem('user_id', String(a.user_id));
    localStorage.setItem('token_seq', String(a.token_seq));
    localStorage.setItem('token', a.token);
    localStorage.setItem('device_id', 'e2e-webview-device');
    localStorage.setItem('Cart', JSON.stringify([{ id: '1001', categoryId: '11', name: 'A5', price: 12990, quantity: 1, currencyId: 'RUR', images: [] }]));
  }, auth);
}

async function signOutFromMenu(page: Page) {
  await page.goto('/favourites');
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Выйти' }).click();
}

/** The enclosing describe's tests run in the app's web view (its user agent, touch) with the native bridges stubbed. */
function inAppWebView(userAgent: string) {
  test.use({ userAgent, hasTouch: true });
  test.beforeEach(({ page }) => stubBridges(page));
}

/** Signs the phone in, then out from the menu, and waits for the bridge's `call`; what sign-out left in the storage. */
async function signOutThroughBridge(page: Page, shop: ShopServer, phone: string, call: unknown[]) {
  await signedIn(page, shop, phone);
  await signOutFromMenu(page);
  await expect.poll(() => nativeCalls(page)).toContainEqual(call);
  return page.evaluate(() => ({ token: localStorage.getItem('token'), cart: localStorage.getItem('Cart'), device: localStorage.getItem('device_id') }));
}

/**
 * The demo banners' links rewritten (everywhere in the page: the inlined answers, the server-rendered state and
 * the rendered banners' href; and in api=shop_banners): 2 goes outside, 3 to this origin's /delivery.
 */
async function bannerLinks(page: Page, origin: string) {
  await page.route(
    (url) => url.origin === origin && (url.searchParams.get('api') === 'shop_banners' || !/\.\w+$/.test(url.pathname)),
    async (route) => {
      if (route.request().resourceType() !== 'document' && !route.request().url().includes('api=shop_banners')) return route.continue();
      const res = await route.fetch();
      const body = (await res.text())
        .replaceAll('"link":"/category/2"', `"link":"${EXTERNAL}"`)
        .replaceAll('"link":"/delivery"', `"link":"${origin}/delivery"`)
        .replaceAll('<a href="/category/2" class="banner__link"', `<a href="${EXTERNAL}" class="banner__link"`)
        .replaceAll('<a href="/delivery" class="banner__link"', `<a href="${origin}/delivery" class="banner__link"`);
      await route.fulfill({ response: res, body });
    },
  );
}

async function bannerClicks(page: Page, origin: string) {
  await bannerLinks(page, origin);
  await page.goto('/category/0');
  const banners = page.locator('a.banner__link');
  await expect(banners).toHaveCount(3);
  await page.evaluate(() => ((window as any).__samePage = true));
  // An internal path goes through the router (the same page: no reload).
  await banners.nth(0).click();
  await expect(page).toHaveURL(/\/category\/1(\/1)?$/);
  expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
  await page.goBack();
  // A same-origin absolute address is routed locally too.
  await banners.nth(2).click();
  await expect(page).toHaveURL(/\/delivery$/);
  expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
  await page.goBack();
  await expect(banners).toHaveCount(3);
  // Another site's address goes to the app.
  await banners.nth(1).click();
  await expect.poll(() => nativeCalls(page)).toContainEqual(['openLink', EXTERNAL]);
  await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
}

test.describe('the Android app’s bridge', () => {
  inAppWebView(ANDROID_WEBVIEW);

  test('sign-out clears the storage (the device id stays) and calls AndroidBridge.logout()', async ({ page, shop }) => {
    const kept = await signOutThroughBridge(page, shop, '+79990001133', ['logout']);
    expect(kept).toEqual({ token: null, cart: null, device: 'e2e-webview-device' });
  });

  test('banner clicks: an internal link and a same-origin address are routed in the app, another site goes to AndroidBridge.openLink', async ({ page, baseURL }) => {
    await bannerClicks(page, new URL(baseURL!).origin);
  });

  test('the item page shares its link through AndroidBridge.openLink; the push prompt was asked at start', async ({ page, baseURL }) => {
    await page.goto(ITEM);
    await page.getByRole('button', { name: 'Поделиться' }).click();
    await expect.poll(() => nativeCalls(page)).toContainEqual(['openLink', `${baseURL}${ITEM}`]);
    expect(await nativeCalls(page)).toContainEqual(['requestPushPermission']);
  });

  test('a swipe back on a deep link goes to the item’s list, not out of the app', async ({ page }) => {
    await page.goto(ITEM);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await swipe(page, 40, 140);
    await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  });
});

test.describe('the iOS app’s bridge', () => {
  inAppWebView(IOS_WEBVIEW);

  test('sign-out clears the storage and posts to webkit.messageHandlers.logout', async ({ page, shop }) => {
    const kept = await signOutThroughBridge(page, shop, '+79990001144', ['logout', 'logout']);
    expect([kept.token, kept.device]).toEqual([null, 'e2e-webview-device']);
  });

  test('banner clicks: another site goes to webkit.messageHandlers.openLink, the shop’s own links stay in the app', async ({ page, baseURL }) => {
    await bannerClicks(page, new URL(baseURL!).origin);
  });
});

test.describe('a browser', () => {
  test('a banner to another site opens a new window; the shop stays', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await bannerLinks(page, origin);
    await page.context().route(/^https:\/\/elsewhere\.example\//, (r) => r.fulfill({ contentType: 'text/html', body: '<title>promo</title>' }));
    await page.goto('/category/0');
    const banners = page.locator('a.banner__link');
    await expect(banners).toHaveCount(3);
    const [popup] = await Promise.all([page.waitForEvent('popup'), banners.nth(1).click()]);
    await expect.poll(() => popup.url()).toBe(EXTERNAL);
    await expect(page).toHaveURL(/\/category\/0(\/1)?$/);
  });
});
