import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startFakeServices, type FakeServices } from './fakes';
import { freePort } from '../server/lib/freePort';

export interface ShopServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /**
   * The sign-in code the console SMS adapter wrote for this phone (waits up to 10 s): the newest, or with
   * `since` (a Date.now() taken before asking for the code) the first one written after it, so a code
   * from an earlier sign-in is never taken for the new one.
   */
  smsCode(phone: string, opts?: { since?: number }): Promise<string>;
  /** The texts of every SMS the console adapter wrote for this phone (+7...), oldest first. */
  sms(phone: string): string[];
  /** Stops the server (offline tests); `start()` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  ownerPhone: string;
  /** The fake outside services this server talks to (acquirer, geocoder). */
  fakes: FakeServices;
}

const ROOT = path.resolve(import.meta.dirname, '..');
export const OWNER_PHONE = '+79990000000';

/** The specs place many orders from one address and phone without an SMS check: the hourly limits on such orders are the server tests' (server/test/security/anonymousOrders.server.test.ts). */
const NO_ORDER_LIMITS = { ANON_ORDERS_PER_ADDRESS: '0', ANON_ORDERS_PER_DEVICE: '0', ANON_ORDERS_PER_PHONE: '0' };

/**
 * One real server per worker: `server/main.ts` on a free port with a fresh SQLite demo shop in a temp
 * folder, serving the built apps from dist/ (npm test builds them first).
 */
export const test = base.extend<{ consoleErrors: string[] }, { shop: ShopServer; ownShop: string | false; serverEnv: Record<string, string> }>({
  /**
   * `test.use({ ownShop: '<the spec's name>' })` gives a spec a demo shop of its own (a worker of its own): for
   * specs that replace the catalogue, such as a YML import, which hides every demo product the feed does not
   * have, and for specs that count on the demo as it is. Playwright shares a worker between specs with equal
   * options, so each such spec names itself: with `true` for all, an import spec hid a product zone-terms sold.
   */
  ownShop: [false, { scope: 'worker', option: true }],
  /** Environment of the spec's own server (with `ownShop`), e.g. a lower limit the spec needs to reach. */
  serverEnv: [{}, { scope: 'worker', option: true }],
  shop: [
    async ({ ownShop: _own, serverEnv }, use) => {
      const port = await freePort();
      const fakes = await startFakeServices();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
      let log = '';
      /** The server's output lines with the time each arrived (the SMS lines carry no time of their own). */
      const lines: { at: number; text: string }[] = [];
      /** A line reader per stream: a chunk may end mid-line. */
      const collect = () => {
        let partial = '';
        return (d: Buffer) => {
          log += d;
          const parts = (partial + d).split('\n');
          partial = parts.pop()!;
          for (const text of parts) lines.push({ at: Date.now(), text });
        };
      };
      let child: ChildProcess | null = null;
      const start = async () => {
        const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', DEMO: '1', LOG_LEVEL: 'warn', DEMO_OWNER_PHONE: OWNER_PHONE, ...NO_ORDER_LIMITS, ...fakes.env, ...serverEnv };
        delete env.DATABASE_URL;
        child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout!.on('data', collect());
        child.stderr!.on('data', collect());
        const deadline = Date.now() + 60_000;
        for (;;) {
          try {
            const r = await fetch(`http://127.0.0.1:${port}/healthz`);
            if (r.ok) break;
          } catch {
            /* not up yet */
          }
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      const stop = async () => {
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      };
      await start();
      await use({
        url: `http://127.0.0.1:${port}`,
        ownerPhone: OWNER_PHONE,
        fakes,
        start,
        stop,
        sms(phone) {
          const prefix = `sms to +${phone.replace(/\D/g, '')}: `;
          return lines.filter((l) => l.text.startsWith(prefix)).map((l) => l.text.slice(prefix.length));
        },
        async smsCode(phone, opts = {}) {
          const deadline = Date.now() + 10_000;
          const digits = phone.replace(/\D/g, '');
          for (;;) {
            const sms = lines.filter((l) => l.text.startsWith('sms to ') && l.text.replace(/\D/g, '').startsWith(digits) && (opts.since === undefined || l.at >= opts.since));
            const line = opts.since === undefined ? sms.at(-1) : sms[0];
            const m = line ? /(\d{4,6})\s*$/.exec(line.text) : null;
            if (m) return m[1];
            if (Date.now() > deadline) throw new Error(`no code for ${phone} in the log:\n${log}`);
            await new Promise((r) => setTimeout(r, 100));
          }
        },
      });
      await stop();
      await fakes.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    // The demo shop's first start (migrations, the demo catalogue) can take a minute on a loaded machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
  /**
   * Every page of the test (and any it opens with newPage) waits after goto/reload until a server-rendered
   * page is hydrated: its HTML shows before the app's handlers are on, and a click that early would be
   * the browser's own (a full page load) or nothing at all, which is not what the specs test.
   */
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const newPage = context.newPage.bind(context);
      context.newPage = async () => waitsForHydration(await newPage());
    }
    await use(context);
  },
  /** Console errors of the page; a spec may assert there are none. */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    // A failed resource names its address: 'Failed to load resource …' alone does not say which.
    page.on('console', (m) => m.type() === 'error' && errors.push(m.location().url && /Failed to load resource/.test(m.text()) ? `${m.text()} (${m.location().url})` : m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(errors);
  },
});

export { expect };

/**
 * Resolves once the page has rendered two more frames: what an event just dispatched set off in the page
 * (handlers, the frame callbacks they asked for, the requests they started) has run by then.
 */
export const afterTwoFrames = (page: import('@playwright/test').Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** Dismisses every dialog the page opens (an alert, confirm or prompt: script that ran) and counts them; returns the count so far. */
export function countDialogs(page: import('@playwright/test').Page): () => number {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  return () => dialogs;
}

/** Whether the page is past hydration (or was not server-rendered): the app marks it (storefront/lib/hydrated.tsx). */
export const hydrated = () => !document.getElementById('ssr-data') || document.documentElement.dataset.hydrated === '1';

/** Makes the page's goto and reload wait for hydration (up to 10 s; a page whose app never starts goes on). */
function waitsForHydration(page: import('@playwright/test').Page) {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...a: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const res = await original(...args);
      await page.waitForFunction(hydrated, null, { timeout: 10_000 }).catch(() => {});
      return res;
    };
  }
  return page;
}

/**
 * A client-side navigation to `path`, as the app's own links make: the router reads the new address, and the
 * page fetches what it needs in the browser. For tests of a first fetch that a server-rendered page no longer
 * makes (its data comes in the HTML).
 */
export async function openInApp(page: import('@playwright/test').Page, path: string) {
  await page.evaluate((p) => {
    // The router's own entry form: the next index and a fresh key, as its push would write.
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: Number(history.state?.idx ?? 0) + 1 }, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** Opens the list at `path`, its `heading` in the first screen: the Квант X Pro's card among `cards` (a selector), showing `price`; the card. */
export async function kvantProCard(page: import('@playwright/test').Page, list: { path: string; heading: string; cards: string; price: string }) {
  await page.goto(list.path);
  await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeInViewport();
  const card = page.locator(list.cards).filter({ hasText: 'Смартфон Квант X Pro 256 ГБ' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(list.price);
  return card;
}

/** Holds every request that `url` matches (told to `onAsked` as it comes) until the returned release is called; then they go on. */
export async function holdRequests(page: import('@playwright/test').Page, url: Parameters<import('@playwright/test').Page['route']>[0], onAsked?: (url: string) => void) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    onAsked?.(route.request().url());
    await held;
    await route.continue();
  });
  return release;
}

/** Holds every api=offers_category request until `release()`: the whole category list arrives when the test says. */
export async function holdCategoryList(page: import('@playwright/test').Page) {
  const asked: string[] = [];
  const release = await holdRequests(page, (url) => url.pathname === '/api' && url.searchParams.get('api') === 'offers_category', (u) => asked.push(u));
  return { release, asked };
}
