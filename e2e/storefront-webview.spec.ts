import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

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
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/item\//);
    await swipe(page, 40, 140);
    await expect(page).toHaveURL(/\/category\/1-11\/1$/);
  });
});

test.describe('in a browser', () => {
  test.use({ hasTouch: true });

  test('the same swipe leaves the page to the browser', async ({ page }) => {
    await openItemFromList(page);
    await swipe(page, 40, 140);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/item\//);
  });
});
