import polyglotI18nProvider from 'ra-i18n-polyglot';
import russian from 'ra-language-russian';
import english from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import type { Catalogue } from '../i18n';
import commonRu from '../i18n/common/ru';
import commonEn from '../i18n/common/en';
import adminRu from '../i18n/admin/ru';
import adminEn from '../i18n/admin/en';

/**
 * The admin's texts: react-admin's own messages (ra-language-*), the texts both apps share (i18n/common) and
 * the admin's (i18n/admin), merged per language. Our catalogues write placeholders as `{name}`; Polyglot
 * reads `%{name}`, so they are converted here. Russian is the default.
 */
export const ADMIN_LOCALES = [
  { locale: 'ru', name: 'Русский' },
  { locale: 'en', name: 'English' },
] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number]['locale'];
export const DEFAULT_LOCALE: AdminLocale = 'ru';

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

export const MESSAGES: Record<AdminLocale, TranslationMessages> = {
  ru: merge(russian as unknown as Tree, convert(commonRu), convert(adminRu)) as unknown as TranslationMessages,
  en: merge(english as unknown as Tree, convert(commonEn), convert(adminEn)) as unknown as TranslationMessages,
};

let current: AdminLocale = DEFAULT_LOCALE;
/** The language the admin shows now: sent as `lang` with every api= call. */
export const currentLocale = () => current;

const polyglot = polyglotI18nProvider((locale) => MESSAGES[(locale as AdminLocale) in MESSAGES ? (locale as AdminLocale) : DEFAULT_LOCALE], DEFAULT_LOCALE, [...ADMIN_LOCALES], { allowMissing: true });

export const i18nProvider = {
  ...polyglot,
  changeLocale: async (locale: string) => {
    await polyglot.changeLocale(locale);
    current = (locale as AdminLocale) in MESSAGES ? (locale as AdminLocale) : DEFAULT_LOCALE;
    if (typeof document !== 'undefined') document.documentElement.lang = current;
  },
};
