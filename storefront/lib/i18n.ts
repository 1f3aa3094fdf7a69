import { DEFAULT_LANG, RTL_LANGS, format, isLang, lookup, type Catalogue, type Lang } from '../../i18n';
import { lazy, type ComponentType } from 'react';
import { readString, writeString } from './storage';

/**
 * The storefront's texts: i18n/common/<lang>.ts (shared with the admin) merged with
 * i18n/storefront/<lang>.ts, and the later pages' texts (pages/<lang>.ts) when such a page opens. Only the
 * chosen language is loaded (chunks of its own). Every catalogue is complete in all eight languages
 * (i18n/storefront/catalogues.test.ts, admin/i18nProvider.test.ts).
 * Changing the language stores it and reloads the page (the seed's behaviour), so texts never change
 * under a mounted component.
 */
type Loader = () => Promise<{ default: Catalogue }>;
const commonLoaders = import.meta.glob<{ default: Catalogue }>(['../../i18n/common/*.ts', '!../../i18n/common/*.test.ts']);
const storefrontLoaders = import.meta.glob<{ default: Catalogue }>(['../../i18n/storefront/*.ts', '!../../i18n/storefront/*.test.ts']);
/** The later pages' texts (item properties, filters, checkout, map, payment): fetched with those pages. */
const pageLoaders = import.meta.glob<{ default: Catalogue }>('../../i18n/storefront/pages/*.ts');

const loaderOf = (loaders: Record<string, Loader>, dir: string, lang: string): Loader | undefined => loaders[`../../i18n/${dir}/${lang}.ts`];

export function deepMerge(base: Catalogue, over: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? deepMerge(b, v) : v;
  }
  return out;
}

const LANG_KEY = 'lang';
let lang: Lang = DEFAULT_LANG;
let catalogue: Catalogue = {};
/** The later pages' texts once loaded: kept apart, so that loadTexts finishing after them does not drop them. */
let pageCatalogue: Catalogue = {};

/** The stored language, else the default (ru). */
export function storedLang(): Lang {
  const v = readString(LANG_KEY);
  return isLang(v) ? v : DEFAULT_LANG;
}

export const getLang = () => lang;
export const isRtl = (l: Lang = lang) => RTL_LANGS.includes(l);

/** Loads the texts of a language (before the first render). */
export async function loadTexts(l: Lang = storedLang()): Promise<void> {
  const common = loaderOf(commonLoaders, 'common', l) ?? loaderOf(commonLoaders, 'common', 'en');
  const own = loaderOf(storefrontLoaders, 'storefront', l) ?? loaderOf(storefrontLoaders, 'storefront', DEFAULT_LANG);
  const [c, s] = await Promise.all([common ? common() : { default: {} }, own ? own() : { default: {} }]);
  lang = l;
  catalogue = deepMerge(pageCatalogue, deepMerge(c.default, s.default));
  if (typeof document !== 'undefined') {
    document.documentElement.lang = l;
    document.documentElement.dir = isRtl(l) ? 'rtl' : 'ltr';
  }
}

let pageTexts: Promise<void> | null = null;

/**
 * Adds the later pages' texts of a language, the current one unless told (once; later calls share it). The
 * lazy pages wait for it (`lazyPage`); a failed fetch is tried again by the next page. Hydration loads them
 * together with the first screen's texts, so either may finish first.
 */
export function loadPageTexts(l: Lang = lang): Promise<void> {
  pageTexts ??= (async () => {
    const loader = pageLoaders[`../../i18n/storefront/pages/${l}.ts`] ?? pageLoaders[`../../i18n/storefront/pages/${DEFAULT_LANG}.ts`];
    if (!loader) return;
    pageCatalogue = (await loader()).default;
    catalogue = deepMerge(pageCatalogue, catalogue);
  })().catch((e) => {
    pageTexts = null;
    throw e;
  });
  return pageTexts;
}

/** React.lazy for a page loaded after the first screen: its module and the later pages' texts together. */
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([factory(), loadPageTexts()]).then(([m]) => m));
}

/**
 * Every text of a language (the first screen's and the later pages'), without changing the current ones:
 * the server renders pages in several languages (entry-server.tsx) and sets them with setTexts per page.
 */
export async function textsOf(l: Lang): Promise<Catalogue> {
  const common = loaderOf(commonLoaders, 'common', l) ?? loaderOf(commonLoaders, 'common', 'en');
  const own = loaderOf(storefrontLoaders, 'storefront', l) ?? loaderOf(storefrontLoaders, 'storefront', DEFAULT_LANG);
  const pages = pageLoaders[`../../i18n/storefront/pages/${l}.ts`] ?? pageLoaders[`../../i18n/storefront/pages/${DEFAULT_LANG}.ts`];
  const [c, s, p] = await Promise.all([common ? common() : { default: {} }, own ? own() : { default: {} }, pages ? pages() : { default: {} }]);
  return deepMerge(p.default, deepMerge(c.default, s.default));
}

/** For tests: use a catalogue directly. */
export function setTexts(l: Lang, c: Catalogue) {
  lang = l;
  catalogue = c;
  pageCatalogue = {};
}

export type TFunction = (key: string, vars?: Record<string, string | number>) => string;

/** The text of a dotted key, `{name}` placeholders filled; the key itself when missing (visible, never blank). */
export const t: TFunction = (key, vars) => format(lookup(catalogue, key) ?? key, vars);

/** Whether a key exists (for optional texts such as property labels). */
export const hasText = (key: string) => lookup(catalogue, key) !== undefined;

/** The translation hook. Texts change only by a page reload, so this is a plain function. */
export const useT = (): TFunction => t;

/** Stores the language and reloads the page. */
export function changeLang(l: Lang) {
  writeString(LANG_KEY, l);
  if (typeof location !== 'undefined') location.reload();
}

/** One PluralRules per language, made on first use rather than on every plural text. */
const pluralRules = new Map<Lang, Intl.PluralRules>();

/**
 * Plural category of a number for this language ('one' | 'few' | 'many' | 'other'), so catalogues can say
 * 'N дня' / 'N дней'.
 */
export function pluralOf(n: number, l: Lang = lang): Intl.LDMLPluralRule {
  try {
    let rules = pluralRules.get(l);
    if (!rules) pluralRules.set(l, (rules = new Intl.PluralRules(l)));
    return rules.select(n);
  } catch {
    return n === 1 ? 'one' : 'other';
  }
}

/** A plural text: `key.one|few|many|other` with {n}. */
export function tPlural(key: string, n: number, vars: Record<string, string | number> = {}): string {
  const form = pluralOf(n);
  const k = hasText(`${key}.${form}`) ? `${key}.${form}` : `${key}.other`;
  return t(k, { n, ...vars });
}
