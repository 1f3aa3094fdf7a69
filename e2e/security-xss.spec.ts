import type { Page } from '@playwright/test';
import { expect, ownerApi, test } from './adminFixtures';
import { afterTwoFrames, countDialogs } from './fixtures';
import { DELIVERY, placeApiOrder } from './apiOrders';

/**
 * The page has done what its markup can make it do: every picture it fetches has loaded or failed (an
 * onerror or onload payload would have run; a lazy one out of view is not fetched, so runs nothing) and
 * two frames have been drawn since.
 */
async function settled(page: Page) {
  await page.waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === 'lazy'));
  await afterTwoFrames(page);
}

/**
 * Issue 14, item 8: an XSS corpus (~150 payloads: 30 vectors in 5 contexts) written by the owner into
 * product names, product descriptions (rich text), category names, the shop's name and its 'about' page,
 * rendered by the storefront in Chromium; banner links with javascript:/data:; the customer's question
 * form (and order fields) read in the owner's panel; custom CSS closing its <style> in every spelling:
 * 0 executions (every payload would set window.__xss or open a dialog if it ran), 0 injected elements.
 */
const RUN = 'window.__xss=(window.__xss||0)+1';
const VECTORS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<svg onload="${RUN}">`,
  `<svg><script>${RUN}</script></svg>`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<a href="javascript:${RUN}">link</a>`,
  `<a href="JaVaScRiPt:${RUN}">link</a>`,
  `<a href="&#106;avascript:${RUN}">link</a>`,
  `<a href="data:text/html,<script>${RUN}</script>">link</a>`,
  `<body onload="${RUN}">`,
  `<details open ontoggle="${RUN}">`,
  `<input autofocus onfocus="${RUN}">`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror="${RUN}">`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<style>@import 'javascript:${RUN}';</style>`,
  `<div style="background:url(javascript:${RUN})">x</div>`,
  `<marquee onstart="${RUN}">x</marquee>`,
  `<form><button formaction="javascript:${RUN}">x</button></form>`,
  `<base href="javascript:${RUN}//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `"><script>${RUN}</script>`,
  `'><img src=x onerror=${RUN}>`,
  `</textarea><script>${RUN}</script>`,
  `</title><script>${RUN}</script>`,
  `<!--<img src="--><img src=x onerror=${RUN}//">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
];
/** The same vectors around text, in attributes' quotes, upper-cased and URL-ish: 150 payloads. */
const CORPUS = VECTORS.flatMap((v) => [v, `Товар ${v} конец`, v.toUpperCase().replace('WINDOW.__XSS=(WINDOW.__XSS||0)+1', RUN), `<p>${v}</p>`, `${v}${v}`]);

test('about 150 XSS payloads in owner-written texts never run in the storefront', async ({ page, shop, ownerAuth }) => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(150);
  const store = (await ownerApi<{ stores: { name: string; about_company?: string | null }[] }>(shop.url, ownerAuth, 'stores')).stores[0];
  const cat = await ownerApi<{ offers_category: { categoryId: string }[] }>(shop.url, ownerAuth, 'offers_category', { set: '1', 'p[487_category]': `XSS ${VECTORS[1]}`, 'p[488_sub_id]': '0' });
  const categoryId = cat.offers_category[0].categoryId;
  const offerIds: string[] = [];
  for (let i = 0; i < CORPUS.length; i += 30) {
    const chunk = CORPUS.slice(i, i + 30);
    const r = await ownerApi<{ offers: { id: string }[] }>(shop.url, ownerAuth, 'offers', {
      set: '1',
      'p[276_name]': chunk[0].slice(0, 500),
      'p[283_price]': '100',
      'p[287_categoryId]': categoryId,
      'p[304_description]': chunk.join('\n'),
    });
    expect(r, JSON.stringify(r)).not.toHaveProperty('error');
    offerIds.push(r.offers[0].id);
  }
  const names = await Promise.all(
    CORPUS.slice(0, 20).map((p) => ownerApi(shop.url, ownerAuth, 'offers', { set: '1', 'p[276_name]': p.slice(0, 500), 'p[283_price]': '100', 'p[287_categoryId]': categoryId })),
  );
  for (const r of names) expect(r).not.toHaveProperty('error');
  await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', text: '1', about: '1', value: CORPUS.join('\n') });
  await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[399_name]': `${store.name} ${VECTORS[0]}`.slice(0, 200) });
  try {
    const dialogs = countDialogs(page);
    const paths = ['/', `/category/${categoryId}/1`, ...offerIds.map((id) => `/category/${categoryId}/item/${id}`), '/about_company', `/search/word/${encodeURIComponent('Товар')}`];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      // The payloads are on the page (as text or sanitized markup), not missing.
      if (path.includes('/item/') || path === '/about_company') await expect(page.locator('.rich-text').first()).toContainText('Товар');
      await settled(page);
      for (const link of await page.locator('.rich-text a').all()) await link.click({ timeout: 300, noWaitAfter: true }).catch(() => undefined);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
    }
    console.log(`xss: ${CORPUS.length} payloads in product names, descriptions, a category name, the shop name and the about page, ${paths.length} pages in Chromium: 0 executions, ${dialogs()} dialogs`);
    expect(dialogs()).toBe(0);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[399_name]': store.name });
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', text: '1', about: '1', value: store.about_company ?? '' });
    for (const id of offerIds) await ownerApi(shop.url, ownerAuth, 'offers', { del: '1', 'p[478_offer_id]': id });
    await ownerApi(shop.url, ownerAuth, 'offers_category', { del: '1', 'p[486_category_id]': categoryId });
  }
});

/** Banner links that would run script if opened: the server refuses them; none runs in the storefront. */
const BANNER_LINKS = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  ` javascript:${RUN}`,
  `java\tscript:${RUN}`,
  `java\nscript:${RUN}`,
  `\u0001javascript:${RUN}`,
  `javascript://%0a${RUN}`,
  `javascript:${RUN}//https://example.com/`,
  `&#106;avascript:${RUN}`,
  `data:text/html,<script>${RUN}</script>`,
  `data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==`,
  `vbscript:msgbox(1)`,
  `"><img src=x onerror="${RUN}">`,
];

test('banner links with javascript: and data: are refused, and no banner runs script', async ({ page, shop, ownerAuth }) => {
  const banners = (await ownerApi<{ shop_banners: { id: number; link: string }[] }>(shop.url, ownerAuth, 'shop_banners')).shop_banners;
  expect(banners.length).toBeGreaterThan(0);
  const target = banners[0];
  let refused = 0;
  for (const link of BANNER_LINKS) {
    const r = await ownerApi<{ error?: { code: string; fields?: unknown } }>(shop.url, ownerAuth, 'shop_banners', { update: '1', 'p[593_banner_id]': String(target.id), 'p[591_link]': link });
    if (r.error) refused++;
  }
  const after = (await ownerApi<{ shop_banners: { id: number; link: string }[] }>(shop.url, ownerAuth, 'shop_banners')).shop_banners.find((b) => b.id === target.id)!;
  const dialogs = countDialogs(page);
  await page.goto('/');
  await expect(page.locator('.banners')).toBeVisible();
  const hrefs = await page.locator('.banner__link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  for (const link of await page.locator('.banner__link').all()) {
    await link.click({ timeout: 1000, noWaitAfter: true, modifiers: [] }).catch(() => undefined);
    await page.goto('/');
  }
  const ran = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
  console.log(`xss banners: ${BANNER_LINKS.length} script/data links, ${refused} refused by the server, the stored link stays ${JSON.stringify(after.link)}; ${hrefs.length} banner links on the page, ${hrefs.filter((h) => !/^(\/|https?:)/i.test(h)).length} not a path or http(s); ${ran} executions, ${dialogs()} dialogs`);
  expect(refused).toBe(BANNER_LINKS.length);
  expect(after.link).toBe(target.link);
  expect(hrefs.every((h) => /^(\/|https?:)/i.test(h))).toBe(true);
  expect(ran).toBe(0);
  expect(dialogs()).toBe(0);
});

test("the question form's texts never run in the owner's panel", async ({ adminPage: page, shop }) => {
  const device = `e2e-xss-question-${test.info().project.name}-${Date.now()}`;
  const orderId = await placeApiOrder(shop.url, {
    idempotency_key: `e2e-${device}`,
    device_id: device,
    client_name: `Анна ${VECTORS[1]}`,
    client_phone: '+79995550101',
    ...DELIVERY,
    client_address: `Каменноостровский пр., 20 ${VECTORS[0]}`,
    client_comment: VECTORS.slice(0, 10).join(' '),
  });
  // 10 questions (the form's limit is 30 a minute per address): 15 payloads in each message, one in each contact.
  let posted = 0;
  for (let i = 0; i < CORPUS.length; i += 15) {
    const form = new FormData();
    form.set('orderId', String(orderId));
    form.set('device_id', device);
    form.set('contact', CORPUS[i].slice(0, 200));
    form.set('message', `Вопрос ${i / 15 + 1}\n${CORPUS.slice(i, i + 15).join('\n')}`.slice(0, 5000));
    const r = await fetch(`${shop.url}/rest/questions`, { method: 'POST', body: form });
    expect(r.status, await r.clone().text()).toBe(201);
    posted++;
  }
  const dialogs = countDialogs(page);
  for (const path of [`/admin/orders/${orderId}`, '/admin/questions']) {
    await page.goto(path);
    await expect(page.getByText('Вопрос 1', { exact: false }).first()).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
  }
  console.log(`xss questions: ${posted} questions carrying ${CORPUS.length} payloads (+ the order's name, address and comment) on the order and questions screens of the admin: 0 executions, ${dialogs()} dialogs`);
  expect(dialogs()).toBe(0);
});

/** The owner's custom CSS ends the style element in every spelling the HTML parser accepts. */
const STYLE_BREAKS = ['</style>', '</STYLE>', '</style >', '</style\n>', '</style/>', '</style foo="bar">', '</sTyLe\t>', '<</style/style>', '</sty</stylele>'];

test('custom CSS that closes its <style> cannot add markup or run script', async ({ page, shop, ownerAuth }) => {
  const css = STYLE_BREAKS.map((b, i) => `.x${i}{color:red}${b}<script>${RUN}</script><img src=x onerror="${RUN}"><p id="injected${i}">x</p><style>`).join('\n');
  const saved = await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[403_custom_css]': css });
  expect(saved).not.toHaveProperty('error');
  try {
    const dialogs = countDialogs(page);
    let injected = 0;
    for (const path of ['/', '/cart', '/info/about_company']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      injected += await page.locator('[id^="injected"]').count();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
    }
    // The CSS is still one style element holding all of it.
    const styles = await page.locator('style#shop-custom-css').count();
    console.log(`xss css: ${STYLE_BREAKS.length} spellings of </style> in the custom CSS on 3 pages: ${injected} injected elements, 0 executions, ${dialogs()} dialogs, custom CSS elements ${styles}`);
    expect(injected).toBe(0);
    expect(dialogs()).toBe(0);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[403_custom_css]': '' });
  }
});
