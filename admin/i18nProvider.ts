import polyglotI18nProvider from 'ra-i18n-polyglot';
import russian from 'ra-language-russian';
import english from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { LANGUAGES, RTL_LANGS, type Catalogue, type Lang } from '../i18n';
import commonRu from '../i18n/common/ru';
import commonEn from '../i18n/common/en';
import adminRu from '../i18n/admin/ru';

/**
 * The admin's texts in the shop's eight languages: react-admin's own messages (ra-language-* where a package
 * for react-admin 5 exists: English, French, Russian; the other languages' i18n/admin/<lang>.ts carry their
 * own `ra` texts), the texts both apps share (i18n/common/<lang>.ts) and the admin's (i18n/admin), merged
 * over English so a missing text never shows as a key.
 * Russian, the default, is in the main bundle; every other language's own texts (English's too: only
 * react-admin's and the shared English texts stay as the fallback) are a chunk loaded when chosen.
 * Our catalogues write placeholders as `{name}`; Polyglot reads `%{name}`, so they are converted here.
 */
export const ADMIN_LOCALES = LANGUAGES.map((l) => ({ locale: l.value, name: l.title }));
export type AdminLocale = Lang;
export const DEFAULT_LOCALE: AdminLocale = 'ru';
export const isAdminLocale = (v: unknown): v is AdminLocale => ADMIN_LOCALES.some((l) => l.locale === v);
export const isRtlLocale = (l: string) => (RTL_LANGS as readonly string[]).includes(l);

type Tree = { [key: string]: string | Tree };

/** `{name}` → `%{name}` (Polyglot's interpolation), leaving existing `%{...}` alone. */
export const toPolyglot = (text: string) => text.replace(/(^|[^%])\{(\w+)\}/g, '$1%{$2}');

function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : typeof v === 'object' ? merge(v) : v;
    }
  }
  return out;
}
const convert = (tree: Catalogue): Tree =>
  Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === 'string' ? toPolyglot(v) : convert(v)]));

const base = [english as unknown as Tree, convert(commonEn)];
const messagesOf = (...trees: Tree[]) => merge(...base, ...trees) as unknown as TranslationMessages;
const own = (load: () => Promise<{ default: Catalogue }>) => async () => convert((await load()).default);

/** Russian, ready at start (Polyglot needs the default language's messages at once). */
export const RUSSIAN: TranslationMessages = messagesOf(russian as unknown as Tree, convert(commonRu), convert(adminRu));

const loaders: Record<AdminLocale, () => Promise<TranslationMessages>> = {
  ru: async () => RUSSIAN,
  en: async () => messagesOf(await own(() => import('../i18n/admin/en'))()),
  fr: async () => {
    const [fr, common, texts] = await Promise.all([import('ra-language-french'), own(() => import('../i18n/common/fr'))(), own(() => import('../i18n/admin/fr'))()]);
    return messagesOf(fr.default as unknown as Tree, common, texts);
  },
  zh: async () => messagesOf(...(await Promise.all([own(() => import('../i18n/common/zh'))(), own(() => import('../i18n/admin/zh'))()]))),
  es: async () => messagesOf(...(await Promise.all([own(() => import('../i18n/common/es'))(), own(() => import('../i18n/admin/es'))()]))),
  ar: async () => messagesOf(...(await Promise.all([own(() => import('../i18n/common/ar'))(), own(() => import('../i18n/admin/ar'))()]))),
  pt: async () => messagesOf(...(await Promise.all([own(() => import('../i18n/common/pt'))(), own(() => import('../i18n/admin/pt'))()]))),
  de: async () => messagesOf(...(await Promise.all([own(() => import('../i18n/common/de'))(), own(() => import('../i18n/admin/de'))()]))),
};

/** Every message of a language (its chunk loads on first use). */
export const loadMessages = (locale: string): Promise<TranslationMessages> => loaders[isAdminLocale(locale) ? locale : DEFAULT_LOCALE]();

let current: AdminLocale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();
/** The language the admin shows now: sent as `lang` with every api= call. */
export const currentLocale = () => current;
/** Called after each change of language, once its texts are in (the app flips its theme to right-to-left for Arabic). */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const polyglot = polyglotI18nProvider((locale) => (locale === DEFAULT_LOCALE ? RUSSIAN : loadMessages(locale)), DEFAULT_LOCALE, ADMIN_LOCALES, { allowMissing: true });

export const i18nProvider = {
  ...polyglot,
  changeLocale: async (locale: string) => {
    await polyglot.changeLocale(locale);
    current = isAdminLocale(locale) ? locale : DEFAULT_LOCALE;
    if (typeof document !== 'undefined') {
      document.documentElement.lang = current;
      document.documentElement.dir = isRtlLocale(current) ? 'rtl' : 'ltr';
    }
    listeners.forEach((l) => l());
  },
};
