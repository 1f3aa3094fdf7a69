import { expect, ownerApi, test } from './adminFixtures';
import { countDialogs } from './fixtures';

/**
 * Issue 14, item 8: the storefront and the owner's panel work under their Content-Security-Policy (scripts
 * from the site only; the storefront's server-written styles by nonce): no violation on any screen, the
 * shop's theme and the owner's CSS still apply, and an inline script the owner smuggles in never runs.
 */
const recordViolations = () => {
  (window as unknown as { __csp: string[] }).__csp = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
  );
};
const violations = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

test('the storefront and the admin run under their policy with no violation', async ({ page, adminPage, shop, ownerAuth }) => {
  const saved = await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[403_custom_css]': '.card__name{text-transform:uppercase}' });
  expect(saved).not.toHaveProperty('error');
  try {
    await page.addInitScript(recordViolations);
    const seen: string[] = [];
    for (const path of ['/', '/category/1-11/1', '/category/1-11/item/1001', '/cart', '/favourites', '/about_company', '/my_orders', '/map', '/no-such-page']) {
      const r = await page.goto(path);
      expect(r?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.locator('#root')).not.toBeEmpty();
      seen.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    await page.goto('/category/1-11/1');
    await expect(page.locator('.card__name').first()).toHaveCSS('text-transform', 'uppercase');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-header_background'))).not.toBe('');
    seen.push(...(await violations(page)));

    await adminPage.addInitScript(recordViolations);
    // The live stream of new orders stays open on signed-in screens: without it each can go network-idle.
    await adminPage.route('**/rest/orders/live', (route) => route.abort());
    for (const path of ['/admin/', '/admin/#/offers', '/admin/#/settings', '/admin/#/places']) {
      await adminPage.goto(path);
      await adminPage.waitForLoadState('networkidle');
      seen.push(...(await violations(adminPage)).map((v) => `${path}: ${v}`));
    }
    console.log(`csp in chromium: 9 storefront and 4 admin screens, ${seen.length} violations`);
    expect(seen).toEqual([]);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[403_custom_css]': '' });
  }
});

test("an inline script in the owner's texts and CSS never runs", async ({ page, shop, ownerAuth }) => {
  const payloads = [
    '</style><script>window.__xss=1</script>',
    '<img src=x onerror="window.__xss=1">',
    '<svg onload="window.__xss=1">',
    '"><script>window.__xss=1</script>',
    '<a href="javascript:window.__xss=1">x</a>',
  ];
  const p = payloads.join(' ');
  const before = (await ownerApi<{ stores: { name: string; title: string | null }[] }>(shop.url, ownerAuth, 'stores')).stores[0];
  const saved = await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[403_custom_css]': p, 'p[418_title]': p, 'p[399_name]': p });
  expect(saved).not.toHaveProperty('error');
  try {
    const dialogs = countDialogs(page);
    for (const path of ['/', '/info/about_company', '/cart']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.locator('a[href^="javascript:"]').first().click({ timeout: 500 }).catch(() => undefined);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    }
    expect(dialogs()).toBe(0);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[403_custom_css]': '', 'p[418_title]': before.title ?? '', 'p[399_name]': before.name });
  }
});
