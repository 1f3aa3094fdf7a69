import type { Locator, Page } from '@playwright/test';
import { test as base, expect, OWNER_PHONE } from './fixtures';

/**
 * Fixtures of the admin specs: one owner session per worker (signed in through the api, so the screens'
 * specs do not each wait out the server's 20 s limit between SMS codes) and a page that starts signed in.
 * e2e/admin.spec.ts covers the sign-in screen itself.
 */
export interface OwnerAuth {
  user_id: string;
  token_seq: string;
  token: string;
}

export const test = base.extend<{ adminPage: Page }, { ownerAuth: OwnerAuth }>({
  ownerAuth: [
    async ({ shop }, use) => {
      const form = { phone: OWNER_PHONE };
      let since = Date.now();
      for (let attempt = 0; ; attempt++) {
        since = Date.now();
        const sent = await fetch(`${shop.url}/api?api=sms_code`, { method: 'POST', body: new URLSearchParams(form) });
        if (sent.ok) break;
        if (sent.status !== 429 || attempt > 3) throw new Error(`sms_code answered ${sent.status}`);
        await new Promise((r) => setTimeout(r, 5_000));
      }
      // The code of this request: the first SMS line that arrived after it was sent (an older code may be in the log).
      const code = await shop.smsCode(OWNER_PHONE, { since });
      const res = await fetch(`${shop.url}/api?api=login`, { method: 'POST', body: new URLSearchParams({ ...form, code }) });
      const body = (await res.json()) as OwnerAuth & { is_owner: string };
      if (!res.ok || body.is_owner !== '1') throw new Error(`owner login failed: ${JSON.stringify(body)}`);
      await use({ user_id: String(body.user_id), token_seq: String(body.token_seq), token: body.token });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  adminPage: async ({ page, ownerAuth }, use) => {
    await page.addInitScript((auth) => {
      for (const [k, v] of Object.entries(auth)) localStorage.setItem(k, v);
    }, ownerAuth);
    await use(page);
  },
});

/** Calls the api as the owner (to prepare or check data behind the screen). */
export async function ownerApi<T = Record<string, unknown>>(shopUrl: string, auth: OwnerAuth, api: string, params: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${shopUrl}/api?api=${api}`, { method: 'POST', body: new URLSearchParams({ ...params, ...auth }) });
  return (await res.json()) as T;
}

/** On narrow screens the menu sits in a drawer behind the hamburger button. */
export async function openMenuItem(page: Page, name: string, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/** Follows a list's 'New …' link (`name`) to its empty editor at `url`: titled `name`, save disabled, no delete; the save button. */
export async function openNewEditor(page: Page, name: string, url: RegExp) {
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  return save;
}

/** After an editor's save: the toast, save disabled again, then back to the list at `url`; the row of `name` in `list`. */
export async function savedAndBack(page: Page, save: Locator, url: RegExp, list: Locator, name: string) {
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole('link', { name: 'Назад' }).click();
  await expect(page).toHaveURL(url);
  return list.getByRole('link').filter({ hasText: name });
}

export { expect, OWNER_PHONE };
