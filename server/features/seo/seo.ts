import { DEFAULT_LANG, LANGUAGES, OWN_PAGE_TITLES, isLang, type Lang } from '../../../i18n';
import { laterPageOf } from '../../../i18n/laterPages';
import { bannerSizes, cardPicture, largePicture, type PictureSet } from '../../../schemas/rules/pictures';
import { RICH_TEXT_PAGES } from '../../../schemas/store';
import type { Db, Store } from '../../db/types';
import type { Dialect } from '../../db/database';
import { ApiError, serverText } from '../../errors';
import { chain, type CategoryTree } from '../../db/categoryPath';
import { categoryTree, getOffer, listOffers, offerCard } from '../catalogue/public';
import { listBanners } from '../banners/public';
import { shopLang, storeValues } from '../../api/tenant';
import { listAddressSearch, parseListAddress } from '../../../schemas/rules/listAddress';

/**
 * What a crawler reads without JavaScript: per page of the Host's shop a title, a meta description, a
 * canonical address, OpenGraph, hreflang, JSON-LD (Product + BreadcrumbList on items, ItemList on lists,
 * Organization on the home page) and the page's content as plain HTML in a <noscript> (names, prices,
 * links), from the same services the api answers with. Cart, order and account pages get noindex.
 *
 * The public pages (home, category, list, item, search, info) are also rendered with the storefront's own
 * components (features/seo/ssr.ts), which then replace the noscript copy (but for the products of the home and
 * category pages, `bodyBesideSsr`); the pages the browser draws keep the noscript content for readers without
 * JavaScript.
 */

/** A barcode that is a GTIN: 8, 12, 13 or 14 digits. */
const GTIN = /^(\d{8}|\d{12,14})$/;

export interface SeoPage {
  status: number;
  title: string;
  description: string;
  /** Absolute canonical address (none on noindex pages). */
  canonical: string | null;
  robots: string | null;
  ogType: string;
  image: string | null;
  /**
   * The shop's icon (favicon, else logo; `data:,` without either), in the HTML: the browser would otherwise
   * ask for /favicon.ico (a 404) when the page has loaded before the app sets the icon.
   */
  icon?: string;
  jsonLd: unknown[];
  /** Plain HTML of the page's content for readers without JavaScript. */
  body: string;
  /**
   * What the noscript keeps when the page is server-rendered (features/seo/ssr.ts): the rendered HTML has the
   * rest. On the home and category pages, whose rendered HTML shows sub-category buttons, the products.
   */
  bodyBesideSsr?: string;
  /**
   * The picture the app paints as its largest (LCP): preloaded with high priority from the head, with the
   * same srcset and sizes as the app's img (else the browser would fetch another size twice).
   */
  preloadImage?: PictureSet | null;
  /** A list's earlier and next page (absolute; <link rel="prev|next">). */
  prev?: string | null;
  next?: string | null;
  /** A list page past the list's end (404): the storefront's 404 page is rendered there. */
  pastEnd?: boolean;
  /** Where the address answers with a permanent redirect (a path and query on the same origin). */
  redirect?: string;
  /** The language-neutral canonical address the hreflang alternates are made of (when the canonical names a ?lang=). */
  alternateBase?: string;
}

const withLang = (url: string, lang: Lang) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/**
 * A page asked for in a language (?lang=): its own version, canonical to itself (one of the hreflang
 * alternates), its page links in that language too; the alternates stay those of the neutral address.
 * The neutral address speaks the storefront's default language (ru): `?lang=ru` is that same page, canonical to it.
 */
function inLanguage(page: SeoPage, lang: Lang): SeoPage {
  if (!page.canonical || lang === DEFAULT_LANG) return page;
  return {
    ...page,
    canonical: withLang(page.canonical, lang),
    alternateBase: page.canonical,
    prev: page.prev ? withLang(page.prev, lang) : page.prev,
    next: page.next ? withLang(page.next, lang) : page.next,
  };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that is safe inside a script element (no '<', '>', '&', no line separators). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Plain text of rich text (tags and entities out, spaces folded), cut to `max` characters at a word. */
export function plainText(html: unknown, max = 160): string {
  const text = String(html ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, e: string) => ({ nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 3).replace(/\s+\S*$/, '')}…` : text;
}

/** Pages that depend on the device or the customer: never indexed. */
const PRIVATE = /^\/(cart|order|login|my_orders|favourites|success_payment|fail_payment|filters|401)(\/|$)/;

const imageAbs = (origin: string, p: string | null | undefined) =>
  !p ? null : /^https?:\/\//i.test(p) ? p : `${origin}/images/${p.replace(/^\/+/, '')}`;

/** The category path of the storefront's addresses: ids from the top down joined by '-', '0' for the root. */
export const pathOf = (tree: CategoryTree, categoryId: string) => chain(tree, categoryId).join('-') || '0';

const SCHEMA_AVAILABILITY = { in: 'https://schema.org/InStock', out: 'https://schema.org/OutOfStock', gone: 'https://schema.org/Discontinued' };
/** schema.org wants ISO 4217; the YML feeds say RUR for the rouble. */
const isoCurrency = (c: unknown) => (String(c ?? 'RUB').toUpperCase() === 'RUR' ? 'RUB' : String(c ?? 'RUB').toUpperCase());

// One formatter: toLocaleString with options builds a new one per call (20-40 µs, 20 cards twice on a list page).
const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const money = (price: number, currency: string) => `${rubles.format(Number(price))} ${currency === 'RUB' ? '₽' : currency}`;

type Card = ReturnType<typeof offerCard>;

function cardsHtml(origin: string, tree: CategoryTree, cards: Card[], lang: Lang) {
  if (!cards.length) return '';
  return (
    '<ul class="seo-cards">' +
    cards
      .map((c) => {
        const href = `/category/${pathOf(tree, String(c.categoryId))}/item/${encodeURIComponent(c.id)}`;
        const img = imageAbs(origin, c.thumb ?? c.picture);
        return (
          `<li><a href="${escapeHtml(href)}">` +
          (img ? `<img src="${escapeHtml(img)}" alt="${escapeHtml(c.name)}" width="160" height="160" loading="lazy" />` : '') +
          `<span>${escapeHtml(c.name)}</span></a> <b>${escapeHtml(money(c.price, isoCurrency(c.currencyId)))}</b>` +
          (c.available === '1' ? '' : ` <i>${escapeHtml(serverText(lang, 'seo.out_of_stock'))}</i>`) +
          '</li>'
        );
      })
      .join('') +
    '</ul>'
  );
}

function categoryLinks(tree: CategoryTree, ids: string[]) {
  if (!ids.length) return '';
  return `<ul class="seo-categories">${ids.map((id) => `<li><a href="/category/${escapeHtml(pathOf(tree, id))}">${escapeHtml(tree.byId.get(id)!.name)}</a></li>`).join('')}</ul>`;
}

function breadcrumbs(origin: string, tree: CategoryTree, categoryId: string, shopName: string, last?: { name: string; url: string }) {
  const items = [{ name: shopName, url: `${origin}/` }, ...chain(tree, categoryId).map((id) => ({ name: tree.byId.get(id)!.name, url: `${origin}/category/${pathOf(tree, id)}` }))];
  if (last) items.push(last);
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  };
}

function itemList(origin: string, tree: CategoryTree, cards: Card[], offset = 0) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: cards.map((c, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: `${origin}/category/${pathOf(tree, String(c.categoryId))}/item/${encodeURIComponent(c.id)}`,
      name: c.name,
    })),
  };
}


const CACHE_MS = 5_000;
const CACHE_MAX = 2_000;
const cache = new Map<string, { at: number; store: Store; page: Promise<SeoPage> }>();

/**
 * The page's SEO part, kept a few seconds per store, origin and path (like the inlined shop and the category
 * tree): a popular page under load is built once per 5 s. A store row loaded anew (a settings save) builds anew.
 */
export function seoPage(db: Db, dialect: Dialect, store: Store, origin: string, pathname: string, requestLang?: unknown): Promise<SeoPage> {
  // The page's own texts (titles, noscript) in the language of its ?lang= (the hreflang alternates), else the shop's.
  const lang: Lang = isLang(requestLang) ? requestLang : shopLang(store);
  const key = `${store.id} ${lang} ${origin} ${pathname}`;
  const hit = cache.get(key);
  if (hit && hit.store === store && Date.now() - hit.at < CACHE_MS) return hit.page;
  if (cache.size >= CACHE_MAX) cache.clear();
  const asked = isLang(requestLang) ? requestLang : null;
  const page = buildSeoPage(db, dialect, store, origin, pathname, lang, asked).then((p) => (asked ? inLanguage(p, asked) : p));
  cache.set(key, { at: Date.now(), store, page });
  page.catch(() => cache.delete(key));
  return page;
}

let generation = 0;
/** Drops the kept pages, the whole pages of the answer cache too (tests that write rows directly, behind the services' back). */
export const forgetSeoPages = () => {
  cache.clear();
  generation++;
};
/** Goes up with each forgetSeoPages: part of a kept whole page's key (server/app.ts). */
export const seoGeneration = () => generation;

/** The deepest list page served (deeper is a 404: no list of a shop is that long). */
const MAX_LIST_PAGE = 100_000;
const LIST_PAGE_SIZE = 20;

/** `pathname`: the path, with a list page's sort and filters (?sort=&f=); `asked`: the address's ?lang=, if any. */
async function buildSeoPage(db: Db, dialect: Dialect, store: Store, origin: string, address: string, lang: Lang, asked: Lang | null): Promise<SeoPage> {
  const [pathname, search = ''] = address.split('?');
  const langSearch = asked ? `?lang=${asked}` : '';
  const text = (key: string, params?: Record<string, string | number>) => serverText(lang, `seo.${key}`, params);
  const s = storeValues(store) as Record<string, unknown>;
  const shopName = String(s.title || s.name || store.name || '');
  const shopDescription = plainText(s.about_company) || shopName;
  const logo = imageAbs(origin, s.logo as string | null);
  const abs = (p: string) => imageAbs(origin, p)!;
  const icon = imageAbs(origin, (s.favicon || s.logo) as string | null) ?? 'data:,';
  const base: SeoPage = { status: 200, title: shopName, description: shopDescription, canonical: `${origin}${pathname}`, robots: null, ogType: 'website', image: logo, icon, jsonLd: [], body: '' };
  const notFound = (): SeoPage => ({ ...base, status: 404, title: `${text('not_found')} — ${shopName}`, canonical: null, robots: 'noindex', body: `<h1>${escapeHtml(text('not_found'))}</h1><p><a href="/">${escapeHtml(text('to_main'))}</a></p>` });
  const tree = await categoryTree(db, store.id);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return notFound();
  }
  // A page the app titles itself: `<name> — <shop>` as the app writes it.
  const later = laterPageOf(path);
  const pageTitle = later ? `${text(`later.${later.pattern}`, { number: later.number })} — ${shopName}` : null;
  if (PRIVATE.test(path)) {
    const own = /^\/(\w+)$/.exec(path)?.[1];
    const title = own && own in OWN_PAGE_TITLES ? `${text(`own.${own}`)} — ${shopName}` : (pageTitle ?? shopName);
    return { ...base, title, canonical: null, robots: 'noindex, nofollow' };
  }
  /** The first banner's picture, the LCP of a page that leads with the banners; null with none or a video banner. */
  const bannerPicture = async (): Promise<PictureSet | null> => {
    const first = (await listBanners(db, store))[0];
    return first && !first.video ? largePicture(abs, first.img, first.thumb, bannerSizes(Number(first.width) || 100)) : null;
  };

  if (path === '/') {
    const cards = await listOffers(db, dialect, store.id, { categoryId: '0', page: 1, sort: 'default', filters: new Map() });
    const cardList = cardsHtml(origin, tree, cards, lang);
    return {
      ...base,
      canonical: `${origin}/`,
      preloadImage: await bannerPicture(),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: shopName,
          url: `${origin}/`,
          ...(logo ? { logo } : {}),
          ...(s.phone ? { telephone: String(s.phone) } : {}),
        },
        itemList(origin, tree, cards),
      ],
      body: `<h1>${escapeHtml(shopName)}</h1>${categoryLinks(tree, tree.roots)}${cardList}`,
      bodyBesideSsr: cardList,
    };
  }

  let m = /^\/category\/([^/]+)\/item\/([^/]+)$/.exec(path);
  if (m) {
    let offer: Awaited<ReturnType<typeof getOffer>>;
    try {
      // A hidden product (no longer sold: it left the feed) keeps its page, noindex; a deleted one is a 404.
      offer = await getOffer(db, store.id, m[2], { includeHidden: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return notFound();
      throw e;
    }
    const o = offer as unknown as Record<string, unknown>;
    const name = String(o.name || [o.typePrefix, o.vendor, o.model].filter(Boolean).join(' ') || offer.id);
    const canonicalPath = `/category/${pathOf(tree, String(offer.categoryId))}/item/${encodeURIComponent(offer.id)}`;
    // An address whose categories are no chain of the tree (an old link after a category moved or went): its
    // page moved to the canonical one (the app would find no such category and show its 404).
    const via = m[1].split('-').at(-1)!;
    if (m[1] !== '0' && (!tree.byId.has(via) || pathOf(tree, via) !== m[1])) return { ...base, status: 301, redirect: `${canonicalPath}${langSearch}` };
    const pictures = [...new Set([o.picture as string | null, ...offer.images.map((i) => i.img)].filter(Boolean))].map((p) => imageAbs(origin, p)!) as string[];
    const currency = isoCurrency(o.currencyId);
    const retired = o.active === false || o.active === 0 || o.active === '0';
    const available = !retired && (o.available === undefined || o.available === true || o.available === 1 || o.available === '1');
    // The owner's own SEO texts (the item editor's SEO section) when set, else made from the product.
    const description = plainText(o.seo_description) || plainText(o.description) || `${name} — ${money(Number(o.price), currency)}. ${shopName}`;
    const url = `${origin}${canonicalPath}`;
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      ...(pictures.length ? { image: pictures } : {}),
      description,
      // The feed's article number when it has one; a barcode of GTIN length (EAN-8, UPC-A, EAN-13, GTIN-14) as gtin.
      sku: String(o.vendorCode ?? '').trim() || offer.id,
      ...(GTIN.test(String(o.barcode ?? '').trim()) ? { gtin: String(o.barcode).trim() } : {}),
      ...(o.vendor ? { brand: { '@type': 'Brand', name: String(o.vendor) } } : {}),
      offers: {
        '@type': 'Offer',
        url,
        price: Number(o.price),
        priceCurrency: currency,
        availability: retired ? SCHEMA_AVAILABILITY.gone : available ? SCHEMA_AVAILABILITY.in : SCHEMA_AVAILABILITY.out,
      },
    };
    const params = offer.params.map((p) => `<tr><th>${escapeHtml(p.name)}</th><td>${escapeHtml(String(p.valueName ?? ''))}${p.unit ? ` ${escapeHtml(p.unit)}` : ''}</td></tr>`).join('');
    return {
      ...base,
      title: String(o.seo_title ?? '').trim() || `${name} — ${shopName}`,
      description,
      canonical: url,
      robots: retired ? 'noindex' : base.robots,
      ogType: 'product',
      image: pictures[0] ?? logo,
      preloadImage: offer.images[0] ? largePicture(abs, offer.images[0].img, offer.images[0].thumb) : null,
      jsonLd: [product, breadcrumbs(origin, tree, String(offer.categoryId), shopName, { name, url })],
      body:
        `<nav>${breadcrumbLinks(tree, String(offer.categoryId), shopName)}</nav>` +
        `<h1>${escapeHtml(name)}</h1>` +
        (pictures[0] ? `<img src="${escapeHtml(pictures[0])}" alt="${escapeHtml(name)}" width="400" height="400" />` : '') +
        `<p><b>${escapeHtml(money(Number(o.price), currency))}</b>${o.oldprice ? ` <s>${escapeHtml(money(Number(o.oldprice), currency))}</s>` : ''} ${escapeHtml(text(retired ? 'no_longer_sold' : available ? 'in_stock' : 'out_of_stock'))}</p>` +
        (o.description ? `<p>${escapeHtml(plainText(o.description, 5000))}</p>` : '') +
        (params ? `<table>${params}</table>` : ''),
    };
  }

  m = /^\/category\/([^/]+)(?:\/(\d+))?$/.exec(path);
  if (m) {
    const ids = m[1] === '0' ? [] : m[1].split('-').filter(Boolean);
    const id = ids.at(-1) ?? '0';
    if (id !== '0' && !tree.byId.has(id)) return notFound();
    const catPath = id === '0' ? '0' : pathOf(tree, id);
    // A path that is not the category's chain from the top (/category/2-11, /category/11) is no page (the app shows its 404).
    if (id !== '0' && m[1] !== catPath) return notFound();
    // A category without sub-categories has no page of its own: its address is its list's (the app goes there too).
    if (!m[2] && id !== '0' && !tree.byId.get(id)!.children.length) return { ...base, status: 301, redirect: `/category/${catPath}/1${langSearch}` };
    // Each page of a list is its own page (its products, canonical, prev/next); its sort and filters are
    // the address's (?sort=&f=, schemas/rules/listAddress), one canonical order of them.
    const page = m[2] ? Number(m[2]) : 1;
    if (m[2] && !(page >= 1 && page <= MAX_LIST_PAGE)) return notFound();
    const query = m[2] ? parseListAddress(search) : null;
    const listSearch = listAddressSearch('', query);
    const listOf = (n: number, after?: string) =>
      listOffers(db, dialect, store.id, { categoryId: id, page: n, sort: query?.sort ?? 'default', filters: new Map(Object.entries(query?.filters ?? {}).map(([k, v]) => [Number(k), v])), after });
    let cards: Awaited<ReturnType<typeof listOffers>>;
    try {
      cards = await listOf(page);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) return notFound();
      throw e;
    }
    if (page > 1 && !cards.length) return { ...notFound(), pastEnd: true };
    // A full page has a next one when that one has a product (one keyset step, like the app's next page).
    const hasNext = m[2] && cards.next ? (await listOf(page + 1, cards.next)).length > 0 : false;
    const pageUrl = (n: number) => `${origin}/category/${catPath}/${n}${listSearch}`;
    const name = id === '0' ? text('catalogue') : tree.byId.get(id)!.name;
    const children = id === '0' ? tree.roots : tree.byId.get(id)!.children;
    const pageName = page > 1 ? `${name} — ${text('page', { page })}` : name;
    const cardList = cardsHtml(origin, tree, cards, lang);
    return {
      ...base,
      title: `${pageName} — ${shopName}`,
      description: `${pageName}: ${cards.slice(0, 5).map((c) => c.name).join(', ')}`.slice(0, 160) || shopDescription,
      canonical: m[2] ? pageUrl(page) : `${origin}/category/${catPath}`,
      // Another order of the same products is no page of its own for search engines: followed, not indexed.
      robots: query && query.sort !== 'default' ? 'noindex, follow' : base.robots,
      prev: page > 1 ? pageUrl(page - 1) : null,
      next: hasNext ? pageUrl(page + 1) : null,
      // Shared links show the category's first product (its picture), else the shop's logo.
      image: imageAbs(origin, cards.find((c) => c.picture)?.picture ?? null) ?? logo,
      // A list page's first card picture is its LCP (the category page itself leads with its banners and buttons);
      // the root list's first page leads with the banners, as the home does (a wide window's home is that page).
      preloadImage: (m[2] && page === 1 && id === '0' ? await bannerPicture() : null) ?? (m[2] && cards[0] ? cardPicture(abs, cards[0].thumb, cards[0].picture) : null),
      jsonLd: [itemList(origin, tree, cards, (page - 1) * LIST_PAGE_SIZE), ...(id === '0' ? [] : [breadcrumbs(origin, tree, id, shopName)])],
      body:
        `<nav>${breadcrumbLinks(tree, id, shopName)}</nav><h1>${escapeHtml(pageName)}</h1>${categoryLinks(tree, children)}${cardList}` +
        (page > 1 || hasNext
          ? `<nav>${page > 1 ? `<a rel="prev" href="${escapeHtml(pageUrl(page - 1))}">${escapeHtml(text('page', { page: page - 1 }))}</a> ` : ''}${hasNext ? `<a rel="next" href="${escapeHtml(pageUrl(page + 1))}">${escapeHtml(text('page', { page: page + 1 }))}</a>` : ''}</nav>`
          : ''),
      // A list page (/category/x/1) renders its cards itself; a category page (/category/x) shows buttons.
      bodyBesideSsr: m[2] ? '' : cardList,
    };
  }

  m = /^\/search\/word\/([^/]+)(?:\/(\d+))?$/.exec(path);
  if (m) {
    const word = m[1];
    const page = m[2] ? Math.max(1, Number(m[2])) : 1;
    const cards = await listOffers(db, dialect, store.id, { categoryId: '0', page, sort: 'default', filters: new Map(), word });
    return {
      ...base,
      title: `${text('search', { word })} — ${shopName}`,
      description: `${word}: ${cards.slice(0, 5).map((c) => c.name).join(', ')}`.slice(0, 160),
      canonical: null,
      robots: 'noindex, follow',
      jsonLd: [itemList(origin, tree, cards, (page - 1) * 20)],
      body: `<h1>${escapeHtml(text('search', { word }))}</h1>${cardsHtml(origin, tree, cards, lang)}`,
    };
  }

  m = /^\/([a-z_]+)$/.exec(path);
  if (m && (RICH_TEXT_PAGES as readonly string[]).includes(m[1])) {
    const title = serverText(lang, `seo.info.${m[1]}`);
    return {
      ...base,
      title: `${title} — ${shopName}`,
      description: plainText(s[m[1]]) || shopDescription,
      body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(plainText(s[m[1]], 20_000))}</p>`,
    };
  }
  if (path === '/map' || path === '/product' || /^\/product\/[^/]+$/.test(path)) return { ...base, title: pageTitle ?? shopName, canonical: path === '/map' ? `${origin}/map` : null };
  return notFound();
}

function breadcrumbLinks(tree: CategoryTree, categoryId: string, shopName: string) {
  return [`<a href="/">${escapeHtml(shopName)}</a>`, ...chain(tree, categoryId).map((id) => `<a href="/category/${escapeHtml(pathOf(tree, id))}">${escapeHtml(tree.byId.get(id)!.name)}</a>`)].join(' › ');
}

/** The head tags and the noscript body of a page, ready to go into index.html. */
export function seoHead(page: SeoPage, origin: string, pathname: string): { head: string; title: string; description: string } {
  const tags: string[] = [];
  const attr = escapeHtml;
  if (page.icon) tags.push(`<link rel="icon" href="${attr(page.icon)}" />`);
  const pre = page.preloadImage;
  if (pre) {
    const set = pre.srcSet ? ` imagesrcset="${attr(pre.srcSet)}" imagesizes="${attr(pre.sizes ?? '100vw')}"` : '';
    tags.push(`<link rel="preload" as="image" href="${attr(pre.src)}"${set} fetchpriority="high" />`);
  }
  if (page.robots) tags.push(`<meta name="robots" content="${attr(page.robots)}" />`);
  if (page.canonical) {
    tags.push(`<link rel="canonical" href="${attr(page.canonical)}" />`);
    // The storefront speaks every language of i18n/ (?lang= picks it: the server renders the page in it, with
    // its own lang, dir, title and canonical); the products' own texts stay as the owner wrote them.
    const neutral = page.alternateBase ?? page.canonical;
    for (const l of LANGUAGES) tags.push(`<link rel="alternate" hreflang="${l.value}" href="${attr(l.value === DEFAULT_LANG ? neutral : withLang(neutral, l.value))}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${attr(neutral)}" />`);
  }
  if (page.prev) tags.push(`<link rel="prev" href="${attr(page.prev)}" />`);
  if (page.next) tags.push(`<link rel="next" href="${attr(page.next)}" />`);
  tags.push(`<meta property="og:type" content="${attr(page.ogType)}" />`);
  tags.push(`<meta property="og:title" content="${attr(page.title)}" />`);
  if (page.description) tags.push(`<meta property="og:description" content="${attr(page.description)}" />`);
  tags.push(`<meta property="og:url" content="${attr(page.canonical ?? `${origin}${pathname}`)}" />`);
  if (page.image) tags.push(`<meta property="og:image" content="${attr(page.image)}" />`);
  for (const ld of page.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(ld)}</script>`);
  return { head: tags.join(''), title: page.title, description: page.description };
}

/** index.html (already carrying the shop, services/indexInline.ts) with the page's title, meta tags and noscript content. */
export function applySeo(html: string, page: SeoPage, origin: string, pathname: string): string {
  if (!html.includes('</head>')) return html;
  const { head, title, description } = seoHead(page, origin, pathname);
  let out = html.replace(/<meta name="description" content="[^"]*" \/>/, '');
  // After the title, so the shop's own CSS stays the last thing of the head (it wins the cascade).
  const tags = `<title>${escapeHtml(title)}</title>${description ? `<meta name="description" content="${escapeHtml(description)}" />` : ''}${head}`;
  out = /<title>[^<]*<\/title>/.test(out) ? out.replace(/<title>[^<]*<\/title>/, () => tags) : out.replace('</head>', () => `${tags}</head>`);
  if (page.body) out = out.replace('<div id="root"></div>', () => `<div id="root"></div><noscript><main class="seo-page">${page.body}</main></noscript>`);
  return out;
}
