import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A full-page screenshot for a person to look at, only when SHOTS names a folder (`SHOTS=/tmp/shots npx
 * playwright test ...`); the specs assert what they show, the pictures are for review.
 */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
