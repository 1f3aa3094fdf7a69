import { expect, ownerApi, test } from './adminFixtures';

/**
 * Issue 14, item 8: an XSS corpus (~150 payloads: 30 vectors in 5 contexts) written by the owner into
 * product names, product descriptions (rich text), category names, the shop's name and its 'about' page,
 * rendered by the storefront in Chromium: 0 executions (every payload would set window.__xss or open a
 * dialog if it ran).
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
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const paths = ['/', `/category/${categoryId}/1`, ...offerIds.map((id) => `/category/${categoryId}/item/${id}`), '/about_company', `/search/word/${encodeURIComponent('Товар')}`];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      // The payloads are on the page (as text or sanitized markup), not missing.
      if (path.includes('/item/') || path === '/about_company') await expect(page.locator('.rich-text').first()).toContainText('Товар');
      await page.waitForTimeout(150);
      for (const link of await page.locator('.rich-text a').all()) await link.click({ timeout: 300, noWaitAfter: true }).catch(() => undefined);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
    }
    console.log(`xss: ${CORPUS.length} payloads in product names, descriptions, a category name, the shop name and the about page, ${paths.length} pages in Chromium: 0 executions, ${dialogs} dialogs`);
    expect(dialogs).toBe(0);
  } finally {
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', 'p[399_name]': store.name });
    await ownerApi(shop.url, ownerAuth, 'stores', { update: '1', text: '1', about: '1', value: store.about_company ?? '' });
    for (const id of offerIds) await ownerApi(shop.url, ownerAuth, 'offers', { del: '1', 'p[478_offer_id]': id });
    await ownerApi(shop.url, ownerAuth, 'offers_category', { del: '1', 'p[486_category_id]': categoryId });
  }
});
